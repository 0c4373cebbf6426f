import { Group, Loader, MultiSelect, Select, TextInput } from '@mantine/core';
import { memo, useState, type ReactNode } from 'react';
import { PickersBuiltWhenOpened } from '../../../components/PickersBuiltWhenOpened';
import type { VariableState } from './types';
import classes from './VariablesBar.module.css';

/**
 * The dashboard's variables above its panels, one labelled control each (`hide: 1` keeps the name
 * for assistive technology only; `hide: 2` and constants show nothing). A failed option load says
 * why under its control.
 */
export const VariablesBar = memo(function VariablesBar({
  variables,
  setValue,
}: {
  variables: readonly VariableState[];
  setValue: (name: string, values: string[]) => void;
}) {
  const shown = variables.filter((v) => v.hide !== 2 && v.type !== 'constant');
  if (shown.length === 0) return null;
  // A query variable may offer thousands of values: each picker builds them when opened.
  return (
    <PickersBuiltWhenOpened>
      <Group component="section" aria-label="Variables" align="flex-start" gap={8} wrap="wrap" style={{ minWidth: 0, maxWidth: '100%' }}>
        {shown.map((variable) => (
          <VariableControl key={variable.name} variable={variable} setValue={setValue} />
        ))}
      </Group>
    </PickersBuiltWhenOpened>
  );
});

function VariableControl({ variable, setValue }: { variable: VariableState; setValue: (name: string, values: string[]) => void }) {
  const visibleLabel = variable.hide !== 1;
  const labelled = visibleLabel ? { label: variable.label } : { 'aria-label': variable.label };
  const error: ReactNode = variable.error ? <span role="alert">{variable.error}</span> : undefined;
  const loader = variable.loading ? <Loader size="xs" role="status" aria-label={`Loading ${variable.label}`} /> : undefined;
  // The name sits in a box joined to the left of the input, as Grafana draws it: one row of 30 px.
  const classNames = {
    root: classes.root,
    label: classes.label,
    wrapper: classes.wrapper,
    input: visibleLabel ? classes.joinedInput : undefined,
    error: classes.error,
  };
  const common = { ...labelled, error, size: 'xs' as const, classNames };

  if (variable.type === 'textbox') {
    // Keyed by the value: a new value from the URL (Back) replaces what is being typed.
    return <TextboxControl key={variable.value[0] ?? ''} variable={variable} setValue={setValue} common={common} />;
  }

  const data = optionData(variable);
  if (variable.multi) {
    return (
      <MultiSelect
        {...common}
        data={data}
        value={variable.value}
        onChange={(next) => setValue(variable.name, next)}
        rightSection={loader}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  return (
    <Select
      {...common}
      data={data}
      value={variable.value[0] ?? null}
      onChange={(next) => {
        if (next !== null) setValue(variable.name, [next]);
      }}
      rightSection={loader}
      allowDeselect={false}
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Options once each, plus the selected values a loading variable does not offer yet (so they still show). */
function optionData(variable: VariableState): Array<{ value: string; label: string }> {
  const seen = new Set<string>();
  const data: Array<{ value: string; label: string }> = [];
  const add = (value: string, label: string) => {
    if (seen.has(value)) return;
    seen.add(value);
    data.push({ value, label });
  };
  for (const option of variable.options) add(option.value, option.text);
  variable.value.forEach((value, i) => add(value, variable.text[i] ?? value));
  return data;
}

function TextboxControl({
  variable,
  setValue,
  common,
}: {
  variable: VariableState;
  setValue: (name: string, values: string[]) => void;
  common: Record<string, unknown>;
}) {
  const saved = variable.value[0] ?? '';
  const [text, setText] = useState(saved);
  // Each keystroke would re-run every panel; the value counts once typing is done.
  const commit = () => {
    if (text !== saved) setValue(variable.name, [text]);
  };
  return (
    <TextInput
      {...common}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
