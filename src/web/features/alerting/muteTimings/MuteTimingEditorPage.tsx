import { Alert, Badge, Button, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { MuteTiming } from '../../../../contract/alertingNotify';
import { ApiError, errorMessage, serverFieldError } from '../../../api/errors';
import { paths } from '../../../app/paths';
import { useHasRole } from '../../../app/useSession';
import { Page } from '../../../components/Page';
import { ErrorState, LoadingRows } from '../../../components/States';
import { muteTimingQueryOptions, muteTimingsQueryOptions, useSaveMuteTiming } from '../api/policies';
import { TimeIntervalFields } from './TimeIntervalFields';
import { draftFromInterval, emptyInterval, intervalFromDraft, intervalProblems, type IntervalDraft } from './timeIntervals';

/** Where the mute timings are listed: the policies page's second tab. */
export const muteTimingsTab = () => `${paths.notificationPolicies()}?tab=mute_timings`;

/** The index of the interval a server refusal names (`time_intervals.2`), if it names one. */
function refusedInterval(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || !error.field?.startsWith('time_intervals.')) return undefined;
  return Number(error.field.split('.')[1]);
}

function MuteTimingForm({ timing }: { timing: MuteTiming | undefined }) {
  const navigate = useNavigate();
  const canEdit = useHasRole('Admin') && timing?.provenance !== 'file';
  const save = useSaveMuteTiming(timing?.name);
  const [name, setName] = useState(timing?.name ?? '');
  const [intervals, setIntervals] = useState<IntervalDraft[]>(() =>
    timing?.time_intervals.length ? timing.time_intervals.map(draftFromInterval) : [emptyInterval()],
  );
  const [submitted, setSubmitted] = useState(false);
  const others = useQuery(muteTimingsQueryOptions());
  const problems = intervals.map(intervalProblems);
  const trimmed = name.trim();
  const nameTaken = trimmed !== timing?.name && (others.data ?? []).some((other) => other.name === trimmed);
  const nameProblem = !trimmed ? 'Name the mute timing' : nameTaken ? `A mute timing named “${trimmed}” already exists` : undefined;
  const serverInterval = refusedInterval(save.error);
  const nameError = (submitted ? nameProblem : undefined) ?? serverFieldError(save.error, 'name');
  const formError = save.error && serverInterval === undefined && !serverFieldError(save.error, 'name') ? save.error : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nameProblem || problems.some((problem) => Object.keys(problem).length > 0)) return;
    const saved: MuteTiming = { name: trimmed, time_intervals: intervals.map(intervalFromDraft) };
    const renamed = timing !== undefined && timing.name !== saved.name;
    save.mutate(saved, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: !timing ? 'Mute timing created' : renamed ? 'Mute timing renamed' : 'Mute timing updated',
          message: renamed ? `“${timing.name}” is now “${saved.name}”, in the policies and rules that use it too` : saved.name,
        });
        void navigate(muteTimingsTab());
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {timing?.provenance === 'file' && (
          <Alert color="blue" variant="light" title="Provisioned">
            This mute timing comes from a provisioning file and cannot be changed here.
          </Alert>
        )}
        <Fieldset variant="unstyled" disabled={!canEdit}>
          <Stack gap="md">
            <TextInput
              label="Name"
              description={
                timing && canEdit ? 'Renaming it renames it in the notification policies and alert rules that use it' : undefined
              }
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
              maw={420}
            />
            {intervals.map((interval, index) => (
              <TimeIntervalFields
                key={index}
                index={index}
                draft={interval}
                problems={submitted ? problems[index]! : {}}
                serverProblem={serverInterval === index ? errorMessage(save.error) : undefined}
                onChange={(changed) => setIntervals(intervals.map((current, i) => (i === index ? changed : current)))}
                onRemove={intervals.length > 1 && canEdit ? () => setIntervals(intervals.filter((_, i) => i !== index)) : undefined}
              />
            ))}
          </Stack>
        </Fieldset>
        {formError !== undefined && (
          <Alert color="red" variant="light" title="Could not save the mute timing" role="alert">
            {errorMessage(formError)}
          </Alert>
        )}
        <Group justify="space-between">
          {canEdit ? (
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setIntervals([...intervals, emptyInterval()])}
            >
              Add another time interval
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button component={Link} to={muteTimingsTab()} variant="default">
              {canEdit ? 'Cancel' : 'Back'}
            </Button>
            {canEdit && (
              <Button type="submit" loading={save.isPending}>
                {timing ? 'Update mute timing' : 'Save mute timing'}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** `/alerting/routes/mute-timing/new` and `.../edit?muteName=`: Grafana's mute timing form. */
export function MuteTimingEditorPage() {
  const [params] = useSearchParams();
  const editing = params.get('muteName');
  const timing = useQuery({ ...muteTimingQueryOptions(editing ?? ''), enabled: editing !== null });
  const provisioned = timing.data?.provenance === 'file' && <Badge variant="light">Provisioned</Badge>;
  return (
    <Page title={editing === null ? 'New mute timing' : 'Edit mute timing'} actions={provisioned}>
      {editing === null ? (
        <MuteTimingForm timing={undefined} />
      ) : timing.isPending ? (
        <LoadingRows label="Loading the mute timing" />
      ) : timing.isError ? (
        <ErrorState error={timing.error} onRetry={() => void timing.refetch()} title="Could not load the mute timing" />
      ) : (
        <MuteTimingForm key={timing.data.name} timing={timing.data} />
      )}
    </Page>
  );
}
