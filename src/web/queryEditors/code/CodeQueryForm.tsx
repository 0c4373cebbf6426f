import type { Extension } from '@codemirror/state';
import { Stack } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { textOf, type TypeEditorProps } from '../editorProps';
import { QueryOptionsRow } from '../QueryOptionInputs';
import { CodeQueryField } from './CodeQueryField';
import type { SyntaxProblem } from './syntaxProblems';

/**
 * A code-based query editor: the query's `field` as text in its language, labelled
 * "<language> query <refId>", with the grammar's first problem under it (when the language has a
 * grammar), then the row of options and what goes below them.
 */
export function CodeQueryForm({
  query,
  errorId,
  onChange,
  onRun,
  field,
  language,
  extensions,
  problemsOf,
  placeholder,
  options,
  children,
}: Omit<TypeEditorProps, 'dataSource'> & {
  /** Where the query keeps its text: `expr`, `rawSql`. */
  field: string;
  language: string;
  extensions: Extension;
  problemsOf?(text: string): SyntaxProblem[];
  placeholder: string;
  options: ReactNode;
  children?: ReactNode;
}) {
  const text = textOf(query[field]);
  const problem = useMemo(() => problemsOf?.(text)[0]?.message, [problemsOf, text]);
  return (
    <Stack gap="xs">
      <CodeQueryField
        label={`${language} query ${query.refId}`}
        value={text}
        onChange={(next) => onChange({ ...query, [field]: next })}
        onRun={onRun}
        extensions={extensions}
        placeholder={placeholder}
        syntaxError={problem}
        errorId={errorId}
      />
      <QueryOptionsRow>{options}</QueryOptionsRow>
      {children}
    </Stack>
  );
}
