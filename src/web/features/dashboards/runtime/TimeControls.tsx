import { ActionIcon, Button, Group, Popover, SimpleGrid, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconClock, IconZoomOut } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { describeRange, formatDateTime, isValidTimeExpression, parseTime, QUICK_RANGES, shiftRange, zoomOut } from './time';
import { RefreshPicker } from './RefreshPicker';
import type { RawTimeRange, ResolvedTimeRange } from './types';

function RangeForm({ raw, timeZone, onApply }: { raw: RawTimeRange; timeZone: string; onApply(range: RawTimeRange): void }) {
  const show = (text: string) => (/^\d+$/.test(text) ? formatDateTime(Number(text), timeZone) : text);
  const [from, setFrom] = useState(show(raw.from));
  const [to, setTo] = useState(show(raw.to));
  // The instant the form opened: relative times are checked against it.
  const [now] = useState(() => Date.now());
  const fromMs = parseTime(from, false, now, timeZone);
  const toMs = parseTime(to, true, now, timeZone);
  const fromError = from.trim() && !isValidTimeExpression(from) ? 'Not a time: use now-6h or 2026-11-23 10:00:00' : undefined;
  const toError = to.trim() && !isValidTimeExpression(to) ? 'Not a time: use now or 2026-11-23 12:00:00' : undefined;
  const order = fromMs !== undefined && toMs !== undefined && fromMs >= toMs ? '“From” must be before “To”' : undefined;
  // Typed dates become epoch ms in the URL; relative times stay relative, as Grafana keeps them.
  const asUrl = (text: string, ms: number | undefined) => (text.trim().startsWith('now') ? text.trim() : String(ms));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fromError || toError || order || fromMs === undefined || toMs === undefined) return;
    onApply({ from: asUrl(from, fromMs), to: asUrl(to, toMs) });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Absolute time range
        </Text>
        <TextInput label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={fromError} />
        <TextInput label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} error={toError ?? order} />
        <Button type="submit" size="xs" disabled={Boolean(fromError || toError || order) || !from.trim() || !to.trim()}>
          Apply time range
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Grafana's time picker and refresh picker: quick ranges, absolute from/to, zoom out, shift back
 * and forward, refresh now and auto refresh. Every choice goes to the URL (the caller's setters).
 */
export function TimeControls({
  raw,
  range,
  timeZone,
  refresh,
  refreshing,
  onRangeChange,
  onRefreshChange,
  onRefreshNow,
}: {
  raw: RawTimeRange;
  range: ResolvedTimeRange;
  timeZone: string;
  refresh: string;
  refreshing: boolean;
  onRangeChange(range: RawTimeRange): void;
  onRefreshChange(refresh: string): void;
  onRefreshNow(): void;
}) {
  const [open, setOpen] = useState(false);
  const description = describeRange(raw, timeZone);
  const pick = (next: RawTimeRange) => {
    setOpen(false);
    onRangeChange(next);
  };
  return (
    // One line on a wide screen; on a phone it wraps rather than running off the screen.
    <Group gap={4} wrap="wrap" role="group" aria-label="Time controls" style={{ rowGap: 6 }}>
      <Tooltip label="Move time range backward">
        <ActionIcon
          variant="default"
          size="input-xs"
          aria-label="Move time range backward"
          onClick={() => onRangeChange(shiftRange(range, -1, Date.now()))}
        >
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Popover opened={open} onChange={setOpen} position="bottom-end" shadow="md" width={560} trapFocus>
        <Popover.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconClock size={16} aria-hidden />}
            onClick={() => setOpen((o) => !o)}
            aria-label={`Time range: ${description}`}
          >
            {description}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <SimpleGrid cols={2} spacing="md">
            <RangeForm key={`${raw.from}|${raw.to}|${String(open)}`} raw={raw} timeZone={timeZone} onApply={pick} />
            <Stack gap={2} role="group" aria-label="Quick ranges" mah={320} style={{ overflowY: 'auto' }}>
              {QUICK_RANGES.map((quick) => {
                const current = quick.from === raw.from && quick.to === raw.to;
                return (
                  <UnstyledButton
                    key={quick.display}
                    onClick={() => pick({ from: quick.from, to: quick.to })}
                    aria-pressed={current}
                    px={6}
                    py={3}
                    style={{ borderRadius: 4, fontWeight: current ? 700 : undefined }}
                    className="quick-range"
                  >
                    <Text size="sm">{quick.display}</Text>
                  </UnstyledButton>
                );
              })}
            </Stack>
          </SimpleGrid>
        </Popover.Dropdown>
      </Popover>
      <Tooltip label="Move time range forward">
        <ActionIcon
          variant="default"
          size="input-xs"
          aria-label="Move time range forward"
          onClick={() => onRangeChange(shiftRange(range, 1, Date.now()))}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Zoom out time range">
        <ActionIcon
          variant="default"
          size="input-xs"
          aria-label="Zoom out time range"
          onClick={() => onRangeChange(zoomOut(range, Date.now()))}
        >
          <IconZoomOut size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <RefreshPicker refresh={refresh} refreshing={refreshing} onRefreshChange={onRefreshChange} onRefreshNow={onRefreshNow} />
    </Group>
  );
}
