import { Checkbox, Select, SimpleGrid, Stack, TagsInput, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { DashboardModel } from '../../api';
import { isValidTimeExpression, REFRESH_INTERVALS } from '../../runtime/time';
import { parseDuration } from '../../../../../contract/durations';
import { timeZoneOptions } from './timeZones';

const WEEK_START = [
  { value: '', label: 'Default' },
  { value: 'saturday', label: 'Saturday' },
  { value: 'sunday', label: 'Sunday' },
  { value: 'monday', label: 'Monday' },
];

/** Grafana's default auto-refresh choices, used when the dashboard names none. */
const DEFAULT_INTERVALS = REFRESH_INTERVALS.filter((v) => v !== '');

type Patch = (patch: Partial<DashboardModel>, field: string) => void;
const asObject = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** General → Time options: time zone, week start, default range and refresh, the refresh choices, now delay, hide the picker. */
export function TimeOptions({ model, onPatch, readOnly }: { model: DashboardModel; onPatch: Patch; readOnly: boolean }) {
  const zones = useMemo(() => timeZoneOptions(), []);
  const time = asObject(model.time);
  const timepicker = asObject(model.timepicker);
  const setTimepicker = (field: string, value: unknown) =>
    onPatch({ timepicker: { ...timepicker, [field]: value } }, `timepicker.${field}`);
  const intervals = Array.isArray(timepicker.refresh_intervals)
    ? (timepicker.refresh_intervals as unknown[]).map(String)
    : DEFAULT_INTERVALS;
  const badIntervals = intervals.filter((v) => parseDuration(v) === undefined);
  const nowDelay = typeof timepicker.nowDelay === 'string' ? timepicker.nowDelay : '';
  const from = typeof time.from === 'string' ? time.from : '';
  const to = typeof time.to === 'string' ? time.to : '';
  const zone = typeof model.timezone === 'string' ? model.timezone : '';
  const zoneKnown = zones.some((z) => z.value === zone);
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Time options
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Time zone"
          description="Times on this dashboard are shown in it"
          data={zoneKnown ? zones : [...zones, { value: zone, label: zone }]}
          value={zone}
          onChange={(value) => onPatch({ timezone: value ?? '' }, 'timezone')}
          searchable
          allowDeselect={false}
          limit={100}
          readOnly={readOnly}
        />
        <Select
          label="Week start"
          data={WEEK_START}
          value={typeof model.weekStart === 'string' ? model.weekStart : ''}
          onChange={(value) => onPatch({ weekStart: value ?? '' }, 'weekStart')}
          allowDeselect={false}
          readOnly={readOnly}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Default time range from"
          description="e.g. now-6h"
          value={from}
          error={from && !isValidTimeExpression(from) ? 'Not a time Grafana reads (e.g. now-6h, now/d)' : undefined}
          onChange={(e) => onPatch({ time: { ...time, from: e.currentTarget.value } }, 'time.from')}
          readOnly={readOnly}
        />
        <TextInput
          label="Default time range to"
          description="e.g. now"
          value={to}
          error={to && !isValidTimeExpression(to) ? 'Not a time Grafana reads (e.g. now, now/d)' : undefined}
          onChange={(e) => onPatch({ time: { ...time, to: e.currentTarget.value } }, 'time.to')}
          readOnly={readOnly}
        />
        <Select
          label="Default auto refresh"
          description="How often panels reload"
          data={['', ...intervals.filter((v) => parseDuration(v) !== undefined)].map((value) => ({ value, label: value || 'Off' }))}
          value={typeof model.refresh === 'string' ? model.refresh : ''}
          onChange={(value) => onPatch({ refresh: value ?? '' }, 'refresh')}
          allowDeselect={false}
          readOnly={readOnly}
        />
      </SimpleGrid>
      <TagsInput
        label="Auto refresh intervals"
        description="The choices of the refresh picker; type one (e.g. 15s), press Enter"
        value={intervals}
        error={badIntervals.length ? `Not a duration: ${badIntervals.join(', ')}` : undefined}
        onChange={(next) => setTimepicker('refresh_intervals', next)}
        readOnly={readOnly}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Now delay"
          description="Ends relative ranges this long before now, for late data (e.g. 1m)"
          value={nowDelay}
          error={nowDelay && parseDuration(nowDelay) === undefined ? 'Not a duration (e.g. 30s, 1m)' : undefined}
          onChange={(e) => setTimepicker('nowDelay', e.currentTarget.value)}
          readOnly={readOnly}
        />
      </SimpleGrid>
      <Checkbox
        label="Hide time picker"
        checked={timepicker.hidden === true}
        disabled={readOnly}
        onChange={(e) => setTimepicker('hidden', e.currentTarget.checked)}
      />
    </Stack>
  );
}
