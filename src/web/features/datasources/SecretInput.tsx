import { Button, PasswordInput, Textarea, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { SecretState } from './form';

interface SecretInputProps {
  label: string;
  description?: string;
  placeholder?: string;
  secret: SecretState;
  onChange: (secret: SecretState) => void;
  error?: string;
  readOnly?: boolean;
  required?: boolean;
  multiline?: boolean;
}

/**
 * A write-only secret. Once saved it shows "configured" and a Reset button, never its value;
 * after Reset a new value can be typed, and saving it empty removes the saved one.
 */
export function SecretInput({ label, description, placeholder, secret, onChange, error, readOnly, required, multiline }: SecretInputProps) {
  if (secret.configured) {
    return (
      <TextInput
        label={label}
        description={description}
        value="configured"
        readOnly
        variant="filled"
        error={error}
        required={required}
        rightSectionWidth={76}
        rightSectionPointerEvents="all"
        rightSection={
          !readOnly && (
            <Button
              size="compact-sm"
              variant="default"
              aria-label={`Reset ${label}`}
              onClick={() => onChange({ configured: false, value: '' })}
            >
              Reset
            </Button>
          )
        }
      />
    );
  }
  // Typing a value, in one line or several, starts a new secret.
  const entry = {
    label,
    description,
    placeholder,
    value: secret.value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ configured: false, value: event.currentTarget.value }),
    error,
    readOnly,
    required,
  };
  if (multiline) {
    return (
      <Textarea
        {...entry}
        autosize
        minRows={3}
        maxRows={10}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
    );
  }
  return <PasswordInput {...entry} autoComplete="new-password" visibilityToggleButtonProps={{ 'aria-label': `Show or hide ${label}` }} />;
}
