import {
  Input,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Slider,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useId } from 'react';
import classes from './OptionEditor.module.css';
import { REDUCER_NAMES } from '../reducers';
import { ColorPicker } from './ColorPicker';
import { FieldColorEditor } from './FieldColorEditor';
import { LinksEditor } from './LinksEditor';
import { MappingsEditor } from './MappingsEditor';
import { ThresholdsEditor } from './ThresholdsEditor';
import type { OptionChoice, OptionItem } from './types';
import { UnitPicker } from './UnitPicker';

export interface OptionEditorProps {
  item: OptionItem;
  value: unknown;
  /** `typing` marks a change made keystroke by keystroke, so the edits of one field are one undo step. */
  onChange(value: unknown, typing?: boolean): void;
  /** Names of the fields in the panel's data, for field pickers. */
  fieldNames: string[];
}

/** Mantine's pickers need a non-empty value; Grafana's "Numeric fields" is stored as ''. */
const EMPTY_CHOICE = '(empty)';

const REDUCER_CHOICES = Object.entries(REDUCER_NAMES).map(([value, label]) => ({ value, label }));

/** Choices keyed by position: Mantine's pickers take strings, options are strings, numbers, booleans or null. */
function indexOf(choices: OptionChoice[], value: unknown): string | null {
  const i = choices.findIndex((c) => c.value === value || (c.value === null && value === undefined));
  return i === -1 ? null : String(i);
}

function RadioEditor({ item, value, onChange }: OptionEditorProps) {
  const id = useId();
  const choices = item.settings?.choices ?? [];
  return (
    <Input.Wrapper label={item.name} description={item.description} labelElement="div" id={id}>
      <div>
        <SegmentedControl
          aria-labelledby={`${id}-label`}
          size="xs"
          data={choices.map((c, i) => ({ value: String(i), label: c.label }))}
          value={indexOf(choices, value) ?? ''}
          onChange={(i) => onChange(choices[Number(i)]?.value ?? undefined)}
        />
      </div>
    </Input.Wrapper>
  );
}

function SliderEditor({ item, value, onChange }: OptionEditorProps) {
  const { min = 0, max = 100, step = 1 } = item.settings ?? {};
  const current = typeof value === 'number' ? value : min;
  return (
    <Stack gap={4}>
      <NumberInput
        label={item.name}
        description={item.description}
        size="xs"
        min={min}
        max={max}
        step={step}
        value={typeof value === 'number' ? value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : undefined, true)}
      />
      <Slider
        thumbLabel={item.name}
        min={min}
        max={max}
        step={step}
        value={current}
        onChange={(v) => onChange(v, true)}
        size="sm"
        label={null}
      />
    </Stack>
  );
}

/** The editor of one option, by its kind. */
export function OptionEditor(props: OptionEditorProps) {
  const { item, value, onChange } = props;
  const settings = item.settings ?? {};
  const common = { label: item.name, description: item.description, size: 'xs' as const };
  switch (item.editor) {
    case 'text':
      return (
        <TextInput
          {...common}
          placeholder={settings.placeholder}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value || undefined, true)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          rows={3}
          classNames={{ input: classes.growing }}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value, true)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          placeholder={settings.placeholder}
          min={settings.min}
          max={settings.max}
          allowDecimal={!settings.integer}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : undefined, true)}
        />
      );
    case 'switch':
      return (
        <Switch
          label={item.name}
          description={item.description}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'radio':
      return <RadioEditor {...props} />;
    case 'select': {
      const choices = settings.choices ?? [];
      return (
        <Select
          {...common}
          data={choices.map((c, i) => ({ value: String(i), label: c.label }))}
          value={indexOf(choices, value)}
          onChange={(i) => onChange(i === null ? undefined : choices[Number(i)]?.value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    case 'multiselect': {
      const choices = settings.choices ?? [];
      const selected = Array.isArray(value) ? value : [];
      return (
        <MultiSelect
          {...common}
          data={choices.map((c) => ({ value: String(c.value), label: c.label }))}
          value={selected.map(String)}
          onChange={(v) => onChange(choices.filter((c) => v.includes(String(c.value))).map((c) => c.value))}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    case 'slider':
      return <SliderEditor {...props} />;
    case 'color':
      return <ColorPicker label={item.name} value={typeof value === 'string' ? value : undefined} onChange={onChange} />;
    case 'unit':
      return <UnitPicker label={item.name} value={typeof value === 'string' ? value : undefined} onChange={onChange} />;
    case 'reducer':
      return (
        <Select
          {...common}
          searchable
          data={REDUCER_CHOICES}
          value={Array.isArray(value) && typeof value[0] === 'string' ? value[0] : null}
          onChange={(v) => onChange(v ? [v] : [])}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'reducers':
      return (
        <MultiSelect
          {...common}
          searchable
          data={REDUCER_CHOICES}
          value={Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []}
          onChange={(v) => onChange(v)}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'fieldName': {
      const fixed = (settings.fieldChoices ?? []).map((c) => ({ value: String(c.value), label: c.label }));
      const names = props.fieldNames.filter((n) => !fixed.some((f) => f.value === n)).map((n) => ({ value: n, label: n }));
      const current = typeof value === 'string' ? value : '';
      const unknown =
        current && !fixed.some((f) => f.value === current) && !names.some((n) => n.value === current)
          ? [{ value: current, label: current }]
          : [];
      return (
        <Select
          {...common}
          searchable
          clearable={!fixed.length}
          placeholder={settings.placeholder}
          data={[...fixed, ...names, ...unknown].map((o) => ({ ...o, value: o.value === '' ? EMPTY_CHOICE : o.value }))}
          value={current === '' && fixed.some((f) => f.value === '') ? EMPTY_CHOICE : current || null}
          onChange={(v) => onChange(v === EMPTY_CHOICE ? '' : (v ?? undefined))}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    case 'stringArray':
      return (
        <TagsInput
          {...common}
          value={Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []}
          onChange={(v) => onChange(v)}
        />
      );
    case 'fieldColor':
      return <FieldColorEditor label={item.name} value={value} onChange={onChange} />;
    case 'thresholds':
      return <ThresholdsEditor value={value} onChange={onChange} />;
    case 'mappings':
      return <MappingsEditor value={value} onChange={onChange} />;
    case 'links':
      return <LinksEditor label={item.name} value={value} onChange={onChange} />;
  }
}
