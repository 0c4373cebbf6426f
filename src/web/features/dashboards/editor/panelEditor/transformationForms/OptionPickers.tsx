import { MultiSelect, Select, type ComboboxData } from '@mantine/core';

/** One of a fixed set of choices; it cannot be cleared, as the option always has a value. */
export function OptionSelect({
  label,
  data,
  value,
  onChange,
  w,
  searchable,
}: {
  label: string;
  data: ComboboxData;
  value: string;
  onChange(value: string | null): void;
  w: number;
  searchable?: boolean;
}) {
  return (
    <Select label={label} size="xs" data={data} value={value} allowDeselect={false} searchable={searchable} onChange={onChange} w={w} />
  );
}

/** Any number of choices (fields, calculations), found by typing. */
export function OptionMultiSelect({
  label,
  data,
  value,
  onChange,
  w,
}: {
  label: string;
  data: ComboboxData;
  value: string[];
  onChange(values: string[]): void;
  w: number;
}) {
  return <MultiSelect label={label} size="xs" data={data} value={value} onChange={onChange} searchable w={w} />;
}
