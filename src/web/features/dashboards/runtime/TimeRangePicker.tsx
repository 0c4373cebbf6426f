import { Button, Divider, Group, NativeSelect, Popover, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { MonthCalendar } from './MonthCalendar';
import { readRecentRanges, rememberRange } from './recentRanges';
import type { WeekStart } from './timePickerSettings';
import { isValidTimeExpression, parseTime, QUICK_RANGES } from './time';
import type { RawTimeRange } from './types';
import { browserTimeZone, dayKey, formatZoned, parseZoned, timeZoneName, wallClock } from './zonedTime';

export interface TimeRangePickerProps {
  raw: RawTimeRange;
  /** The zone times are shown and typed in: `browser`, `utc` or an IANA name. */
  timeZone: string;
  /** The dashboard's own `timezone`, offered beside the browser's and UTC. */
  savedTimeZone?: string;
  onChange(range: RawTimeRange): void;
  /** Absent: the zone is shown but cannot be changed here. */
  onTimeZoneChange?(timeZone: string): void;
  /** The calendar's first day (the dashboard's `weekStart`). */
  weekStart?: WeekStart;
}

const isEpoch = (text: string) => /^\d+$/.test(text);

/** A side of a range as the picker shows it: epoch ms as the zone's clock, relative times as typed. */
function showSide(text: string, timeZone: string): string {
  return isEpoch(text) ? formatZoned(Number(text), timeZone) : text;
}

/** What the picker's button says: the quick range's name, or both ends. */
export function describePickedRange(raw: RawTimeRange, timeZone: string): string {
  const quick = QUICK_RANGES.find((q) => q.from === raw.from && q.to === raw.to);
  return quick ? quick.display : `${showSide(raw.from, timeZone)} to ${showSide(raw.to, timeZone)}`;
}

/** A typed time in the zone: a date in the picker's format, or anything Grafana takes (`now-6h`, epoch ms, ISO). */
function readTyped(text: string, roundUp: boolean, now: number, timeZone: string): number | undefined {
  return parseZoned(text, timeZone) ?? (isValidTimeExpression(text) ? parseTime(text, roundUp, now, timeZone) : undefined);
}

function todayKey(timeZone: string): string {
  const c = wallClock(Date.now(), timeZone);
  return dayKey(c.year, c.month, c.day);
}

/** The calendar day (`YYYY-MM-DD`) a typed side falls on, if it is a date. */
function dayOf(text: string, timeZone: string): string | undefined {
  const ms = parseZoned(text, timeZone);
  if (ms === undefined) return undefined;
  const c = wallClock(ms, timeZone);
  return dayKey(c.year, c.month, c.day);
}

function RangeForm({
  raw,
  timeZone,
  weekStart,
  onApply,
}: {
  raw: RawTimeRange;
  timeZone: string;
  weekStart?: WeekStart;
  onApply(range: RawTimeRange): void;
}) {
  const [from, setFrom] = useState(showSide(raw.from, timeZone));
  const [to, setTo] = useState(showSide(raw.to, timeZone));
  // Grafana's calendar picks a range in two clicks: the first day, then the last.
  const [awaitingEnd, setAwaitingEnd] = useState(false);
  // The instant the form opened: relative times are checked against it.
  const [now] = useState(() => Date.now());
  const fromMs = readTyped(from, false, now, timeZone);
  const toMs = readTyped(to, true, now, timeZone);
  const fromError = from.trim() && fromMs === undefined ? 'Not a time: use now-6h or 2026-11-23 10:00:00' : undefined;
  const toError = to.trim() && toMs === undefined ? 'Not a time: use now or 2026-11-23 12:00:00' : undefined;
  const order = fromMs !== undefined && toMs !== undefined && fromMs >= toMs ? '“From” must be before “To”' : undefined;
  // Dates become epoch ms in the URL; relative times stay relative, as Grafana keeps them.
  const asUrl = (text: string, ms: number | undefined) => (text.trim().startsWith('now') ? text.trim() : String(ms));

  const pickDay = (day: string) => {
    const startDay = dayOf(from, timeZone);
    if (!awaitingEnd || !startDay) {
      setFrom(`${day} 00:00:00`);
      setTo(`${day} 23:59:59`);
      setAwaitingEnd(true);
      return;
    }
    const [first, last] = day < startDay ? [day, startDay] : [startDay, day];
    setFrom(`${first} 00:00:00`);
    setTo(`${last} 23:59:59`);
    setAwaitingEnd(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fromError || toError || order || fromMs === undefined || toMs === undefined) return;
    onApply({ from: asUrl(from, fromMs), to: asUrl(to, toMs) });
  };
  return (
    <form onSubmit={submit} aria-label="Absolute time range">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Absolute time range
        </Text>
        <TextInput label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={fromError} size="xs" />
        <TextInput label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} error={toError ?? order} size="xs" />
        <Text size="xs" c="dimmed">
          {awaitingEnd ? 'Now pick the last day, or apply this one day.' : 'Pick the first day, then the last.'}
        </Text>
        <MonthCalendar
          start={dayOf(from, timeZone)}
          end={awaitingEnd ? undefined : dayOf(to, timeZone)}
          today={todayKey(timeZone)}
          weekStart={weekStart}
          onPick={pickDay}
        />
        <Button type="submit" size="xs" disabled={Boolean(fromError || toError || order) || !from.trim() || !to.trim()}>
          Apply time range
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Grafana's time range picker: a button saying the range (and the zone when it is not the
 * browser's), opening absolute From/To with a calendar, recently used absolute ranges, the quick
 * ranges with the current one marked, and the time zone.
 */
export function TimeRangePicker({ raw, timeZone, savedTimeZone, onChange, onTimeZoneChange, weekStart }: TimeRangePickerProps) {
  const [open, setOpen] = useState(false);
  const [recent, setRecent] = useState(readRecentRanges);
  const description = describePickedRange(raw, timeZone);
  const zoneShown = timeZone !== 'browser' && timeZone !== '';
  const pick = (next: RawTimeRange) => {
    setOpen(false);
    setRecent(rememberRange(next));
    onChange(next);
  };
  const zones = [
    { value: 'browser', label: `Browser time (${browserTimeZone()})` },
    { value: 'utc', label: 'Coordinated Universal Time (UTC)' },
    ...[savedTimeZone, timeZone]
      .filter((zone): zone is string => Boolean(zone) && zone !== 'browser' && zone !== 'utc')
      .filter((zone, index, all) => all.indexOf(zone) === index)
      .map((zone) => ({ value: zone, label: zone === savedTimeZone ? `${zone} (dashboard)` : zone })),
  ];

  return (
    <Popover opened={open} onChange={setOpen} position="bottom-end" shadow="md" width={580} trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconClock size={16} aria-hidden />}
          onClick={() => setOpen((o) => !o)}
          // The visible text is part of the name, as axe's label-content-name-mismatch asks.
          aria-label={`Time range: ${description}${zoneShown ? ` ${timeZoneName(timeZone)}` : ''}`}
        >
          {description}
          {zoneShown && (
            <Text span size="xs" fw={600} c="dimmed" ml={6}>
              {' '}
              {timeZoneName(timeZone)}
            </Text>
          )}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <RangeForm
            key={`${raw.from}|${raw.to}|${timeZone}|${String(open)}`}
            raw={raw}
            timeZone={timeZone}
            weekStart={weekStart}
            onApply={pick}
          />
          <Stack gap="xs">
            {recent.length > 0 && (
              <Stack gap={2} role="group" aria-label="Recently used absolute ranges">
                <Text fw={600} size="sm">
                  Recently used absolute ranges
                </Text>
                {recent.map((range) => (
                  <UnstyledButton
                    key={`${range.from}-${range.to}`}
                    onClick={() => pick(range)}
                    px={6}
                    py={3}
                    className="quick-range"
                    aria-current={range.from === raw.from && range.to === raw.to ? 'true' : undefined}
                  >
                    <Text size="sm">{describePickedRange(range, timeZone)}</Text>
                  </UnstyledButton>
                ))}
                <Divider my={4} />
              </Stack>
            )}
            <Stack gap={2} role="group" aria-label="Quick ranges" mah={recent.length ? 220 : 340} style={{ overflowY: 'auto' }}>
              {QUICK_RANGES.map((quick) => {
                const current = quick.from === raw.from && quick.to === raw.to;
                return (
                  <UnstyledButton
                    key={quick.display}
                    onClick={() => pick({ from: quick.from, to: quick.to })}
                    aria-current={current ? 'true' : undefined}
                    px={6}
                    py={3}
                    className="quick-range"
                    style={{
                      borderRadius: 4,
                      fontWeight: current ? 700 : undefined,
                      background: current ? 'var(--mantine-primary-color-light)' : undefined,
                      borderLeft: `3px solid ${current ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
                    }}
                  >
                    <Text size="sm">{quick.display}</Text>
                  </UnstyledButton>
                );
              })}
            </Stack>
          </Stack>
        </SimpleGrid>
        <Divider my="sm" />
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          {onTimeZoneChange ? (
            <NativeSelect
              label="Time zone"
              size="xs"
              data={zones}
              value={timeZone || 'browser'}
              onChange={(event) => onTimeZoneChange(event.currentTarget.value)}
              w={300}
            />
          ) : (
            <Text size="sm">Time zone: {timeZoneName(timeZone)}</Text>
          )}
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
