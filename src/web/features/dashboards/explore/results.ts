import type { DataFrame } from '../../../../contract/query';
import { decodeFrames } from '../../../panels/frames';

/** A frame of log lines (Loki's streams): Grafana shows these in the logs view, not the graph or table. */
export function isLogsFrame(frame: DataFrame): boolean {
  const meta = frame.schema.meta;
  return meta?.preferredVisualisationType === 'logs' || meta?.type === 'log-lines';
}

/**
 * A frame the graph can draw: a time field and a number field, and not one the data source wants
 * shown as a table (Prometheus's `table` format).
 */
export function isGraphFrame(frame: DataFrame): boolean {
  if (isLogsFrame(frame) || frame.schema.meta?.preferredVisualisationType === 'table') return false;
  const [decoded] = decodeFrames([frame]);
  return Boolean(decoded?.fields.some((f) => f.type === 'time') && decoded.fields.some((f) => f.type === 'number'));
}

export interface SplitResults {
  graph: DataFrame[];
  table: DataFrame[];
  logs: DataFrame[];
}

/** Which frames each view of Explore shows: graphs for time series, the table for every non-log frame, logs for log lines. */
export function splitFrames(frames: readonly DataFrame[]): SplitResults {
  const logs = frames.filter(isLogsFrame);
  const table = frames.filter((f) => !isLogsFrame(f));
  return { graph: table.filter(isGraphFrame), table, logs };
}

/** The panel type "Add to dashboard" creates for these results, as Grafana's `getPanelType`. */
export function panelTypeFor(results: SplitResults): 'timeseries' | 'logs' | 'table' {
  if (results.graph.length > 0) return 'timeseries';
  if (results.logs.length > 0) return 'logs';
  return 'table';
}
