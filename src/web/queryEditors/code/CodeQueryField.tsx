import type { Extension } from '@codemirror/state';
import { Text, useComputedColorScheme } from '@mantine/core';
import { useId } from 'react';
import QueryCodeEditor from './QueryCodeEditor';

/**
 * A labelled query text in a language: the CodeMirror field, and under it the grammar's first
 * complaint in words (the same one the field underlines), which the field names as its description
 * together with the last run's error.
 */
export function CodeQueryField({
  label,
  value,
  onChange,
  onRun,
  extensions,
  placeholder,
  syntaxError,
  errorId,
}: {
  label: string;
  value: string;
  onChange(text: string): void;
  onRun(): void;
  extensions: Extension;
  placeholder?: string;
  syntaxError?: string;
  errorId?: string;
}) {
  const id = useId();
  // Red that reads at 4.5:1 on either body colour (axe).
  const errorColour = useComputedColorScheme('light') === 'dark' ? 'red.4' : 'red.9';
  const labelId = `${id}-label`;
  const syntaxId = `${id}-syntax`;
  const describedBy = [syntaxError ? syntaxId : undefined, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <Text id={labelId} component="label" size="sm" fw={500} display="block" mb={4}>
        {label}
      </Text>
      <QueryCodeEditor
        value={value}
        onChange={onChange}
        onRun={onRun}
        labelledBy={labelId}
        describedBy={describedBy}
        placeholder={placeholder}
        extensions={extensions}
      />
      {syntaxError && (
        <Text id={syntaxId} size="xs" c={errorColour} mt={4} style={{ overflowWrap: 'anywhere' }}>
          {syntaxError}
        </Text>
      )}
    </div>
  );
}
