import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconRefresh, IconZoomOut } from '@tabler/icons-react';
import { REFRESH_INTERVALS, shiftRange, zoomOut } from './time';
import { TimeRangePicker } from './TimeRangePicker';
import type { RawTimeRange, ResolvedTimeRange } from './types';

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
  savedTimeZone,
  onTimeZoneChange,
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
}) {
  const refreshOptions = REFRESH_INTERVALS.map((value) => ({ value: value || 'off', label: value || 'Off' }));
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label="Time controls">
      <Tooltip label="Move time range backward">
        <ActionIcon
          variant="default"
          size="lg"
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
      />
      <Tooltip label="Move time range forward">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Move time range forward"
          onClick={() => onRangeChange(shiftRange(range, 1, Date.now()))}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Zoom out time range">
        <ActionIcon variant="default" size="lg" aria-label="Zoom out time range" onClick={() => onRangeChange(zoomOut(range, Date.now()))}>
          <IconZoomOut size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Refresh dashboard">
        <ActionIcon variant="default" size="lg" aria-label="Refresh dashboard" onClick={onRefreshNow} loading={refreshing}>
          <IconRefresh size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Select
        label="Auto refresh"
        data={refreshOptions}
        value={refresh || 'off'}
        onChange={(value) => onRefreshChange(!value || value === 'off' ? '' : value)}
        allowDeselect={false}
        w={110}
        size="xs"
        styles={{ root: { display: 'flex', alignItems: 'center', gap: 6 }, label: { whiteSpace: 'nowrap' } }}
      />
    </Group>
  );
}
