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
   * The column already as a JSON array text (Prometheus's own number texts, joined): written out
   * as it is, saving a parse into numbers and a print back on the hottest path.
   */
  json?: string;
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

interface Entities {
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

function encodeColumns(frame: Frame): { columns: unknown[][]; entities: Array<Entities | null> | undefined } {
  const columns: unknown[][] = [];
  const entities: Array<Entities | null> = [];
  let anyEntities = false;
  for (const field of frame.fields) {
    const values = field.json !== undefined ? (JSON.parse(field.json) as unknown[]) : field.values;
    if (field.type === 'number') {
      const encoded = encodeNumbers(values);
      columns.push(encoded.values);
      entities.push(encoded.entities);
      if (encoded.entities) anyEntities = true;
    } else {
      columns.push(values);
      entities.push(null);
    }
  }
  return { columns, entities: anyEntities ? entities : undefined };
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

/** The frame as Grafana's JSON, as an object. */
export function toDataFrame(frame: Frame): DataFrame {
  const { columns, entities } = encodeColumns(frame);
  return { schema: schemaOf(frame), data: entities ? { values: columns, entities } : { values: columns } };
}

/** The frame as Grafana's JSON text: pre-rendered columns are written as they are. */
export function frameJson(frame: Frame): string {
  if (!frame.fields.some((field) => field.json !== undefined)) return JSON.stringify(toDataFrame(frame));
  const columns = frame.fields.map(
    (field) => field.json ?? JSON.stringify(field.type === 'number' ? encodeNumbers(field.values).values : field.values),
  );
  const entities = frame.fields.map((field) =>
    field.json === undefined && field.type === 'number' ? encodeNumbers(field.values).entities : null,
  );
  const data = entities.some((entry) => entry !== null)
    ? `{"values":[${columns.join(',')}],"entities":${JSON.stringify(entities)}}`
    : `{"values":[${columns.join(',')}]}`;
  return `{"schema":${JSON.stringify(schemaOf(frame))},"data":${data}}`;
}

/** Labels with keys sorted, so frames and tables read the same way every time. */
export function sortedLabels(labels: Record<string, string>): Record<string, string> {
  const keys = Object.keys(labels).sort();
  const sorted: Record<string, string> = {};
  for (const key of keys) sorted[key] = labels[key]!;
  return sorted;
}
