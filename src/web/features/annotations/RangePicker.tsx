import { Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import classes from './Annotations.module.css';
import { formatTime, fromLocalInput, QUICK_RANGES, toLocalInput, type TimeRange } from './time';

/** Quick ranges (Last 1 h …) or a custom one; the range shown is always said with its dates. */
export function RangePicker({
  fromParam,
  toParam,
  range,
  onQuickRange,
  onCustomRange,
}: {
  fromParam: string | null;
  toParam: string | null;
  range: TimeRange;
  onQuickRange: (from: string) => void;
  onCustomRange: (range: TimeRange) => void;
}) {
  const [customOpen, setCustomOpen] = useState(false);
  const [customFrom, setCustomFrom] = useState('');
  const [customTo, setCustomTo] = useState('');
  const quick = QUICK_RANGES.find((q) => q.from === (fromParam ?? 'now-24h') && (toParam ?? 'now') === 'now');
  const openCustom = () => {
    setCustomFrom(toLocalInput(range.from));
    setCustomTo(toLocalInput(range.to));
    setCustomOpen(true);
  };
  const fromMs = fromLocalInput(customFrom);
  const toMs = fromLocalInput(customTo);
  const error = fromMs !== undefined && toMs !== undefined && toMs <= fromMs ? 'The end must be after the start' : undefined;

  return (
    <>
      <SegmentedControl
        aria-label="Time range"
        classNames={{ root: classes.wrapping }}
        data={[...QUICK_RANGES.map((q) => ({ value: q.from, label: q.label })), { value: 'custom', label: 'Custom' }]}
        value={customOpen || !quick ? 'custom' : quick.from}
        onChange={(value) => {
          if (value === 'custom') return openCustom();
          setCustomOpen(false);
          onQuickRange(value);
        }}
      />
      {!quick && !customOpen && (
        // "Custom" is already the selected segment here, so pressing it again does nothing: this button edits the range.
        <Group gap="xs">
          <Text size="sm" aria-live="polite">
            {formatTime(range.from)} – {formatTime(range.to)}
          </Text>
          <Button size="compact-sm" variant="default" onClick={openCustom}>
            Change range
          </Button>
        </Group>
      )}
      {customOpen && (
        <Group gap="sm" align="flex-end" w="100%">
          <DateTimeInput label="From" value={customFrom} onChange={setCustomFrom} />
          <DateTimeInput label="To" value={customTo} onChange={setCustomTo} error={error} />
          <Button
            variant="default"
            disabled={fromMs === undefined || toMs === undefined || Boolean(error)}
            onClick={() => {
              setCustomOpen(false);
              onCustomRange({ from: fromMs!, to: toMs! });
            }}
          >
            Apply range
          </Button>
        </Group>
      )}
    </>
  );
}

/** A date and time to the second in the browser's zone, kept as the input's own `datetime-local` text. */
function DateTimeInput({ onChange, ...props }: { label: string; value: string; error?: string; onChange: (value: string) => void }) {
  return <TextInput type="datetime-local" step={1} {...props} onChange={(e) => onChange(e.currentTarget.value)} />;
}
