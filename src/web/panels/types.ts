import type { DataFrame } from '../../contract/query';
import type { Panel } from './layout';

/**
 * The seam between the dashboard runtime (time range, variables, queries, grid) and the panel
 * renderers (timeseries, stat, gauge, bargauge, table, text, ...). A renderer draws what it is
 * given; it never fetches.
 */

/** An absolute time range in epoch milliseconds. */
export interface TimeRangeMs {
  from: number;
  to: number;
}

/** An annotation as a graph shows it: a point (`timeEnd` absent or equal) or a region. */
export interface PanelAnnotation {
  id: number;
  time: number;
  timeEnd?: number;
  /** HTML, shown sanitised (Grafana's rule). */
  text: string;
  /** A data source annotation's title (Prometheus' and Loki's `titleFormat`, a SQL `title` column). */
  title?: string;
  tags: string[];
  /** Who made it (login or service account name), when known. */
  author?: string;
  color?: string;
}

export interface PanelProps {
  /** The panel's JSON from the dashboard model, as saved (options, fieldConfig, targets, ...). */
  panel: Panel;
  /** Every frame the panel's queries answered, all refIds together, in query order. */
  frames: DataFrame[];
  /** Inner size of the panel's drawing area, in CSS pixels. */
  width: number;
  height: number;
  timeRange: TimeRangeMs;
  /** `browser` (default), `utc`, or an IANA zone name, as the dashboard's `timezone`. */
  timeZone?: string;
  annotations?: PanelAnnotation[];
  /** Drag across a graph to zoom in. */
  onChangeTimeRange?(range: TimeRangeMs): void;
  /** Ctrl/Cmd-click (a point) or Ctrl/Cmd-drag (a region) on a graph. */
  onCreateAnnotation?(at: { time: number; timeEnd?: number }): void;
  /** Interpolates dashboard variables (`$var`, `${var:csv}`, ...) in text such as markdown or display names. */
  replaceVariables?(text: string): string;
  /** The level of the panel title's heading (2, or 3 under a row): headings inside the panel start one below. */
  headingLevel?: number;
  /**
   * The dashboard's `graphTooltip`, as Grafana's 0/1/2: each graph's cursor on its own (`none`, the
   * default), one crosshair across every graph (`crosshair`), or the tooltip shown on each (`tooltip`).
   */
  sharedCursor?: SharedCursor;
}

export type SharedCursor = 'none' | 'crosshair' | 'tooltip';
