/**
 * What queries and expressions hand each other (Grafana's `mathexp` results): sets of time series,
 * sets of numbers, one scalar, or no data. Every item carries its labels.
 */
import { columnValues, type Frame } from '../query/frames';

export type Labels = Record<string, string>;

export interface Series {
  labels: Labels;
  /** Epoch milliseconds, ascending. */
  times: number[];
  values: Array<number | null>;
}

export interface NumberItem {
  labels: Labels;
  value: number | null;
}

export type ExprValue =
  | { kind: 'series'; items: Series[] }
  | { kind: 'number'; items: NumberItem[] }
  | { kind: 'scalar'; value: number | null }
  | { kind: 'nodata' };

export const NO_DATA: ExprValue = { kind: 'nodata' };

/** The labels as Grafana prints them: `{a=1, b=2}` (sorted). */
export function labelsText(labels: Labels): string {
  return `{${Object.keys(labels)
    .sort()
    .map((key) => `${key}=${labels[key]}`)
    .join(', ')}}`;
}

/** Whether every label of `small` is in `big`, with the same value. */
export function isLabelSubset(small: Labels, big: Labels): boolean {
  return Object.entries(small).every(([key, value]) => big[key] === value);
}

/** One stable key for a label set (sorted keys), used as the instance fingerprint. */
export function labelsKey(labels: Labels): string {
  return JSON.stringify(
    Object.keys(labels)
      .sort()
      .map((key) => [key, labels[key]]),
  );
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isNaN(n) && value !== 'NaN' ? null : n;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  return null;
}

/**
 * A data source's frames as Grafana's expressions read them: each number field of a frame with a
 * time field is a series (labels from the field, plus string columns of a long frame are not
 * split: Sightline's runners answer wide frames); frames without a time field give numbers, one
 * per row, labelled by their string columns. `instant` (an instant query) reads each series as
 * the number of its last point, as Grafana does for Prometheus instant vectors.
 */
export function valueOfFrames(frames: Frame[], instant: boolean): ExprValue {
  const series: Series[] = [];
  const numbers: NumberItem[] = [];
  for (const frame of frames) {
    const timeField = frame.fields.find((field) => field.type === 'time');
    const numberFields = frame.fields.filter((field) => field.type === 'number');
    if (timeField) {
      const times = columnValues(timeField).map((t) => (typeof t === 'number' ? t : Date.parse(String(t))));
      for (const field of numberFields) {
        const values = columnValues(field).map(toNumber);
        series.push({ labels: { ...(field.labels ?? {}) }, times, values });
      }
      continue;
    }
    const stringFields = frame.fields.filter((field) => field.type === 'string');
    for (const field of numberFields) {
      const values = columnValues(field);
      for (let row = 0; row < values.length; row++) {
        const labels: Labels = { ...(field.labels ?? {}) };
        for (const column of stringFields) labels[column.name] = String(columnValues(column)[row] ?? '');
        numbers.push({ labels, value: toNumber(values[row]) });
      }
    }
  }
  if (series.length === 0 && numbers.length === 0) return NO_DATA;
  if (series.length > 0 && (instant || numbers.length > 0)) {
    for (const one of series) {
      if (one.values.length > 0) numbers.push({ labels: one.labels, value: one.values[one.values.length - 1]! });
    }
    return numbers.length > 0 ? { kind: 'number', items: numbers } : NO_DATA;
  }
  if (series.length > 0) {
    // A series without points is no data for its labels.
    const withPoints = series.filter((one) => one.values.length > 0);
    return withPoints.length > 0 ? { kind: 'series', items: withPoints } : NO_DATA;
  }
  return { kind: 'number', items: numbers };
}
