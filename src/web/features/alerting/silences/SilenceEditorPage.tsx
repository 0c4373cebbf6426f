import { Alert, Button, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { GettableSilence } from '../../../../contract/alertingNotify';
import { formatPromDuration, parsePromDuration } from '../../../../contract/durations';
import { errorMessage, serverFieldError } from '../../../api/errors';
import { paths } from '../../../app/paths';
import { useSession } from '../../../app/useSession';
import { Page } from '../../../components/Page';
import { ErrorState, LoadingRows } from '../../../components/States';
import { silenceQueryOptions, useSaveSilence } from '../api/silences';
import { AffectedAlerts } from './AffectedAlerts';
import { operatorOf, parseMatcherParam, rowProblem, toSilenceMatcher, type MatcherRow } from './matchers';
import { MatchersEditor } from './MatchersEditor';

const DEFAULT_DURATION = '2h';

/** `YYYY-MM-DDTHH:mm` in local time, as a `datetime-local` input holds it. */
function localInput(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface Draft {
  rows: MatcherRow[];
  start: string;
  duration: string;
  comment: string;
  createdBy: string;
}

function initialDraft(silence: GettableSilence | undefined, params: URLSearchParams, login: string): Draft {
  const now = Date.now();
  if (silence) {
    const expired = silence.status.state === 'expired';
    const starts = expired ? now : Date.parse(silence.startsAt);
    const length = Date.parse(silence.endsAt) - Date.parse(silence.startsAt);
    return {
      rows: silence.matchers.map((m) => ({ name: m.name, operator: operatorOf(m), value: m.value })),
      start: localInput(starts),
      duration: formatPromDuration(Math.max(60_000, Math.round(length / 60_000) * 60_000)),
      comment: silence.comment,
      createdBy: silence.createdBy || login,
    };
  }
  const rows = params.getAll('matcher').flatMap((text) => parseMatcherParam(text) ?? []);
  return {
    rows: rows.length > 0 ? rows : [{ name: '', operator: '=', value: '' }],
    start: localInput(now),
    duration: DEFAULT_DURATION,
    comment: params.get('comment') ?? '',
    createdBy: login,
  };
}

function SilenceForm({ silence }: { silence?: GettableSilence }) {
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const save = useSaveSilence();
  const [draft, setDraft] = useState(() => initialDraft(silence, params, session?.login ?? ''));
  const [submitted, setSubmitted] = useState(false);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  const startMs = Date.parse(draft.start);
  const durationMs = parsePromDuration(draft.duration.trim());
  const endMs = Number.isFinite(startMs) && durationMs ? startMs + durationMs : NaN;
  const problems = {
    start: Number.isFinite(startMs) ? undefined : 'Choose when the silence starts',
    duration: durationMs ? undefined : 'A duration such as 2h, 30m or 1d',
    comment: draft.comment.trim() ? undefined : 'Say why alerts are silenced',
    createdBy: draft.createdBy.trim() ? undefined : 'Say who silences them',
    matchers: draft.rows.some((row) => rowProblem(row)) ? 'Fix the matchers' : undefined,
  };
  const shown = (problem: string | undefined) => (submitted ? problem : undefined);
  const recreating = silence?.status.state === 'expired';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(problems).some(Boolean)) return;
    save.mutate(
      {
        ...(silence && !recreating ? { id: silence.id } : {}),
        matchers: draft.rows.map(toSilenceMatcher),
        startsAt: new Date(startMs).toISOString(),
        endsAt: new Date(endMs).toISOString(),
        createdBy: draft.createdBy.trim(),
        comment: draft.comment.trim(),
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: silence && !recreating ? 'Silence updated' : 'Silence created',
            message: draft.comment.trim(),
          });
          void navigate(paths.silences());
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder p="md" radius="sm" component="section" aria-label="Silence">
          <Stack gap="sm">
            <Group gap="sm" align="flex-start" wrap="wrap">
              <TextInput
                type="datetime-local"
                label="Start"
                value={draft.start}
                onChange={(event) => set({ start: event.currentTarget.value })}
                error={shown(problems.start) ?? serverFieldError(save.error, 'startsAt')}
                w={230}
              />
              <TextInput
                label="Duration"
                description="e.g. 2h, 30m, 1d"
                value={draft.duration}
                onChange={(event) => set({ duration: event.currentTarget.value })}
                error={shown(problems.duration)}
                w={150}
              />
              <TextInput
                type="datetime-local"
                label="End"
                value={Number.isFinite(endMs) ? localInput(endMs) : ''}
                onChange={(event) => {
                  const end = Date.parse(event.currentTarget.value);
                  if (Number.isFinite(end) && end > startMs)
                    set({ duration: formatPromDuration(Math.round((end - startMs) / 60_000) * 60_000) });
                }}
                error={serverFieldError(save.error, 'endsAt')}
                w={230}
              />
            </Group>
            <Title order={2} size="h5">
              Matchers
            </Title>
            <MatchersEditor rows={draft.rows} onChange={(rows) => set({ rows })} showProblems={submitted} />
            {(shown(problems.matchers) ?? serverFieldError(save.error, 'matchers')) && (
              <Alert color="red" variant="light" role="alert">
                {shown(problems.matchers) ?? serverFieldError(save.error, 'matchers')}
              </Alert>
            )}
            <Textarea
              label="Comment"
              value={draft.comment}
              onChange={(event) => set({ comment: event.currentTarget.value })}
              error={shown(problems.comment)}
              autosize
              minRows={2}
            />
            <TextInput
              label="Created by"
              value={draft.createdBy}
              onChange={(event) => set({ createdBy: event.currentTarget.value })}
              error={shown(problems.createdBy)}
              w={300}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="affected-heading">
          <Title order={2} size="h5" id="affected-heading" mb="xs">
            Affected alerts
          </Title>
          <AffectedAlerts rows={draft.rows} />
        </Paper>
        {save.isError && !serverFieldError(save.error, 'startsAt', 'endsAt', 'matchers') && (
          <Alert color="red" variant="light" role="alert" title="Could not save the silence">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {silence && !recreating ? 'Update silence' : 'Save silence'}
          </Button>
          <Button component={Link} to={paths.silences()} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/alerting/silence/new` (prefilled by `?matcher=name=value`, repeated) and `/alerting/silence/<id>/edit`. */
export function SilenceEditorPage() {
  const { id } = useParams();
  const existing = useQuery({ ...silenceQueryOptions(id ?? ''), enabled: !!id });
  if (!id) {
    return (
      <Page title="New silence">
        <SilenceForm />
      </Page>
    );
  }
  if (existing.isPending) {
    return (
      <Page title="Edit silence">
        <LoadingRows label="Loading the silence" />
      </Page>
    );
  }
  if (existing.isError) {
    return (
      <Page title="Edit silence">
        <ErrorState error={existing.error} onRetry={() => void existing.refetch()} title="Could not load the silence" />
      </Page>
    );
  }
  const recreate = existing.data.status.state === 'expired';
  return (
    <Page title={recreate ? 'Recreate silence' : 'Edit silence'}>
      <SilenceForm silence={existing.data} />
    </Page>
  );
}
