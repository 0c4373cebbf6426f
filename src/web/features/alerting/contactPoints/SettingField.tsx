import { Button, Checkbox, Group, NativeSelect, Textarea, TextInput } from '@mantine/core';
import type { NotifierField } from './notifiers';

const asText = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/**
 * One setting of an integration, drawn by its kind. A secret stored on the server reads
 * "configured" with a Reset (its value never comes back); once reset, or when new, it is a
 * password box.
 */
export function SettingField({
  field,
  value,
  secret,
  configured,
  readOnly,
  error,
  onChange,
  onReset,
}: {
  field: NotifierField;
  value: unknown;
  secret: boolean;
  configured: boolean;
  readOnly: boolean;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
  onReset: () => void;
}) {
  const required = field.required === true;
  if (secret && configured) {
    return (
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={field.label}
          description={field.description}
          value="configured"
          readOnly
          required={required}
          error={error}
          style={{ flex: 1 }}
        />
        {!readOnly && (
          <Button variant="default" onClick={onReset} aria-label={`Reset ${field.label}`}>
            Reset
          </Button>
        )}
      </Group>
    );
  }
  if (field.kind === 'checkbox') {
    return (
      <Checkbox
        label={field.label}
        description={field.description}
        checked={value === true || value === 'true'}
        disabled={readOnly}
        onChange={(event) => onChange(event.currentTarget.checked)}
        error={error}
      />
    );
  }
  if (field.kind === 'select') {
    const options = field.options ?? [];
    const data = options.some((option) => option.value === '') ? options : [{ value: '', label: 'Default' }, ...options];
    return (
      <NativeSelect
        label={field.label}
        description={field.description}
        data={data.map((option) => ({ value: option.value, label: option.label }))}
        value={asText(value)}
        disabled={readOnly}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        maw={360}
      />
    );
  }
  if (field.kind === 'textarea') {
    return (
      <Textarea
        label={field.label}
        description={hintOf(field)}
        value={asText(value)}
        readOnly={readOnly}
        required={required}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        autosize
        minRows={2}
        maxRows={10}
      />
    );
  }
  return (
    <TextInput
      label={field.label}
      description={hintOf(field)}
      type={secret ? 'password' : 'text'}
      autoComplete={secret ? 'new-password' : 'off'}
      value={asText(value)}
      readOnly={readOnly}
      required={required}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

/** The field's help with its sample value after it: in words that stay on screen while a person types. */
function hintOf(field: NotifierField): string | undefined {
  if (!field.example) return field.description;
  return field.description ? `${field.description} E.g. ${field.example}` : `E.g. ${field.example}`;
}
