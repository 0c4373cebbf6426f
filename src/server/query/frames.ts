/**
 * Grafana's data-frame JSON (grafana-plugin-sdk-go `data/frame_json.go`): a schema with typed
 * fields and column-major values. JSON has no NaN or ±Inf, so those travel as null with their
 * row indexes in `data.entities`, exactly as Grafana encodes them.
 */
import type { DataFrame, FieldConfig, FrameMeta } from '../../contract/query';

export type FieldKind = 'time' | 'number' | 'string' | 'boolean' | 'other';

export interface Field {
  name: string;
  type: FieldKind;
  /** The column's values; empty when `json` carries them. */
  values: unknown[];
  /**
   * The column already as a JSON array, text or UTF-8 bytes (Prometheus's own number texts, cut
   * from its answer): written out as it is, saving a parse into numbers and a print back on the
   * hottest path. NaN and ±Inf are null in it, their rows in `jsonEntities`.
   */
  json?: string | Uint8Array;
  jsonEntities?: Entities | null;
  labels?: Record<string, string>;
  config?: FieldConfig;
  /** Go type name Grafana reports in `typeInfo.frame`; derived from `type` when left out. */
  frameType?: string;
  nullable?: boolean;
}

export interface Frame {
  name?: string;
  refId?: string;
  meta?: FrameMeta;
  fields: Field[];
}

const defaultFrameType: Record<FieldKind, string> = {
  time: 'time.Time',
  number: 'float64',
  string: 'string',
  boolean: 'bool',
  other: 'json.RawMessage',
};

export interface Entities {
  NaN?: number[];
  Inf?: number[];
  NegInf?: number[];
}

/** Numbers as JSON can carry them, and the rows that held NaN/±Inf. */
function encodeNumbers(values: unknown[]): { values: unknown[]; entities: Entities | null } {
  let entities: Entities | null = null;
  let copy: unknown[] | undefined;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value !== 'number' || Number.isFinite(value)) continue;
    copy ??= values.slice();
    copy[i] = null;
    entities ??= {};
    const key = Number.isNaN(value) ? 'NaN' : value > 0 ? 'Inf' : 'NegInf';
    (entities[key] ??= []).push(i);
  }
  return { values: copy ?? values, entities };
}

function schemaOf(frame: Frame): DataFrame['schema'] {
  return {
    ...(frame.name !== undefined && frame.name !== '' ? { name: frame.name } : {}),
    ...(frame.refId !== undefined ? { refId: frame.refId } : {}),
    ...(frame.meta ? { meta: frame.meta } : {}),
    fields: frame.fields.map((field) => ({
      name: field.name,
      type: field.type,
      typeInfo: { frame: field.frameType ?? defaultFrameType[field.type], ...(field.nullable ? { nullable: true } : {}) },
      ...(field.labels && Object.keys(field.labels).length > 0 ? { labels: field.labels } : {}),
      ...(field.config && Object.keys(field.config).length > 0 ? { config: field.config } : {}),
    })),
  };
}

/** Values per piece of a column's JSON text: a large column is written a piece at a time, never as one string. */
const PIECE_VALUES = 16_384;

function* arrayJsonParts(values: unknown[]): Generator<string> {
  if (values.length <= PIECE_VALUES) {
    yield JSON.stringify(values);
    return;
  }
  yield '[';
  for (let start = 0; start < values.length; start += PIECE_VALUES) {
    const text = JSON.stringify(values.slice(start, start + PIECE_VALUES));
    yield (start > 0 ? ',' : '') + text.slice(1, -1);
  }
  yield ']';
}

/**
 * The frame as Grafana's JSON text, in pieces, so a large answer can be sent as it is written;
 * pre-rendered columns are written as they are.
 */
export function* frameJsonParts(frame: Frame): Generator<string | Uint8Array> {
  yield `{"schema":${JSON.stringify(schemaOf(frame))},"data":{"values":[`;
  const entities: Array<Entities | null> = [];
  for (const [index, field] of frame.fields.entries()) {
    if (index > 0) yield ',';
    if (field.json !== undefined) {
      entities.push(field.jsonEntities ?? null);
      yield field.json;
      continue;
    }
    const encoded = field.type === 'number' ? encodeNumbers(field.values) : { values: field.values, entities: null };
    entities.push(encoded.entities);
    yield* arrayJsonParts(encoded.values);
  }
  yield entities.some((entry) => entry !== null) ? `],"entities":${JSON.stringify(entities)}}}` : ']}}';
}

const utf8 = new TextDecoder();
const textOf = (part: string | Uint8Array) => (typeof part === 'string' ? part : utf8.decode(part));

/** The frame as Grafana's JSON text. */
export function frameJson(frame: Frame): string {
  return Array.from(frameJsonParts(frame), textOf).join('');
}

/** A column's values, numbers and all, whether it carries them or their JSON (NaN and ±Inf restored). */
export function columnValues(field: Field): unknown[] {
  if (field.json === undefined) return field.values;
  const values = JSON.parse(textOf(field.json)) as unknown[];
  const entities = field.jsonEntities;
  if (entities) {
    for (const row of entities.NaN ?? []) values[row] = Number.NaN;
    for (const row of entities.Inf ?? []) values[row] = Number.POSITIVE_INFINITY;
    for (const row of entities.NegInf ?? []) values[row] = Number.NEGATIVE_INFINITY;
  }
  return values;
}

/** Labels with keys sorted, so frames and tables read the same way every time. */
export function sortedLabels(labels: Record<string, string>): Record<string, string> {
  const keys = Object.keys(labels).sort();
  const sorted: Record<string, string> = {};
  for (const key of keys) sorted[key] = labels[key]!;
  return sorted;
}
