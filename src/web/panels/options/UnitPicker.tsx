import { Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { UNIT_CATEGORIES, unitLabel } from './units';

/** Grafana's custom unit forms: `suffix:rps`, `prefix:$`, `si:g`, `count:req`, `currency:CHF`, `time:HH:mm`, `bool:up/down`. */
const CUSTOM_UNIT = /^(prefix|suffix|si|count|currency|time|bool):.+/;

/** Grafana's unit picker: searchable, grouped by category; custom units can be typed in. */
export function UnitPicker(props: { label: string; value: string | undefined; onChange(unit: string | undefined): void }) {
  const [search, setSearch] = useState('');
  const data = useMemo(() => {
    const groups = UNIT_CATEGORIES.map((c) => ({ group: c.name, items: c.units.map((x) => ({ value: x.id, label: x.name })) }));
    const typed = search.trim();
    const extra = [typed, props.value].filter(
      (v, i, all): v is string => !!v && all.indexOf(v) === i && CUSTOM_UNIT.test(v) && unitLabel(v) === v,
    );
    return extra.length ? [{ group: 'Custom', items: extra.map((v) => ({ value: v, label: v })) }, ...groups] : groups;
  }, [search, props.value]);
  return (
    <Select
      label={props.label}
      placeholder="Choose"
      description="Search, or type a custom unit such as suffix:rps"
      searchable
      clearable
      data={data}
      value={props.value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(v) => props.onChange(v ?? undefined)}
      maxDropdownHeight={320}
      nothingFoundMessage="No unit found"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
