import type { DataFrame } from '../../contract/query';

/** One column of a frame, decoded: values with NaN/±Inf restored, the field's type worked out. */
export interface PanelField {
  name: string;
  type: 'time' | 'number' | 'string' | 'boolean' | 'other';
  values: unknown[];
  labels?: Record<string, string>;
  /** The config the data source sent (`displayNameFromDS`, `unit`, `interval`, ...). */
  config: Record<string, unknown>;
}

export interface PanelFrame {
  refId?: string;
  name?: string;
  fields: PanelField[];
  length: number;
  /** Position among all frames the panel got. */
  index: number;
}

type Entities = { NaN?: number[]; Inf?: number[]; NegInf?: number[] } | null | undefined;

function restoreEntities(values: unknown[], entities: Entities): unknown[] {
  if (!entities) return values;
  const copy = values.slice();
  for (const i of entities.NaN ?? []) copy[i] = Number.NaN;
  for (const i of entities.Inf ?? []) copy[i] = Number.POSITIVE_INFINITY;
  for (const i of entities.NegInf ?? []) copy[i] = Number.NEGATIVE_INFINITY;
  return copy;
}

function guessType(declared: string | undefined, frameType: string | undefined, values: unknown[]): PanelField['type'] {
  if (declared === 'time' || declared === 'number' || declared === 'string' || declared === 'boolean') return declared;
  if (frameType?.startsWith('time.')) return 'time';
  if (frameType && /int|float|uint/.test(frameType)) return 'number';
  if (frameType === 'string') return 'string';
  if (frameType === 'bool') return 'boolean';
  const first = values.find((v) => v !== null && v !== undefined);
  if (typeof first === 'number') return 'number';
  if (typeof first === 'boolean') return 'boolean';
  if (typeof first === 'string') return 'string';
  return 'other';
}

/** Decodes frames in the wire shape (`schema` + column-major `data.values`) into fields with values. */
export function decodeFrames(frames: DataFrame[]): PanelFrame[] {
  return frames.map((frame, index) => {
    const values = Array.isArray(frame.data?.values) ? frame.data.values : [];
    const entities = (frame.data as { entities?: Entities[] } | undefined)?.entities;
    const fields = (frame.schema?.fields ?? []).map((field, i): PanelField => {
      const raw = Array.isArray(values[i]) ? (values[i] as unknown[]) : [];
      const column = restoreEntities(raw, Array.isArray(entities) ? entities[i] : undefined);
      const type = guessType(field.type, field.typeInfo?.frame, column);
      return {
        name: field.name,
        type,
        values: type === 'time' ? column.map(toEpochMs) : column,
        labels: field.labels && Object.keys(field.labels).length > 0 ? field.labels : undefined,
        config: { ...(field.config ?? {}) },
      };
    });
    const length = fields.reduce((max, f) => Math.max(max, f.values.length), 0);
    return { refId: frame.schema?.refId, name: frame.schema?.name, fields, length, index };
  });
}

function toEpochMs(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/** A value as a number when it is one (numeric strings from SQL included), else null. */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isNaN(n) ? null : n;
  }
  return null;
}

/** True when no frame holds a single value: the panel then says "No data". */
export function framesHaveNoValues(frames: DataFrame[]): boolean {
  for (const frame of frames) {
    const values = frame.data?.values;
    if (Array.isArray(values) && values.some((column) => Array.isArray(column) && column.length > 0)) return false;
  }
  return true;
}

/** Grafana's `{a="b", c="d"}` label text. */
export function formatLabels(labels: Record<string, string> | undefined): string {
  if (!labels) return '';
  const keys = Object.keys(labels).sort();
  if (keys.length === 0) return '';
  return `{${keys.map((k) => `${k}="${labels[k]}"`).join(', ')}}`;
}

/** A field's name as transformations match it: the name its data source gave it, else its own. */
export function fieldNameOf(field: PanelField): string {
  return typeof field.config.displayNameFromDS === 'string' && field.config.displayNameFromDS ? field.config.displayNameFromDS : field.name;
}

/** The frame with its `length`: its longest field's. */
export function framedWithLength(frame: Omit<PanelFrame, 'length'>): PanelFrame {
  return { ...frame, length: frame.fields.reduce((max, f) => Math.max(max, f.values.length), 0) };
}
