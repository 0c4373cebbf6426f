import { ActionIcon, Button, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { IntervalDraft, IntervalProblems, TimeRangeDraft } from './timeIntervals';

function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}
const zones = timeZones();

/** One time interval of a mute timing: Grafana's fields, each with its own problem beside it. */
export function TimeIntervalFields({
  index,
  draft,
  problems,
  serverProblem,
  onChange,
  onRemove,
}: {
  index: number;
  draft: IntervalDraft;
  problems: IntervalProblems;
  /** The server's refusal of this interval, in its words. */
  serverProblem: string | undefined;
  onChange: (draft: IntervalDraft) => void;
  onRemove: (() => void) | undefined;
}) {
  const set = (change: Partial<IntervalDraft>) => onChange({ ...draft, ...change });
  const setTime = (at: number, change: Partial<TimeRangeDraft>) =>
    set({ times: draft.times.map((time, i) => (i === at ? { ...time, ...change } : time)) });
  const n = index + 1;
  return (
    <Fieldset legend={`Time interval ${n}`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The interval applies when every field given matches; a field left empty matches always.
        </Text>
        <Stack gap="xs" role="group" aria-label={`Times of interval ${n}`}>
          {draft.times.map((time, at) => (
            <Group key={at} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={`Start time ${at + 1}`}
                placeholder="09:00"
                value={time.start}
                onChange={(event) => setTime(at, { start: event.currentTarget.value })}
                w={130}
              />
              <TextInput
                label={`End time ${at + 1}`}
                placeholder="17:00"
                value={time.end}
                onChange={(event) => setTime(at, { end: event.currentTarget.value })}
                w={130}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                aria-label={`Remove time range ${at + 1} of interval ${n}`}
                onClick={() => set({ times: draft.times.filter((_, i) => i !== at) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {problems.times && (
            <Text size="sm" c="red" role="alert">
              {problems.times}
            </Text>
          )}
          <Group>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => set({ times: [...draft.times, { start: '', end: '' }] })}
            >
              Add time range
            </Button>
          </Group>
        </Stack>
        <TextInput
          label="Days of the week"
          description="e.g. monday:friday, sunday"
          value={draft.weekdays}
          onChange={(event) => set({ weekdays: event.currentTarget.value })}
          error={problems.weekdays}
        />
        <TextInput
          label="Days of the month"
          description="e.g. 1:5, -1 (the last day)"
          value={draft.daysOfMonth}
          onChange={(event) => set({ daysOfMonth: event.currentTarget.value })}
          error={problems.daysOfMonth}
        />
        <TextInput
          label="Months"
          description="e.g. 1:3, may:august, december"
          value={draft.months}
          onChange={(event) => set({ months: event.currentTarget.value })}
          error={problems.months}
        />
        <TextInput
          label="Years"
          description="e.g. 2030:2032, 2035"
          value={draft.years}
          onChange={(event) => set({ years: event.currentTarget.value })}
          error={problems.years}
        />
        <Select
          label="Location"
          description="The time zone the times and days are read in; UTC when empty"
          data={draft.location && !zones.includes(draft.location) ? [draft.location, ...zones] : zones}
          value={draft.location || null}
          onChange={(value) => set({ location: value ?? '' })}
          searchable
          // Some 400 zones: the list shows the first matches of what is typed, not all of them at once.
          limit={40}
          clearable
          error={problems.location}
          maw={320}
        />
        {serverProblem && (
          <Text size="sm" c="red" role="alert">
            {serverProblem}
          </Text>
        )}
        {onRemove && (
          <Group>
            <Button size="xs" variant="light" color="red" onClick={onRemove} aria-label={`Remove time interval ${n}`}>
              Remove interval
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
