import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  bearerIndex,
  customHeaderNumber,
  headerNamePath,
  headerValuePath,
  newHeaderRow,
  removeHeaderRow,
  withAuthMethod,
  type AuthMethod,
  type FieldErrors,
  type FormState,
} from './form';
import { SecretInput } from './SecretInput';
import { fieldPath, isVisible, secretPath, type FieldSpec, type SectionSpec } from './settings';

export interface SectionProps {
  state: FormState;
  onChange: (next: FormState) => void;
  errors: FieldErrors;
  readOnly: boolean;
}

/** A titled block of settings, as Grafana groups them ("HTTP", "Auth", ...). */
export function SettingsBlock({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** Short values get a short box; their label and description keep the full width. */
const narrowInput = { wrapper: { maxWidth: 320 } };

function FieldInput({ field, state, onChange, errors, readOnly }: SectionProps & { field: FieldSpec }) {
  const error = errors[fieldPath(field)];
  if (field.kind === 'secret') {
    return (
      <SecretInput
        label={field.label}
        description={field.description}
        placeholder={field.placeholder}
        secret={state.secrets[field.key] ?? { configured: false, value: '' }}
        onChange={(secret) => onChange({ ...state, secrets: { ...state.secrets, [field.key]: secret } })}
        error={error}
        readOnly={readOnly}
        required={field.required}
        multiline={field.multiline}
      />
    );
  }
  const value = state.values[field.path];
  const set = (next: string | boolean) => onChange({ ...state, values: { ...state.values, [field.path]: next } });
  if (field.kind === 'switch') {
    return (
      <Switch
        label={field.label}
        description={field.description}
        checked={value === true}
        onChange={(event) => set(event.currentTarget.checked)}
        disabled={readOnly}
        error={error}
      />
    );
  }
  if (field.kind === 'select') {
    return (
      <NativeSelect
        label={field.label}
        description={field.description}
        data={field.options ?? []}
        value={String(value ?? '')}
        onChange={(event) => set(event.currentTarget.value)}
        disabled={readOnly}
        error={error}
        styles={narrowInput}
      />
    );
  }
  const narrow = field.kind === 'number' || field.kind === 'duration';
  return (
    <TextInput
      label={field.label}
      description={field.description}
      placeholder={field.placeholder}
      value={String(value ?? '')}
      onChange={(event) => set(event.currentTarget.value)}
      error={error}
      readOnly={readOnly}
      required={field.required}
      inputMode={field.kind === 'number' ? 'numeric' : field.kind === 'url' ? 'url' : undefined}
      spellCheck={false}
      autoComplete="off"
      styles={narrow ? narrowInput : undefined}
    />
  );
}

export function SpecSection({ section, ...props }: SectionProps & { section: SectionSpec }) {
  const fields = section.fields.filter((field) => isVisible(field, props.state.values));
  return (
    <SettingsBlock title={section.title} description={section.description}>
      {fields.map((field) => (
        <FieldInput key={fieldPath(field)} field={field} {...props} />
      ))}
    </SettingsBlock>
  );
}

const authMethods: Array<{ value: AuthMethod; label: string }> = [
  { value: 'none', label: 'No authentication' },
  { value: 'basic', label: 'Basic authentication' },
  { value: 'bearer', label: 'Bearer token' },
];

/** Basic auth (`basicAuth`, `basicAuthUser`, `secureJsonData.basicAuthPassword`) or a bearer token header. */
export function AuthSection({ state, onChange, errors, readOnly }: SectionProps) {
  const bearer = bearerIndex(state);
  const bearerRow = bearer >= 0 ? state.headers[bearer] : undefined;
  return (
    <SettingsBlock title="Auth" description="How Sightline proves who it is to the data source.">
      <NativeSelect
        label="Authentication method"
        data={authMethods}
        value={state.auth}
        onChange={(event) => onChange(withAuthMethod(state, event.currentTarget.value as AuthMethod))}
        disabled={readOnly}
        styles={narrowInput}
      />
      {state.auth === 'basic' && (
        <>
          <TextInput
            label="User"
            value={state.basicAuthUser}
            onChange={(event) => onChange({ ...state, basicAuthUser: event.currentTarget.value })}
            error={errors.basicAuthUser}
            readOnly={readOnly}
            required
            autoComplete="off"
          />
          <SecretInput
            label="Password"
            secret={state.secrets.basicAuthPassword ?? { configured: false, value: '' }}
            onChange={(secret) => onChange({ ...state, secrets: { ...state.secrets, basicAuthPassword: secret } })}
            error={errors[secretPath('basicAuthPassword')]}
            readOnly={readOnly}
            required
          />
        </>
      )}
      {bearerRow && (
        <SecretInput
          label="Token"
          description="Sent as the header Authorization: Bearer <token>."
          secret={{ configured: bearerRow.configured, value: bearerRow.value }}
          onChange={(secret) =>
            onChange({
              ...state,
              headers: state.headers.map((row, i) =>
                i === bearer ? { ...row, configured: secret.configured, value: secret.value, moved: false } : row,
              ),
            })
          }
          error={errors[headerValuePath(bearer)]}
          readOnly={readOnly}
          required
        />
      )}
    </SettingsBlock>
  );
}

/** Grafana's custom headers; values are secrets like passwords. */
export function HeadersSection({ state, onChange, errors, readOnly }: SectionProps) {
  const bearer = bearerIndex(state);
  const rows = state.headers.map((row, index) => ({ row, index })).filter(({ index }) => index !== bearer);
  const updateRow = (index: number, change: Partial<FormState['headers'][number]>) =>
    onChange({ ...state, headers: state.headers.map((row, i) => (i === index ? { ...row, ...change } : row)) });
  return (
    <SettingsBlock
      title="HTTP headers"
      description="Sent with every request to the data source, e.g. X-Scope-OrgID for a multi-tenant Loki. Values are stored encrypted."
    >
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No custom headers.
        </Text>
      )}
      {rows.map(({ row, index }) => {
        const n = customHeaderNumber(state, index);
        return (
          <Group key={row.id} align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={`Header ${n} name`}
              placeholder="X-Custom-Header"
              value={row.name}
              onChange={(event) => updateRow(index, { name: event.currentTarget.value })}
              error={errors[headerNamePath(index)]}
              readOnly={readOnly}
              required
              autoComplete="off"
              spellCheck={false}
              style={{ flex: 1 }}
            />
            <div style={{ flex: 1 }}>
              <SecretInput
                label={`Header ${n} value`}
                description={row.moved ? 'Enter the value again: the header moved up when one above it was removed.' : undefined}
                secret={{ configured: row.configured, value: row.value }}
                onChange={(secret) => updateRow(index, { configured: secret.configured, value: secret.value, moved: false })}
                error={errors[headerValuePath(index)]}
                readOnly={readOnly}
                required
              />
            </div>
            {!readOnly && (
              <Tooltip label={`Remove header ${n}`}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  mt={25}
                  aria-label={`Remove header ${n}`}
                  onClick={() => onChange({ ...state, headers: removeHeaderRow(state.headers, index) })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      })}
      {!readOnly && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onChange({ ...state, headers: [...state.headers, newHeaderRow()] })}
          >
            Add header
          </Button>
        </Group>
      )}
    </SettingsBlock>
  );
}
