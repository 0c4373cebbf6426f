/**
 * Grafana's data-frame JSON (grafana-plugin-sdk-go `data/frame_json.go`): a schema with typed
 * fields and column-major values. JSON has no NaN or ±Inf, so those travel as null with their
 * row indexes in `data.entities`, exactly as Grafana encodes them.
 */
import type { FieldConfig, FrameMeta } from '../../contract/query';

export type FieldKind = 'time' | 'number' | 'string' | 'boolean' | 'other';

export interface Field {
  name: string;
  type: FieldKind;
  /** The column's values; empty when `json` carries them. */
  values: unknown[];
  /**
   * The column already as a JSON array text (Prometheus's own number texts, copied from its
   * answer): written out as it is, saving a parse into numbers and a print back on the hottest
   * path. NaN and ±Inf are null in it, their rows in `jsonEntities`.
   */
  json?: string;
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

/** Whether an object has any own key, without listing them. */
function hasKeys(object: object): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return true;
  return false;
}

/**
 * The last `meta` written and its text. A query's series frames share one `meta` object, not
 * changed once made, so ten frames stringify it once.
 */
let lastMeta: FrameMeta | undefined;
let lastMetaJson = '';

function metaJson(meta: FrameMeta): string {
  if (meta !== lastMeta) {
    lastMetaJson = JSON.stringify(meta);
    lastMeta = meta;
  }
  return lastMetaJson;
}

/**
 * The frame's `schema` (`DataFrame['schema']`) as JSON text, written field by field: building the
 * object with its optional keys first and then stringifying it cost a third of writing a frame.
 * Keys come in the order Grafana writes them; empty names, labels and configs are left out.
 */
function schemaJson(frame: Frame): string {
  let out = '{';
  if (frame.name !== undefined && frame.name !== '') out += `"name":${JSON.stringify(frame.name)},`;
  if (frame.refId !== undefined) out += `"refId":${JSON.stringify(frame.refId)},`;
  if (frame.meta) out += `"meta":${metaJson(frame.meta)},`;
  out += '"fields":[';
  for (let i = 0; i < frame.fields.length; i++) {
    const field = frame.fields[i]!;
    const frameType = field.frameType ?? defaultFrameType[field.type];
    out += `${i > 0 ? ',' : ''}{"name":${JSON.stringify(field.name)},"type":"${field.type}","typeInfo":{"frame":${JSON.stringify(frameType)}`;
    out += field.nullable ? ',"nullable":true}' : '}';
    if (field.labels && hasKeys(field.labels)) out += `,"labels":${JSON.stringify(field.labels)}`;
    if (field.config && hasKeys(field.config)) out += `,"config":${JSON.stringify(field.config)}`;
    out += '}';
  }
  return `${out}]}`;
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
export function* frameJsonParts(frame: Frame): Generator<string> {
  yield `{"schema":${schemaJson(frame)},"data":{"values":[`;
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

/** The frame as Grafana's JSON text. */
export function frameJson(frame: Frame): string {
  return [...frameJsonParts(frame)].join('');
}

/** A column's values, numbers and all, whether it carries them or their JSON (NaN and ±Inf restored). */
export function columnValues(field: Field): unknown[] {
  if (field.json === undefined) return field.values;
  const values = JSON.parse(field.json) as unknown[];
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
