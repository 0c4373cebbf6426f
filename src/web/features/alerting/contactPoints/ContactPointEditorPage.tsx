import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ContactPoint } from '../../../../contract/alertingNotify';
import { ApiError, errorMessage, serverFieldError } from '../../../api/errors';
import { paths } from '../../../app/paths';
import { useHasRole } from '../../../app/useSession';
import { Page } from '../../../components/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../../components/States';
import { contactPointQueryOptions, contactPointsQueryOptions, IntegrationSaveError, useSaveContactPoint } from '../api/contactPoints';
import { ProvenanceBadge } from './ContactPointCard';
import {
  draftOf,
  integrationProblems,
  newIntegration,
  settingOfServerProblem,
  settingsToSend,
  type ContactPointDraft,
  type IntegrationDraft,
} from './draft';
import { IntegrationEditor } from './IntegrationEditor';

const NO_PROBLEMS: Record<string, string> = {};

function ContactPointForm({ stored, readOnly, canTest }: { stored: ContactPoint[] | undefined; readOnly: boolean; canTest: boolean }) {
  const navigate = useNavigate();
  const save = useSaveContactPoint();
  const others = useQuery(contactPointsQueryOptions());
  const [draft, setDraft] = useState<ContactPointDraft>(() =>
    stored ? { name: stored[0]!.name, integrations: stored.map(draftOf) } : { name: '', integrations: [newIntegration()] },
  );
  const [submitted, setSubmitted] = useState(false);
  // Integrations whose problems show before a save was tried: those someone pressed Test on.
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());

  const originalName = stored?.[0]?.name;
  const name = draft.name.trim();
  const nameTaken = name !== originalName && (others.data ?? []).some((integration) => integration.name === name);
  const nameProblem = !name ? 'Name is required' : nameTaken ? `A contact point named “${name}” already exists` : undefined;
  const problemsOf = (integration: IntegrationDraft) => integrationProblems(integration);
  const hasProblems = !!nameProblem || draft.integrations.some((integration) => Object.keys(problemsOf(integration)).length > 0);

  const failed = save.error instanceof IntegrationSaveError ? save.error : undefined;
  const failedCause = failed?.cause;
  const failedIntegration = failed && draft.integrations.find((integration) => integration.key === failed.key);
  const failedSetting =
    failedIntegration && failedCause instanceof ApiError && failedCause.status === 400
      ? settingOfServerProblem(failedCause.message, failedIntegration.type)
      : undefined;
  const nameError = serverFieldError(failedCause, 'name');
  const integrationError = (integration: IntegrationDraft) =>
    integration === failedIntegration && !failedSetting && !nameError && failedCause instanceof ApiError && failedCause.status === 400
      ? errorMessage(failedCause)
      : undefined;
  const shownElsewhere = !!failedSetting || !!nameError || (!!failedIntegration && !!integrationError(failedIntegration));

  const update = (key: string, change: (integration: IntegrationDraft) => IntegrationDraft) =>
    setDraft((current) => ({ ...current, integrations: current.integrations.map((i) => (i.key === key ? change(i) : i)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (readOnly || hasProblems) return;
    save.mutate(
      {
        name,
        originalName,
        integrations: draft.integrations.map((integration) => ({
          key: integration.key,
          uid: integration.uid,
          type: integration.type,
          settings: settingsToSend(integration),
          disableResolveMessage: integration.disableResolveMessage,
        })),
        existingUids: (stored ?? []).map((integration) => integration.uid),
        onCreated: (key, uid) => update(key, (integration) => ({ ...integration, uid })),
      },
      {
        onSuccess: () => {
          const renamed = originalName !== undefined && originalName !== name;
          notifications.show({
            color: 'green',
            title: !stored ? 'Contact point created' : renamed ? 'Contact point renamed' : 'Contact point updated',
            message: renamed ? `“${originalName}” is now “${name}”, in the policies and rules that use it too` : name,
          });
          void navigate(paths.contactPoints());
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder p="md" radius="sm">
          <TextInput
            label="Name"
            description={
              stored && !readOnly ? 'Renaming it renames it in the notification policies and alert rules that use it' : undefined
            }
            required
            value={draft.name}
            readOnly={readOnly}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((current) => ({ ...current, name: value }));
            }}
            error={(submitted ? nameProblem : undefined) ?? nameError}
            maw={480}
          />
        </Paper>
        {draft.integrations.map((integration, index) => {
          const showProblems = submitted || checked.has(integration.key);
          const problems = showProblems ? problemsOf(integration) : NO_PROBLEMS;
          const withServer =
            integration === failedIntegration && failedSetting ? { ...problems, [failedSetting]: errorMessage(failedCause) } : problems;
          return (
            <IntegrationEditor
              key={integration.key}
              integration={integration}
              index={index}
              name={draft.name}
              readOnly={readOnly}
              canTest={canTest}
              canRemove={draft.integrations.length > 1}
              problems={withServer}
              serverError={integrationError(integration)}
              onChange={(next) => update(integration.key, () => next)}
              onRemove={() =>
                setDraft((current) => ({ ...current, integrations: current.integrations.filter((i) => i.key !== integration.key) }))
              }
              onValidate={() => {
                setChecked((current) => new Set(current).add(integration.key));
                return Object.keys(problemsOf(integration)).length === 0;
              }}
            />
          );
        })}
        {!readOnly && (
          <Button
            variant="default"
            w="fit-content"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDraft((current) => ({ ...current, integrations: [...current.integrations, newIntegration()] }))}
          >
            Add integration
          </Button>
        )}
        {save.isError && !shownElsewhere && (
          <Alert color="red" variant="light" role="alert" title="Could not save the contact point">
            {errorMessage(save.error)}
          </Alert>
        )}
        {submitted && hasProblems && !readOnly && (
          <Text size="sm" c="red" role="alert">
            Fix the fields marked above, then save again.
          </Text>
        )}
        <Group>
          {!readOnly && (
            <Button type="submit" loading={save.isPending}>
              Save contact point
            </Button>
          )}
          <Button component={Link} to={paths.contactPoints()} variant="default">
            {readOnly ? 'Back to contact points' : 'Cancel'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/alerting/notifications/receivers/new` and `/alerting/notifications/receivers/<name>/edit` (read-only to those who may not write). */
export function ContactPointEditorPage() {
  const { name } = useParams();
  const canEdit = useHasRole('Admin');
  const existing = useQuery({ ...contactPointQueryOptions(name ?? ''), enabled: !!name });
  if (!name) {
    return (
      <Page title="New contact point">
        {canEdit ? (
          <ContactPointForm stored={undefined} readOnly={false} canTest />
        ) : (
          <EmptyState title="Only an Admin can add contact points">Ask an Admin of this organization to add one.</EmptyState>
        )}
      </Page>
    );
  }
  const provenance = existing.data?.find((integration) => integration.provenance)?.provenance;
  const readOnly = !canEdit || provenance === 'file';
  return (
    <Page title={readOnly ? `Contact point ${name}` : `Edit contact point ${name}`} actions={<ProvenanceBadge provenance={provenance} />}>
      {existing.isPending ? (
        <LoadingRows label="Loading the contact point" />
      ) : existing.isError ? (
        <ErrorState error={existing.error} onRetry={() => void existing.refetch()} title="Could not load the contact point" />
      ) : existing.data.length === 0 ? (
        <EmptyState
          title="Contact point not found"
          action={
            <Button component={Link} to={paths.contactPoints()} variant="default">
              Back to contact points
            </Button>
          }
        >
          There is no contact point named “{name}”. It may have been renamed or deleted.
        </EmptyState>
      ) : (
        <Stack gap="md">
          {readOnly && (
            <Alert color="blue" variant="light" title="Read only">
              {provenance === 'file'
                ? 'This contact point comes from a provisioning file: change it there.'
                : 'Only an Admin can change contact points.'}
            </Alert>
          )}
          <ContactPointForm key={name} stored={existing.data} readOnly={readOnly} canTest={canEdit} />
        </Stack>
      )}
    </Page>
  );
}
