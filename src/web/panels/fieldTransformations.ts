/**
 * Transformations that change or add fields within each frame (Grafana's "Convert field type" and
 * "Extract fields"), applied by `applyTransformations` in `transformations.ts` as the others are.
 */
import { fieldNameOf, framedWithLength, type PanelField, type PanelFrame } from './frames';
import { formatDateText, parseDateText } from './transformationDates';
import { isObject } from './panelJson';

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

const matchesName = (field: PanelField, name: string) => fieldNameOf(field) === name || field.name === name;

// Grafana's `iso8601Regex`: these are read with Date.parse rather than a format.
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3,})?(?:Z|[-+]\d{2}:?\d{2})$/;

/** Grafana's `fieldToTimeField`: each value read as a date (empty ones and failures become null). */
function toTimeField(field: PanelField, dateFormat?: string, timeZone?: string): PanelField {
  const first = field.values.find((v) => v !== null && v !== undefined);
  const unixSeconds = typeof first === 'number' && dateFormat === 'X';
  const iso = typeof first === 'string' && ISO_8601.test(first);
  const values = field.values.map((v) => {
    if (!v) return null;
    let parsed: number;
    if (iso) parsed = Date.parse(String(v));
    else if (typeof v === 'number') parsed = v;
    else if (v instanceof Date) parsed = v.getTime();
    else parsed = parseDateText(String(v), dateFormat || undefined, timeZone);
    if (!Number.isFinite(parsed)) return null;
    return unixSeconds ? parsed * 1000 : parsed;
  });
  return { ...field, type: 'time', values };
}

/** Grafana's `ensureTimeField`: numbers are already times (unless the format is unix seconds, `X`). */
export function ensureTimeField(field: PanelField, dateFormat?: string, timeZone?: string): PanelField {
  const firstIsNumber = typeof field.values[0] === 'number';
  if (field.type === 'time' && firstIsNumber) return field;
  if (firstIsNumber && dateFormat !== 'X') return { ...field, type: 'time' };
  return toTimeField(field, dateFormat, timeZone);
}

function toNumberField(field: PanelField): PanelField {
  const hasStrings = field.values.some((v) => typeof v === 'string');
  const values = field.values.map((v) => {
    if (v === null || v === undefined || v === '') return null;
    // Some numbers come from data sources with thousands separators.
    const n = hasStrings && typeof v === 'string' ? +v.replace(/,/g, '') : Number(v);
    return Number.isFinite(n) ? n : null;
  });
  return { ...field, type: 'number', values };
}

function toStringField(field: PanelField, dateFormat?: string, timeZone?: string, joinWith?: string): PanelField {
  let values: unknown[];
  if (field.type === 'time') values = field.values.map((v) => formatDateText(typeof v === 'number' ? v : Number.NaN, dateFormat, timeZone));
  else if (field.type === 'string' || field.type === 'other')
    values = field.values.map((v) => (joinWith && Array.isArray(v) ? v.join(joinWith) : JSON.stringify(v)));
  else values = field.values.map((v) => `${String(v)}`);
  return { ...field, type: 'string', values };
}

function toOtherField(field: PanelField): PanelField {
  const values = field.values.map((v) => {
    try {
      return JSON.parse(v as string) as unknown;
    } catch {
      return null;
    }
  });
  return { ...field, type: 'other', values };
}

/** One field converted as Grafana's `convertFieldType` does for the destination type. */
export function convertField(field: PanelField, conversion: Json): PanelField {
  const dateFormat = text(conversion.dateFormat);
  const timeZone = text(conversion.timezone);
  switch (conversion.destinationType) {
    case 'time':
      return ensureTimeField(field, dateFormat, timeZone);
    case 'number':
      return toNumberField(field);
    case 'string':
      return toStringField(field, dateFormat, timeZone, text(conversion.joinWith));
    case 'boolean':
      return { ...field, type: 'boolean', values: field.values.map((v) => Boolean(v)) };
    case 'other':
      return toOtherField(field);
    default:
      return field;
  }
}

/** Grafana's "Convert field type": each conversion, in order, on the fields of every frame that bear its name. */
export function convertFieldType(frames: PanelFrame[], options: Json): PanelFrame[] {
  const conversions = Array.isArray(options.conversions) ? options.conversions.filter(isObject) : [];
  let out = frames;
  for (const conversion of conversions) {
    const target = text(conversion.targetField);
    if (!target) continue;
    out = out.map((frame) => ({
      ...frame,
      fields: frame.fields.map((f) => (matchesName(f, target) ? convertField(f, conversion) : f)),
    }));
  }
  return out;
}

