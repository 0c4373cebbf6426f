import { Input, SegmentedControl, Select, Stack } from '@mantine/core';
import { useId } from 'react';
import { ColorPicker } from './ColorPicker';
import { isObject } from './paths';
import { COLOR_MODES } from './standardOptions';

const SERIES_BY = [
  { value: 'last', label: 'Last' },
  { value: 'min', label: 'Min' },
  { value: 'max', label: 'Max' },
];

/** `fieldConfig.defaults.color`: Grafana's colour scheme picker, with the fixed colour and "Color series by" where they apply. */
export function FieldColorEditor(props: { label: string; value: unknown; onChange(value: unknown): void }) {
  const id = useId();
  const color = isObject(props.value) ? props.value : {};
  const mode = typeof color.mode === 'string' ? color.mode : 'thresholds';
  const byValue = mode === 'thresholds' || mode.startsWith('continuous');
  return (
    <Stack gap="xs">
      <Select
        label={props.label}
        size="xs"
        data={COLOR_MODES}
        value={mode}
        allowDeselect={false}
        onChange={(next) => {
          if (!next) return;
          const fixed = next === 'fixed' || next === 'shades';
          props.onChange({
            mode: next,
            ...(fixed ? { fixedColor: typeof color.fixedColor === 'string' ? color.fixedColor : 'green' } : {}),
            ...(color.seriesBy && !fixed ? { seriesBy: color.seriesBy } : {}),
          });
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {(mode === 'fixed' || mode === 'shades') && (
        <ColorPicker
          label="Color"
          value={typeof color.fixedColor === 'string' ? color.fixedColor : undefined}
          onChange={(fixedColor) => props.onChange({ ...color, mode, fixedColor })}
        />
      )}
      {byValue && (
        <Input.Wrapper label="Color series by" labelElement="div" id={id}>
          <div>
            <SegmentedControl
              aria-labelledby={`${id}-label`}
              size="xs"
              data={SERIES_BY}
              value={typeof color.seriesBy === 'string' ? color.seriesBy : 'last'}
              onChange={(seriesBy) => props.onChange({ ...color, mode, seriesBy })}
            />
          </div>
        </Input.Wrapper>
      )}
    </Stack>
  );
}
