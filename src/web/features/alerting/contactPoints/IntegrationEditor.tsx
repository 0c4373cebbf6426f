import { Alert, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { contactPointTypes, type ContactPointType } from '../../../../contract/alertingNotify';
import { settingsToSend, hasOptionalValues, type IntegrationDraft } from './draft';
import { TestIntegration } from './IntegrationStatus';
import { isMainField, isSecret, notifierOf, typeLabel } from './notifiers';
import { SettingField } from './SettingField';

/**
 * One integration of the contact point being edited: its type, the type's settings (the required
 * ones first, the optional ones folded away), the resolved-message switch, a Test that sends what
 * is on screen, and Remove.
 */
export function IntegrationEditor({
  integration,
  index,
  name,
  readOnly,
  canTest,
  canRemove,
  problems,
  serverError,
  onChange,
  onRemove,
  onValidate,
}: {
  integration: IntegrationDraft;
  index: number;
  /** The contact point's name, sent with a test. */
  name: string;
  readOnly: boolean;
  canTest: boolean;
  canRemove: boolean;
  /** What is wrong with each setting, shown beside it (empty until the person submits or tests). */
  problems: Record<string, string>;
  /** The server's refusal of this integration when it names no setting. */
  serverError: string | undefined;
  onChange: (integration: IntegrationDraft) => void;
  onRemove: () => void;
  /** Shows this integration's problems; false when it cannot be tested as it is. */
  onValidate: () => boolean;
}) {
  const headingId = useId();
  const notifier = notifierOf(integration.type);
  const fields = notifier?.fields ?? [];
  const [showOptional, setShowOptional] = useState(() => hasOptionalValues(integration));
  const label = typeLabel(integration.type);

  const setSetting = (setting: string, value: string | boolean) =>
    onChange({ ...integration, settings: { ...integration.settings, [setting]: value } });
  const resetSecret = (setting: string) =>
    onChange({
      ...integration,
      configured: integration.configured.filter((name) => name !== setting),
      settings: { ...integration.settings, [setting]: '' },
    });
  // Settings of another type mean nothing to the new one; stored secrets are not carried across types.
  const changeType = (type: ContactPointType) => onChange({ ...integration, type, settings: {}, configured: [] });

  const renderField = (field: (typeof fields)[number]) => (
    <SettingField
      key={field.name}
      field={field}
      value={integration.settings[field.name]}
      secret={isSecret(integration.type, field.name)}
      configured={integration.configured.includes(field.name)}
      readOnly={readOnly}
      error={problems[field.name]}
      onChange={(value) => setSetting(field.name, value)}
      onReset={() => resetSecret(field.name)}
    />
  );
  const optional = fields.filter((field) => !isMainField(field));

  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h5" id={headingId}>
            Integration {index + 1}: {label}
          </Title>
          {canRemove && !readOnly && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onRemove}
              aria-label={`Remove integration ${index + 1} (${label})`}
            >
              Remove
            </Button>
          )}
        </Group>
        <NativeSelect
          label="Integration type"
          data={contactPointTypes.map((type) => ({ value: type, label: typeLabel(type) }))}
          value={integration.type}
          disabled={readOnly}
          onChange={(event) => changeType(event.currentTarget.value as ContactPointType)}
          maw={360}
        />
        {notifier && (
          <Text size="sm" c="dimmed">
            {notifier.description}
          </Text>
        )}
        {fields.filter(isMainField).map(renderField)}
        {optional.length > 0 && (
          <Stack gap="sm">
            <Button
              variant="subtle"
              size="compact-sm"
              justify="flex-start"
              w="fit-content"
              leftSection={showOptional ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
              aria-expanded={showOptional}
              onClick={() => setShowOptional((open) => !open)}
            >
              Optional {label} settings
            </Button>
            {showOptional && optional.map(renderField)}
          </Stack>
        )}
        <Checkbox
          label="Disable resolved message"
          description="Send no notification when the alert resolves"
          checked={integration.disableResolveMessage}
          disabled={readOnly}
          onChange={(event) => onChange({ ...integration, disableResolveMessage: event.currentTarget.checked })}
        />
        {serverError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={`Could not save integration ${index + 1}`}
            style={{ overflowWrap: 'anywhere' }}
          >
            {serverError}
          </Alert>
        )}
        {canTest && (
          <TestIntegration
            integration={{
              name: name.trim() || 'Test contact point',
              uid: integration.uid,
              type: integration.type,
              settings: settingsToSend(integration),
              disableResolveMessage: integration.disableResolveMessage,
            }}
            label={`Test integration ${index + 1} (${label})`}
            beforeTest={onValidate}
          />
        )}
      </Stack>
    </Paper>
  );
}
