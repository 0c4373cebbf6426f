import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { userEvent } from '../../../test/user';
import { readRecentRanges, rememberRange } from './recentRanges';
import { TimeRangePicker, type TimeRangePickerProps } from './TimeRangePicker';

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

function renderPicker(overrides: Partial<TimeRangePickerProps> = {}) {
  const props: TimeRangePickerProps = {
    raw: { from: 'now-6h', to: 'now' },
    timeZone: 'utc',
    savedTimeZone: 'Europe/Berlin',
    onChange: vi.fn(),
    onTimeZoneChange: vi.fn(),
    ...overrides,
  };
  // env="test": jsdom lays nothing out, so Mantine would otherwise take the button for scrolled out of view and hide the popover.
  render(
    <MantineProvider theme={theme} env="test">
      <TimeRangePicker {...props} />
    </MantineProvider>,
  );
  return props;
}

async function openPicker() {
  await userEvent.click(screen.getByRole('button', { name: /^Time range: / }));
  return screen.findByRole('grid');
}

describe('TimeRangePicker', () => {
  it('says the range and a zone that is not the browser’s, and marks the current quick range', async () => {
    renderPicker();
    expect(screen.getByRole('button', { name: 'Time range: Last 6 hours UTC' })).toBeVisible();
    await openPicker();
    const quick = screen.getByRole('group', { name: 'Quick ranges' });
    expect(within(quick).getByRole('button', { name: 'Last 6 hours' })).toHaveAttribute('aria-current', 'true');
    expect(within(quick).getByRole('button', { name: 'Last 1 hour' })).not.toHaveAttribute('aria-current');
  });

  it('picks the first and the last day on the calendar, by pointer and by keyboard, in the zone', async () => {
    const props = renderPicker({ raw: { from: String(Date.UTC(2026, 10, 20, 8)), to: String(Date.UTC(2026, 10, 20, 9)) } });
    const grid = await openPicker();
    expect(screen.getByText('November 2026')).toBeVisible();
    expect(within(grid).getByRole('button', { name: 'Friday, 20 November 2026' }).closest('td')).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(within(grid).getByRole('button', { name: 'Tuesday, 10 November 2026' }));
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('2026-11-10 00:00:00');
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('2026-11-10 23:59:59');
    // Down a week, then right a day: the focus follows, and Enter picks the last day.
    await userEvent.keyboard('{ArrowDown}{ArrowRight}');
    expect(within(grid).getByRole('button', { name: 'Wednesday, 18 November 2026' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('2026-11-18 23:59:59');
    expect(within(grid).getByRole('button', { name: 'Monday, 16 November 2026' }).closest('td')).toHaveAttribute('aria-selected', 'true');

    // Page Down moves a month.
    await userEvent.keyboard('{PageDown}');
    expect(screen.getByText('December 2026')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Friday, 18 December 2026' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Apply time range' }));
    expect(props.onChange).toHaveBeenCalledWith({ from: String(Date.UTC(2026, 10, 10)), to: String(Date.UTC(2026, 10, 18, 23, 59, 59)) });
    expect(readRecentRanges()).toEqual([{ from: String(Date.UTC(2026, 10, 10)), to: String(Date.UTC(2026, 10, 18, 23, 59, 59)) }]);
  });

  it('starts the calendar’s weeks on the dashboard’s week start', async () => {
    renderPicker({ raw: { from: String(Date.UTC(2026, 10, 20, 8)), to: String(Date.UTC(2026, 10, 20, 9)) }, weekStart: 'sunday' });
    const grid = await openPicker();
    const days = within(grid)
      .getAllByRole('columnheader')
      .map((th) => th.getAttribute('abbr'));
    expect(days).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    // 1 November 2026 is a Sunday: the first cell of the first week.
    expect(within(grid).getAllByRole('row')[1]!.querySelector('td button')).toHaveAccessibleName('Sunday, 1 November 2026');
    // Home goes to the week's first day.
    within(grid).getByRole('button', { name: 'Friday, 20 November 2026' }).focus();
    await userEvent.keyboard('{Home}');
    expect(within(grid).getByRole('button', { name: 'Sunday, 15 November 2026' })).toHaveFocus();
  });

  it('reads typed dates in the dashboard’s zone', async () => {
    const props = renderPicker({ timeZone: 'Europe/Berlin' });
    await openPicker();
    const from = screen.getByRole('textbox', { name: 'From' });
    await userEvent.clear(from);
    await userEvent.type(from, '2026-07-01 12:00:00');
    const to = screen.getByRole('textbox', { name: 'To' });
    await userEvent.clear(to);
    await userEvent.type(to, '2026-07-01 14:00:00');
    await userEvent.click(screen.getByRole('button', { name: 'Apply time range' }));
    expect(props.onChange).toHaveBeenCalledWith({ from: String(Date.UTC(2026, 6, 1, 10)), to: String(Date.UTC(2026, 6, 1, 12)) });
  });

  it('offers recently used absolute ranges and the time zones', async () => {
    rememberRange({ from: String(Date.UTC(2026, 0, 1)), to: String(Date.UTC(2026, 0, 2)) });
    const props = renderPicker();
    await openPicker();
    const recent = screen.getByRole('group', { name: 'Recently used absolute ranges' });
    await userEvent.click(within(recent).getByRole('button', { name: '2026-01-01 00:00:00 to 2026-01-02 00:00:00' }));
    expect(props.onChange).toHaveBeenCalledWith({ from: String(Date.UTC(2026, 0, 1)), to: String(Date.UTC(2026, 0, 2)) });

    await openPicker();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    expect(
      within(zone)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringMatching(/^Browser time \(.+\)$/), 'Coordinated Universal Time (UTC)', 'Europe/Berlin (dashboard)']);
    await userEvent.selectOptions(zone, 'Europe/Berlin');
    expect(props.onTimeZoneChange).toHaveBeenCalledWith('Europe/Berlin');
  });
});
