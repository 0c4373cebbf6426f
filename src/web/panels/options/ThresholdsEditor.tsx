import { ActionIcon, Button, Group, Input, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { DEFAULT_THRESHOLDS, type Threshold, type ThresholdsConfig } from '../fieldDisplay';
import { ColorPicker } from './ColorPicker';
import { isObject } from './paths';

/** The colours Grafana gives new steps, in turn. */
const NEXT_COLORS = ['red', '#EAB839', '#6ED0E0', '#EF843C', '#E24D42', '#1F78C1', '#BA43A9', '#705DA0'];

function thresholdsOf(value: unknown): ThresholdsConfig {
  if (!isObject(value) || !Array.isArray(value.steps)) return DEFAULT_THRESHOLDS;
  return { mode: value.mode === 'percentage' ? 'percentage' : 'absolute', steps: value.steps as Threshold[] };
}

/** The base step first, stored with `value: null` as Grafana does; the others in their order. */
function baseFirst(steps: Threshold[]): Threshold[] {
  const base = steps.find((s) => s.value === null) ?? { value: null, color: 'green' };
  const rest = steps.filter((s) => s !== base && s.value !== null);
  return [{ color: base.color, value: null }, ...rest.map((s) => ({ color: s.color, value: s.value }))];
}

/** Steps as Grafana stores them: ascending, the base first. */
function sorted(steps: Threshold[]): Threshold[] {
  const [base, ...rest] = baseFirst(steps);
  return [base!, ...rest.sort((a, b) => (a.value as number) - (b.value as number))];
}

/**
 * Grafana's thresholds editor: highest step on top, the base at the bottom, a colour per step;
 * absolute values or percentages of the field's min–max.
 */
export function ThresholdsEditor(props: { value: unknown; onChange(value: unknown, typing?: boolean): void }) {
  const id = useId();
  const config = thresholdsOf(props.value);
  const steps = baseFirst(config.steps);
  const write = (next: Threshold[]) => props.onChange({ mode: config.mode, steps: sorted(next) });
  const add = () => {
    const last = sorted(steps)[steps.length - 1]!;
    const value = last.value === null ? 10 : last.value + 10;
    write([...steps, { color: NEXT_COLORS[(steps.length - 1) % NEXT_COLORS.length]!, value }]);
  };
  const percent = config.mode === 'percentage';
  return (
    <Stack gap="xs">
      <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={add}>
        Add threshold
      </Button>
      {[...steps].reverse().map((step) => {
        const index = steps.indexOf(step);
        const name = step.value === null ? 'Base' : `Threshold ${index}`;
        return (
          <Group key={index} gap={6} wrap="nowrap" align="flex-end">
            <ColorPicker
              hideLabel
              label={`${name} color`}
              value={step.color}
              onChange={(color) => write(steps.map((s, i) => (i === index ? { ...s, color } : s)))}
            />
            {step.value === null ? (
              <Text size="sm" px="xs">
                Base
              </Text>
            ) : (
              <NumberInput
                size="xs"
                label={name}
                suffix={percent ? '%' : undefined}
                value={step.value}
                // Kept in place while typing; sorted when the field is left, as Grafana does.
                onBlur={() => JSON.stringify(sorted(steps)) !== JSON.stringify(steps) && write(steps)}
                onChange={(v) =>
                  typeof v === 'number' &&
                  props.onChange({ mode: config.mode, steps: steps.map((s, i) => (i === index ? { ...s, value: v } : s)) }, true)
                }
                style={{ flex: 1 }}
              />
            )}
            {step.value !== null && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${name.toLowerCase()}`}
                onClick={() => write(steps.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      <Input.Wrapper label="Thresholds mode" description="Percentage means thresholds relative to min & max" labelElement="div" id={id}>
        <div>
          <SegmentedControl
            aria-labelledby={`${id}-label`}
            size="xs"
            data={[
              { value: 'absolute', label: 'Absolute' },
              { value: 'percentage', label: 'Percentage' },
            ]}
            value={config.mode ?? 'absolute'}
            onChange={(mode) => props.onChange({ mode, steps })}
          />
        </div>
      </Input.Wrapper>
    </Stack>
  );
}
