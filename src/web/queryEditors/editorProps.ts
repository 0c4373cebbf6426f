import type { DataSourceSummary } from '../api/dataSources';
import type { DataQuery } from './queryKinds';

export interface QueryEditorProps {
  query: DataQuery;
  /** The data source the query runs against; its type picks the editor. */
  dataSource: DataSourceSummary | undefined;
  /** The server's words about this query's last run, shown under it. */
  error?: string;
  onChange(query: DataQuery): void;
  /** Run the queries now (Shift+Enter in a code editor). */
  onRun(): void;
}

/** What a data source type's editor gets: the query editor's props, the data source known, and the id of the run error shown under it. */
export interface TypeEditorProps extends Omit<QueryEditorProps, 'dataSource' | 'error'> {
  dataSource: DataSourceSummary;
  /** The id of the element showing the last run's error, when there is one. */
  errorId?: string;
}

/** A query field as text, or '' when absent. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export function numberOrUndefined(value: string | number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
