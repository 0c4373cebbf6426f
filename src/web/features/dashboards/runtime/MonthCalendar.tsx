import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { WeekStart } from './timePickerSettings';
import { dayKey } from './zonedTime';

/**
 * A month of days as a grid, after the WAI-ARIA date picker pattern: one day is in the tab
 * order; arrow keys move by a day or a week, Home/End to the week's ends, Page Up/Down by a month;
 * Enter or Space picks. Days are calendar days (`YYYY-MM-DD`), free of any time zone.
 */
export interface MonthCalendarProps {
  /** First and last day of the picked range, inclusive; `end` absent while the second click is awaited. */
  start?: string;
  end?: string;
  /** Today in the dashboard's time zone, marked with `aria-current="date"`. */
  today: string;
  onPick(day: string): void;
  /** The first column of each week (the dashboard's `weekStart`); Monday when not said. */
  weekStart?: WeekStart;
}

/** In JavaScript's order (`getUTCDay`): Sunday = 0. */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const FIRST_DAY: Record<WeekStart, number> = { sunday: 0, monday: 1, saturday: 6 };
const MONTH_NAME = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY_NAME = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Days as UTC midnights: plain calendar arithmetic, no daylight-saving surprises. */
function toUtc(key: string): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

function keyOf(date: Date): string {
  return dayKey(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function addDays(key: string, days: number): string {
  const date = toUtc(key);
  date.setUTCDate(date.getUTCDate() + days);
  return keyOf(date);
}

/** The same day of another month, or that month's last day when it is shorter. */
function addMonths(key: string, months: number): string {
  const date = toUtc(key);
  const day = date.getUTCDate();
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return keyOf(target);
}

/** The day's column in a week that starts on `first` (0 = Sunday): 0 for the first day. */
function weekday(key: string, first: number): number {
  return (toUtc(key).getUTCDay() - first + 7) % 7;
}

/** The weeks of the month that holds `key`, each seven cells; days of other months are `null`. */
function monthWeeks(key: string, firstDay: number): Array<Array<string | null>> {
  const start = toUtc(key);
  start.setUTCDate(1);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth();
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: Array<string | null> = Array.from({ length: weekday(keyOf(start), firstDay) }, () => null);
  for (let d = 1; d <= days; d++) cells.push(dayKey(year, month + 1, d));
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

export function MonthCalendar({ start, end, today, onPick, weekStart = 'monday' }: MonthCalendarProps) {
  const firstDay = FIRST_DAY[weekStart];
  const weekdays = WEEKDAYS.map((_, i) => WEEKDAYS[(i + firstDay) % 7]!);
  const headingId = useId();
  const [focused, setFocused] = useState(start ?? today);
  // Set by keyboard moves: the focus follows them; clicks and the month buttons leave it where it is.
  const focusFollows = useRef(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const month = focused.slice(0, 7);

  useEffect(() => {
    if (!focusFollows.current) return;
    focusFollows.current = false;
    buttons.current.get(focused)?.focus();
  }, [focused]);

  const move = (next: string) => {
    focusFollows.current = true;
    setFocused(next);
  };
  const onKeyDown = (event: KeyboardEvent, key: string) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(key, -1),
      ArrowRight: () => addDays(key, 1),
      ArrowUp: () => addDays(key, -7),
      ArrowDown: () => addDays(key, 7),
      Home: () => addDays(key, -weekday(key, firstDay)),
      End: () => addDays(key, 6 - weekday(key, firstDay)),
      PageUp: () => addMonths(key, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(key, event.shiftKey ? 12 : 1),
    };
    const target = moves[event.key];
    if (!target) return;
    event.preventDefault();
    move(target());
  };

  const low = start && end && end < start ? end : start;
  const high = start && end && end < start ? start : end;
  const inRange = (key: string) => (low && high ? key >= low && key <= high : key === low);
  const isEdge = (key: string) => key === low || key === high;

  return (
    <div>
      <Group justify="space-between" mb={4} wrap="nowrap">
        <ActionIcon variant="subtle" color="gray" aria-label="Previous month" onClick={() => setFocused(addMonths(focused, -1))}>
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
        <Text id={headingId} size="sm" fw={600} aria-live="polite">
          {MONTH_NAME.format(toUtc(`${month}-01`))}
        </Text>
        <ActionIcon variant="subtle" color="gray" aria-label="Next month" onClick={() => setFocused(addMonths(focused, 1))}>
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <table role="grid" aria-labelledby={headingId} style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name} scope="col" abbr={name} style={{ fontWeight: 500, fontSize: 'var(--mantine-font-size-xs)', padding: 2 }}>
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(focused, firstDay).map((week, index) => (
            <tr key={index}>
              {week.map((key, column) =>
                key === null ? (
                  <td key={`empty-${column}`} role="gridcell" />
                ) : (
                  <td key={key} role="gridcell" aria-selected={inRange(key)} style={{ padding: 1, textAlign: 'center' }}>
                    <UnstyledButton
                      ref={(element) => {
                        if (element) buttons.current.set(key, element);
                        else buttons.current.delete(key);
                      }}
                      tabIndex={key === focused ? 0 : -1}
                      aria-label={DAY_NAME.format(toUtc(key))}
                      aria-current={key === today ? 'date' : undefined}
                      onClick={() => {
                        setFocused(key);
                        onPick(key);
                      }}
                      onKeyDown={(event) => onKeyDown(event, key)}
                      onFocus={() => setFocused(key)}
                      data-edge={isEdge(key) || undefined}
                      style={{
                        width: '100%',
                        minWidth: 28,
                        height: 28,
                        borderRadius: 4,
                        fontSize: 'var(--mantine-font-size-sm)',
                        textAlign: 'center',
                        fontWeight: key === today ? 700 : undefined,
                        textDecoration: key === today ? 'underline' : undefined,
                        background: isEdge(key)
                          ? 'var(--mantine-primary-color-filled)'
                          : inRange(key)
                            ? 'var(--mantine-primary-color-light)'
                            : undefined,
                        color: isEdge(key) ? 'var(--mantine-primary-color-contrast)' : undefined,
                      }}
                    >
                      {Number(key.slice(8))}
                    </UnstyledButton>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
