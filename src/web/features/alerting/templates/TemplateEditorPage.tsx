import { Alert, Button, Group, Input, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { NotificationTemplateAnswer } from '../../../../contract/alertingNotify';
import { errorMessage, serverFieldError } from '../../../api/errors';
import { paths } from '../../../app/paths';
import { useHasRole } from '../../../app/useSession';
import { FormRefusal } from '../../../components/FormRefusal';
import { Page } from '../../../components/Page';
import { ErrorState, LoadingRows } from '../../../components/States';
import QueryCodeEditor from '../../../queryEditors/code/QueryCodeEditor';
import { templateQueryOptions, templatesQueryOptions, useSaveTemplate } from '../api/templates';
import { goTemplateLanguage } from './goTemplateLanguage';

const MONOSPACE = { fontFamily: 'var(--mantine-font-family-monospace)' };

/** The template text in the code editor, with its label, help and the server's refusal under it. */
function TemplateTextField({
  value,
  onChange,
  onSave,
  error,
  description,
}: {
  value: string;
  onChange(text: string): void;
  onSave(): void;
  error: string | undefined;
  description: string;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  return (
    <div>
      <Input.Label id={labelId} labelElement="div">
        Template
      </Input.Label>
      <Input.Description id={descriptionId} mb={6}>
        {description} Shift+Enter saves.
      </Input.Description>
      <QueryCodeEditor
        value={value}
        onChange={onChange}
        onRun={onSave}
        labelledBy={labelId}
        describedBy={error ? `${descriptionId} ${errorId}` : descriptionId}
        extensions={goTemplateLanguage}
      />
      {error && (
        <Input.Error id={errorId} mt={6} style={{ overflowWrap: 'anywhere' }}>
          {error}
        </Input.Error>
      )}
    </div>
  );
}

const HELP =
  'Go template text, as Grafana reads it. Text without {{ define "…" }} is defined under the template’s name; ' +
  'with defines, each one is a template of its own. Contact points call them in titles and messages as {{ template "name" . }}.';

function TemplateForm({ template, takenNames }: { template: NotificationTemplateAnswer | undefined; takenNames: string[] }) {
  const navigate = useNavigate();
  // Writing templates is an Admin's (`alert.notifications.templates:write`); a provisioned one is changed in its file.
  const canEdit = useHasRole('Admin') && template?.provenance !== 'file';
  const save = useSaveTemplate();
  const [name, setName] = useState(template?.name ?? '');
  const [text, setText] = useState(template?.template ?? '');
  const [submitted, setSubmitted] = useState(false);

  const trimmedName = name.trim();
  const nameProblem = !trimmedName
    ? 'Name the template'
    : template === undefined && takenNames.includes(trimmedName)
      ? `A template named ${trimmedName} already exists`
      : undefined;
  const textProblem = text.trim() ? undefined : 'Write the template’s text';
  const templateError = (submitted ? textProblem : undefined) ?? serverFieldError(save.error, 'template');
  // A refusal that names no field of this form (a contact point the change would break: 409) goes above the buttons.
  const formError = save.error && !serverFieldError(save.error, 'template') ? errorMessage(save.error) : undefined;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (nameProblem || textProblem || save.isPending) return;
    save.mutate(
      { name: trimmedName, template: text },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: template ? 'Template updated' : 'Template created', message: trimmedName });
          void navigate(paths.notificationTemplates());
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {template?.provenance === 'file' && (
          <Alert color="blue" variant="light" title="Provisioned">
            This template comes from a provisioning file and cannot be changed here.
          </Alert>
        )}
        <TextInput
          label="Name"
          description={
            template
              ? 'The name stays as it is: contact points call what the template defines'
              : 'Unique among the organisation’s templates; text without a define is defined under this name'
          }
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          readOnly={template !== undefined || !canEdit}
          error={submitted ? nameProblem : undefined}
          maw={420}
        />
        {canEdit ? (
          <TemplateTextField value={text} onChange={setText} onSave={() => submit()} error={templateError} description={HELP} />
        ) : (
          <Textarea
            label="Template"
            description={HELP}
            value={text}
            readOnly
            autosize
            minRows={4}
            maxRows={30}
            styles={{ input: MONOSPACE }}
          />
        )}
        {formError !== undefined && <FormRefusal title="Could not save the template">{formError}</FormRefusal>}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={paths.notificationTemplates()} variant="default">
            {canEdit ? 'Cancel' : 'Back'}
          </Button>
          {canEdit && (
            <Button type="submit" loading={save.isPending}>
              Save template
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** `/alerting/notifications/templates/new` and `.../<name>/edit`: Grafana's notification template form. */
export function TemplateEditorPage() {
  const { name } = useParams();
  const editing = name !== undefined;
  const template = useQuery({ ...templateQueryOptions(name ?? ''), enabled: editing });
  // A new template's name must be free: a PUT of a taken one would replace that template.
  const all = useQuery({ ...templatesQueryOptions(), enabled: !editing });
  const shown = editing ? template : all;
  return (
    <Page title={editing ? 'Edit notification template' : 'New notification template'}>
      {shown.isPending ? (
        <LoadingRows rows={3} label={editing ? 'Loading the template' : 'Loading the templates'} />
      ) : shown.isError ? (
        <ErrorState
          error={shown.error}
          onRetry={() => void shown.refetch()}
          title={editing ? 'Could not load the template' : 'Could not load the templates'}
        />
      ) : editing ? (
        <TemplateForm key={template.data!.name} template={template.data} takenNames={[]} />
      ) : (
        <TemplateForm template={undefined} takenNames={all.data!.map((t) => t.name)} />
      )}
    </Page>
  );
}
