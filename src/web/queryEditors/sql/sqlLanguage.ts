import type { CompletionSource } from '@codemirror/autocomplete';
import { keywordCompletionSource, MySQL, PostgreSQL, schemaCompletionSource } from '@codemirror/lang-sql';
import { LanguageSupport } from '@codemirror/language';
import type { DataSourceSummary } from '../../api/dataSources';
import { sqlMacroCompletion } from './sqlMacros';
import { loadSqlSchema } from './sqlSchema';

/**
 * SQL in the data source's dialect, completing keywords, the macros, and the tables and columns
 * of the database (asked once, when first needed, never when the editor opens).
 */
export function sqlSupport(dataSource: DataSourceSummary): LanguageSupport {
  const dialect = dataSource.type === 'mysql' ? MySQL : PostgreSQL;
  let schemaSource: Promise<CompletionSource> | undefined;
  const tablesAndColumns: CompletionSource = async (context) => {
    // The database is asked only once the query names a table (or completion is asked for), as
    // Grafana's editor asks for columns once a table is chosen.
    if (!context.explicit && !/\b(from|join|update|into|table)\b/i.test(context.state.doc.toString())) return null;
    schemaSource ??= loadSqlSchema(dataSource)
      .then((schema) => schemaCompletionSource({ dialect, schema }))
      .catch(() => {
        // Asked again next time: the database may be back.
        schemaSource = undefined;
        return () => null;
      });
    return (await schemaSource)(context);
  };
  return new LanguageSupport(dialect.language, [
    dialect.language.data.of({ autocomplete: keywordCompletionSource(dialect, true) }),
    dialect.language.data.of({ autocomplete: tablesAndColumns }),
    dialect.language.data.of({ autocomplete: sqlMacroCompletion }),
  ]);
}
