import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';

export interface SqlMacro {
  /** As written, with its arguments. */
  syntax: string;
  /** What it becomes. */
  help: string;
}

/** The macros Sightline's server expands before the SQL reaches the database (`src/server/query/sql.ts`), as Grafana's. */
export const SQL_MACROS: readonly SqlMacro[] = [
  { syntax: '$__time(column)', help: 'The column as "time": the time column of a time series.' },
  { syntax: '$__timeEpoch(column)', help: 'The column as Unix seconds, named "time".' },
  { syntax: '$__timeFilter(column)', help: 'The column is within the dashboard’s time range.' },
  { syntax: '$__timeFrom()', help: 'The start of the time range, as a timestamp.' },
  { syntax: '$__timeTo()', help: 'The end of the time range, as a timestamp.' },
  {
    syntax: '$__timeGroup(column, interval[, fill])',
    help: 'The column rounded down to the interval (e.g. $__interval or 5m); fill is NULL, previous or a value.',
  },
  { syntax: '$__timeGroupAlias(column, interval[, fill])', help: '$__timeGroup named "time".' },
  { syntax: '$__unixEpochFilter(column)', help: 'The Unix-seconds column is within the time range.' },
  { syntax: '$__unixEpochFrom()', help: 'The start of the time range in Unix seconds.' },
  { syntax: '$__unixEpochTo()', help: 'The end of the time range in Unix seconds.' },
  { syntax: '$__unixEpochGroup(column, interval[, fill])', help: 'The Unix-seconds column rounded down to the interval.' },
  { syntax: '$__unixEpochGroupAlias(column, interval[, fill])', help: '$__unixEpochGroup named "time".' },
  { syntax: '$__unixEpochNanoFilter(column)', help: 'The Unix-nanoseconds column is within the time range.' },
  { syntax: '$__unixEpochNanoFrom()', help: 'The start of the time range in Unix nanoseconds.' },
  { syntax: '$__unixEpochNanoTo()', help: 'The end of the time range in Unix nanoseconds.' },
  { syntax: '$__interval', help: 'The panel’s interval, e.g. 1m: for $__timeGroup.' },
  { syntax: '$__interval_ms', help: 'The panel’s interval in milliseconds.' },
];

const macroOptions: Completion[] = SQL_MACROS.map(({ syntax, help }) => {
  const name = syntax.replace(/\(.*$/, '');
  const takesArguments = /\(.+\)/.test(syntax);
  return {
    label: name,
    detail: syntax.slice(name.length),
    info: `${syntax}\n\n${help}`,
    type: 'function',
    apply: (view, _completion, from, to) => {
      const insert = syntax.includes('(') ? `${name}()` : name;
      view.dispatch({ changes: { from, to, insert }, selection: { anchor: from + (takesArguments ? name.length + 1 : insert.length) } });
    },
  };
});

/** The macros, offered once `$` is typed. */
export function sqlMacroCompletion(context: CompletionContext): CompletionResult | null {
  const word = context.matchBefore(/\$\w*/);
  if (!word) return null;
  return { from: word.from, options: macroOptions, validFor: /^\$\w*$/ };
}
