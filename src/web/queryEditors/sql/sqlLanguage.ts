import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { keywordCompletionSource, MySQL, PostgreSQL } from '@codemirror/lang-sql';
import { LanguageSupport } from '@codemirror/language';
import type { DataSourceSummary } from '../../api/dataSources';
import { sqlMacroCompletion } from './sqlMacros';
import { loadSqlSchema, type SqlSchema } from './sqlSchema';

/**
 * SQL in the data source's dialect, completing keywords, the macros, and the tables and columns
 * of the database (asked once, when first needed, never when the editor opens).
 */
export function sqlSupport(dataSource: DataSourceSummary): LanguageSupport {
  const dialect = dataSource.type === 'mysql' ? MySQL : PostgreSQL;
  let schema: Promise<SqlSchema> | undefined;
  const tablesAndColumns: CompletionSource = async (context) => {
    // The database is asked only once the query names a table (or completion is asked for), as
    // Grafana's editor asks for columns once a table is chosen.
    if (!context.explicit && !/\b(from|join|update|into|table)\b/i.test(context.state.doc.toString())) return null;
    schema ??= loadSqlSchema(dataSource).catch(() => {
      // Asked again next time: the database may be back.
      schema = undefined;
      return {};
    });
    return schemaCompletion(context, await schema);
  };
  return new LanguageSupport(dialect.language, [
    dialect.language.data.of({ autocomplete: keywordCompletionSource(dialect, true) }),
    dialect.language.data.of({ autocomplete: tablesAndColumns }),
    dialect.language.data.of({ autocomplete: sqlMacroCompletion }),
  ]);
}

/**
 * Tables and columns at the cursor, read from the text (a half-written query rarely parses):
 * after `table.` that table's columns; elsewhere the tables, and the columns of the tables the
 * query names (of every table while it names none).
 */
export function schemaCompletion(context: CompletionContext, schema: SqlSchema): CompletionResult | null {
  const member = context.matchBefore(/([\w$]+)\.\w*$/);
  if (member) {
    const table = member.text.slice(0, member.text.indexOf('.'));
    const columns = schema[table] ?? Object.entries(schema).find(([name]) => name.toLowerCase() === table.toLowerCase())?.[1];
    if (!columns) return null;
    return { from: member.from + table.length + 1, options: columns.map((c) => ({ label: c, type: 'property' })), validFor: /^\w*$/ };
  }
  const word = context.matchBefore(/\w*$/);
  if (!word || (word.from === word.to && !context.explicit)) return null;
  const text = context.state.doc.toString().toLowerCase();
  const tables = Object.keys(schema);
  const named = tables.filter((t) => new RegExp(`\\b${t.toLowerCase().replace(/[^\w]/g, '\\$&')}\\b`).test(text));
  const options: Completion[] = [
    ...tables.map((t) => ({ label: t, type: 'type', detail: 'table' })),
    ...(named.length > 0 ? named : tables).flatMap((t) => schema[t]!.map((c) => ({ label: c, type: 'property', detail: t }))),
  ];
  return { from: word.from, options, validFor: /^\w*$/ };
}
