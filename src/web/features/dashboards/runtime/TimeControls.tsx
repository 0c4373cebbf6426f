import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconZoomOut } from '@tabler/icons-react';
import { memo } from 'react';
import { shiftRange, zoomOut } from './time';
import { RefreshPicker } from './RefreshPicker';
import { TimeRangePicker } from './TimeRangePicker';
import type { WeekStart } from './timePickerSettings';
import type { RawTimeRange, ResolvedTimeRange } from './types';

/**
 * Grafana's time picker and refresh picker: quick ranges, absolute from/to, zoom out, shift back
 * and forward, refresh now and auto refresh. Every choice goes to the URL (the caller's setters).
 */
export const TimeControls = memo(function TimeControls({
  raw,
  range,
  timeZone,
  refresh,
  refreshing,
  onRangeChange,
  onRefreshChange,
  onRefreshNow,
  savedTimeZone,
  onTimeZoneChange,
  weekStart,
  refreshIntervals,
}: {
  raw: RawTimeRange;
  range: ResolvedTimeRange;
  timeZone: string;
  refresh: string;
  refreshing: boolean;
  onRangeChange(range: RawTimeRange): void;
  onRefreshChange(refresh: string): void;
  onRefreshNow(): void;
  savedTimeZone?: string;
  onTimeZoneChange?(timeZone: string): void;
  /** The calendar's first day (the dashboard's `weekStart`). */
  weekStart?: WeekStart;
  /** The dashboard's auto-refresh choices (`timepicker.refresh_intervals`). */
  refreshIntervals?: readonly string[];
}) {
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
      <TimeRangePicker
        raw={raw}
        timeZone={timeZone}
        savedTimeZone={savedTimeZone}
        onChange={onRangeChange}
        onTimeZoneChange={onTimeZoneChange}
        weekStart={weekStart}
      />
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
      <RefreshPicker
        refresh={refresh}
        refreshing={refreshing}
        onRefreshChange={onRefreshChange}
        onRefreshNow={onRefreshNow}
        choices={refreshIntervals}
      />
    </Group>
  );
});