/** Grafana's "Key+value pairs" extractor: `a=b, c: d` (quotes and backslashes escape). */
export function parseKeyValuePairs(raw: string): Record<string, string> {
  const buff: string[] = [];
  let esc = '';
  let key = '';
  const obj: Record<string, string> = {};
  const flushPair = () => {
    if (!buff.length) return;
    const val = buff.join('');
    if (key.length) {
      obj[key] = val;
      key = '';
    } else key = val;
    buff.length = 0;
  };
  for (let i = 0; i < raw.length; i++) {
    let c = raw[i]!;
    if (c === esc) {
      esc = '';
      c = raw[++i] ?? '';
    }
    const escaped = c === '\\';
    if (escaped) c = raw[++i] ?? '';
    if (escaped || esc.length) {
      buff.push(c);
      continue;
    }
    if (c === '"' || c === "'") esc = c;
    if (c === ':' || c === '=') {
      if (buff.length) {
        if (key) obj[key] = '';
        key = buff.join('');
        buff.length = 0;
      }
    } else if (c === '"' || c === "'" || c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      if (buff.length && key === '') {
        obj[buff.join('')] = '';
        buff.length = 0;
      }
      flushPair();
    } else if (c === ',' || c === ';' || c === '&' || c === '{' || c === '}') {
      flushPair();
    } else {
      buff.push(c);
      if (i === raw.length - 1 && key === '' && buff.length) {
        obj[buff.join('')] = '';
        buff.length = 0;
      }
    }
  }
  if (key.length) obj[key] = buff.join('');
  return obj;
}

function splitByDelimiter(raw: string, delimiter: string): Record<string, number> {
  const split = new RegExp(`\\s*${delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*`, 'g');
  return Object.fromEntries(
    raw
      .trim()
      .split(split)
      .map((part) => [part, 1]),
  );
}

type Parser = (raw: string) => unknown;

function parserFor(format: string, delimiter: string): Parser {
  const json: Parser = (raw) => JSON.parse(raw) as unknown;
  switch (format) {
    case 'json':
      return json;
    case 'kvp':
      return parseKeyValuePairs;
    case 'delimiter':
      return (raw) => splitByDelimiter(raw, delimiter);
    default:
      // Auto: the first of JSON, key+value pairs and delimited values that reads the text.
      return (raw) => {
        for (const parse of [json, parseKeyValuePairs, (r: string) => splitByDelimiter(r, delimiter)]) {
          try {
            const result = parse(raw);
            if (result !== null && result !== undefined) return result;
          } catch {
            // The next format may read it.
          }
        }
        return undefined;
      };
  }
}

/** lodash's `get` for the paths Grafana's JSON paths use: `a.b`, `a[0].b`, `['a b']`. */
function valueAtPath(obj: unknown, path: string): unknown {
  const keys = path.match(/[^.[\]'"]+/g) ?? [];
  let current: unknown = obj;
  for (const key of keys) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Json)[key];
  }
  return current;
}

function typeOfValue(value: unknown): PanelField['type'] {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (value instanceof Date) return 'time';
  return 'other';
}

/** Grafana's "Extract fields": the keys of each row's parsed source become fields (in the order first seen). */
export function extractFields(frames: PanelFrame[], options: Json): PanelFrame[] {
  const sourceName = text(options.source);
  if (!sourceName) return frames;
  const format = text(options.format) ?? 'auto';
  const parse = parserFor(format, text(options.delimiter) || ',');
  const paths = Array.isArray(options.jsonPaths)
    ? options.jsonPaths.filter(isObject).filter((p) => typeof p.path === 'string' && p.path)
    : [];
  return frames.map((frame) => {
    const source = frame.fields.find((f) => matchesName(f, sourceName));
    if (!source) return frame;
    const names: string[] = [];
    const columns = new Map<string, unknown[]>();
    for (let row = 0; row < frame.length; row++) {
      let obj: unknown = source.values[row];
      if (typeof obj === 'string') {
        try {
          obj = parse(obj);
        } catch {
          obj = {};
        }
      }
      if (obj === null || obj === undefined) continue;
      if (format === 'json' && paths.length) {
        obj = Object.fromEntries(paths.map((p) => [text(p.alias) || String(p.path), valueAtPath(obj, String(p.path)) ?? 'Not Found']));
      }
      for (const [key, value] of Object.entries(obj as Json)) {
        let column = columns.get(key);
        if (!column) {
          column = new Array<unknown>(frame.length).fill(undefined);
          columns.set(key, column);
          names.push(key);
        }
        column[row] = value;
      }
    }
    const fields: PanelField[] = names.map((name) => {
      const values = columns.get(name)!;
      return { name, type: typeOfValue(values.find((v) => v !== null && v !== undefined)), values, config: {} };
    });
    if (options.keepTime === true) {
      const time = frame.fields.find((f) => matchesName(f, 'Time')) ?? frame.fields.find((f) => matchesName(f, 'time'));
      if (time) fields.unshift(time);
    }
    if (options.replace !== true) fields.unshift(...frame.fields);
    return framedWithLength({ ...frame, fields });
  });
}
