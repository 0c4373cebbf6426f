import { Button, Group, NativeSelect, Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import type { Preferences } from '../../contract/preferences';
import { serverFieldError, errorMessage } from '../api/errors';
import { usePreferences, useSavePreferences, type PreferenceLevel } from '../api/preferences';
import { allDashboardsQueryOptions } from '../api/search';
import { FormRefusal } from './FormRefusal';
import { ErrorState, LoadingRows } from './States';

type Field = 'theme' | 'homeDashboardUID' | 'timezone' | 'weekStart';
type Values = Record<Field, string>;

/** What the empty choice means at each level: what applies when this level says nothing. */
const inherited: Record<PreferenceLevel['kind'], string> = {
  user: 'Default (from your teams or the organization)',
  team: 'Default (from the organization)',
  org: 'Default',
};

const themeOptions = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System preference' },
];
const weekStartOptions = [
  { value: 'saturday', label: 'Saturday' },
  { value: 'sunday', label: 'Sunday' },
  { value: 'monday', label: 'Monday' },
];

/** Every zone the browser knows, after Grafana's two keywords. */
function timezoneOptions(current: string) {
  const zones: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const named = current && current !== 'utc' && current !== 'browser' && !zones.includes(current) ? [current, ...zones] : zones;
  return [
    { value: 'browser', label: 'Browser time' },
    { value: 'utc', label: 'Coordinated Universal Time (UTC)' },
    ...named.map((z) => ({ value: z, label: z })),
  ];
}

/** The home dashboard choices: every dashboard the caller can see, by title and folder. */
function useDashboardOptions(current: string) {
  const dashboards = useQuery(allDashboardsQueryOptions());
  return useMemo(() => {
    const hits = dashboards.data ?? [];
    const options = hits.map((hit) => ({ value: hit.uid, label: hit.folderTitle ? `${hit.folderTitle} / ${hit.title}` : hit.title }));
    if (current && !hits.some((hit) => hit.uid === current)) options.unshift({ value: current, label: current });
    return options;
  }, [dashboards.data, current]);
}

interface FormProps {
  level: PreferenceLevel;
  stored: Preferences;
  /** After a save: e.g. the profile applies the new theme at once. */
  onSaved?(values: Values): void;
}

function PreferencesFields({ level, stored, onSaved }: FormProps) {
  const [values, setValues] = useState<Values>({
    theme: stored.theme,
    homeDashboardUID: stored.homeDashboardUID,
    timezone: stored.timezone,
    weekStart: stored.weekStart,
  });
  const save = useSavePreferences(level);
  const dashboardOptions = useDashboardOptions(values.homeDashboardUID);
  const emptyChoice = { value: '', label: inherited[level.kind] };
  const fieldError = (field: Field) =>
    save.isError ? serverFieldError(save.error, field, ...(field === 'homeDashboardUID' ? ['homeDashboardId'] : [])) : undefined;
  const formError =
    save.isError && !(['theme', 'homeDashboardUID', 'timezone', 'weekStart'] as Field[]).some(fieldError)
      ? errorMessage(save.error)
      : undefined;

  const select = (field: Field, label: string, data: Array<{ value: string; label: string }>) => ({
    label,
    value: values[field],
    data: [emptyChoice, ...data],
    error: fieldError(field),
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => setValues({ ...values, [field]: event.currentTarget.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    // PUT replaces the level: what this form does not show is sent back as it was.
    save.mutate(
      { ...values, language: stored.language, locale: stored.locale, queryHistory: stored.queryHistory },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: 'Preferences saved', message: 'They apply from now on.' });
          onSaved?.(values);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <NativeSelect {...select('theme', 'Interface theme', themeOptions)} />
        <NativeSelect {...select('homeDashboardUID', 'Home dashboard', dashboardOptions)} description="The dashboard / opens." />
        <NativeSelect {...select('timezone', 'Timezone', timezoneOptions(values.timezone))} />
        <NativeSelect {...select('weekStart', 'Week start', weekStartOptions)} />
        {formError && <FormRefusal title="The preferences were not saved">{formError}</FormRefusal>}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save preferences
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Grafana's preferences form for one level (the profile's, the org's, a team's), under an h2. */
export function PreferencesForm({ level, onSaved, title = 'Preferences' }: Omit<FormProps, 'stored'> & { title?: string }) {
  const stored = usePreferences(level);
  const headingId = `preferences-${level.kind}`;
  return (
    <Paper withBorder p="lg" radius="md" maw={560} component="section" aria-labelledby={headingId}>
      <Stack>
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {stored.isPending ? (
          <LoadingRows rows={4} label="Loading preferences" />
        ) : stored.isError ? (
          <ErrorState error={stored.error} />
        ) : (
          <PreferencesFields level={level} stored={stored.data} onSaved={onSaved} />
        )}
      </Stack>
    </Paper>
  );
}
