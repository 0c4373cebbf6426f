import type { DataFrame } from '../../contract/query';
import type { Panel } from './layout';
import { sourceNameOf, toRegExp } from './fieldDisplay';
import { asNumber, decodeFrames, fieldNameOf, framedWithLength, type PanelField, type PanelFrame } from './frames';
import { convertFieldType, extractFields } from './fieldTransformations';
import { joinByLabels, partitionByValues } from './frameTransformations';
import { filterByValue, groupBy, seriesToRows } from './rowTransformations';
import { reduceValues, reducerName } from './reducers';

/**
 * Grafana's most used panel transformations (`panel.transformations`), applied to the decoded frames
 * before field config: calculateField, organize, filterFieldsByName, renameByRegex, merge,
 * joinByField (seriesToColumns), reduce, labelsToFields, sortBy, limit, filterByRefId, groupBy,
 * seriesToRows, filterByValue, convertFieldType, partitionByValues, joinByLabels, extractFields. Others are left out (the data passes through unchanged).
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Names fields carry through transformations: what Grafana's `getFieldDisplayName` gives before field config. */
function named(panel: Panel, frames: PanelFrame[]): PanelFrame[] {
  return frames.map((frame) => ({
    ...frame,
    fields: frame.fields.map((field) => {
      const name = sourceNameOf(panel, field, frame, frames);
      return name === field.name || field.type === 'time' ? field : { ...field, config: { ...field.config, displayNameFromDS: name } };
    }),
  }));
}

/** An outer join of frames on a key field (time by default): one wide frame. */
export function joinFrames(frames: PanelFrame[], byField?: string): PanelFrame[] {
  if (frames.length <= 1) return frames;
  const keyOf = (frame: PanelFrame) =>
    byField ? frame.fields.find((f) => fieldNameOf(f) === byField || f.name === byField) : frame.fields.find((f) => f.type === 'time');
  const withKey = frames.filter((f) => keyOf(f));
  if (withKey.length === 0) return frames;
  const keys: unknown[] = [];
  const index = new Map<unknown, number>();
  for (const frame of withKey) {
    for (const k of keyOf(frame)!.values) {
      if (!index.has(k)) {
        index.set(k, keys.length);
        keys.push(k);
      }
    }
  }
  const keyField = keyOf(withKey[0]!)!;
  const order = keys.map((_, i) => i);
  if (keyField.type === 'time' || keyField.type === 'number') order.sort((a, b) => (asNumber(keys[a]) ?? 0) - (asNumber(keys[b]) ?? 0));
  const position = new Map(order.map((k, i) => [keys[k], i]));
  const fields: PanelField[] = [{ ...keyField, values: order.map((i) => keys[i]) }];
  for (const frame of withKey) {
    const key = keyOf(frame)!;
    for (const field of frame.fields) {
      if (field === key) continue;
      const values = new Array<unknown>(keys.length).fill(null);
      key.values.forEach((k, row) => {
        values[position.get(k)!] = field.values[row];
      });
      fields.push({ ...field, values });
    }
  }
  return [framedWithLength({ refId: withKey[0]!.refId, name: undefined, fields, index: 0 }), ...frames.filter((f) => !keyOf(f))];
}

function calculateField(frames: PanelFrame[], options: Json): PanelFrame[] {
  const mode = typeof options.mode === 'string' ? options.mode : 'reduceRow';
  const joined = frames.length > 1 ? joinFrames(frames) : frames;
  return joined.map((frame) => {
    const numeric = frame.fields.filter((f) => f.type === 'number');
    let values: unknown[];
    let name: string;
    if (mode === 'binary') {
      const binary = isObject(options.binary) ? options.binary : {};
      const operand = (ref: unknown) => {
        const field = typeof ref === 'string' ? frame.fields.find((f) => fieldNameOf(f) === ref || f.name === ref) : undefined;
        const constant = asNumber(ref);
        return (row: number) => (field ? asNumber(field.values[row]) : constant);
      };
      const left = operand(binary.left);
      const right = operand(binary.right);
      const op = typeof binary.operator === 'string' ? binary.operator : '+';
      values = Array.from({ length: frame.length }, (_, row) => {
        const l = left(row);
        const r = right(row);
        if (l === null || r === null) return null;
        switch (op) {
          case '-':
            return l - r;
          case '*':
            return l * r;
          case '/':
            return r === 0 ? null : l / r;
          case '%':
            return r === 0 ? null : l % r;
          case '^':
            return Math.pow(l, r);
          default:
            return l + r;
        }
      });
      name = `${String(binary.left ?? '')} ${op} ${String(binary.right ?? '')}`;
    } else if (mode === 'index') {
      values = Array.from({ length: frame.length }, (_, row) => row);
      name = 'Row';
    } else {
      const reduce = isObject(options.reduce) ? options.reduce : {};
      const reducer = typeof reduce.reducer === 'string' ? reduce.reducer : 'sum';
      const include = Array.isArray(reduce.include) ? reduce.include.filter((n): n is string => typeof n === 'string') : [];
      const sources = include.length ? numeric.filter((f) => include.includes(fieldNameOf(f)) || include.includes(f.name)) : numeric;
      values = Array.from({ length: frame.length }, (_, row) => {
        const rowValues = sources.map((f) => f.values[row]);
        if (rowValues.every((v) => v === null || v === undefined)) return null;
        const result = reduceValues(rowValues, [reducer])[reducer];
        return typeof result === 'number' ? result : null;
      });
      name = reducerName(reducer);
    }
    const alias = typeof options.alias === 'string' && options.alias ? options.alias : name;
    const created: PanelField = { name: alias, type: 'number', values, config: {} };
    const kept = options.replaceFields === true ? frame.fields.filter((f) => f.type === 'time') : frame.fields;
    return framedWithLength({ ...frame, fields: [...kept, created] });
  });
}

function organize(frames: PanelFrame[], options: Json): PanelFrame[] {
  const exclude = isObject(options.excludeByName) ? options.excludeByName : {};
  const include = isObject(options.includeByName) ? options.includeByName : {};
  const indexBy = isObject(options.indexByName) ? options.indexByName : {};
  const rename = isObject(options.renameByName) ? options.renameByName : {};
  const onlyIncluded = Object.values(include).some((v) => v === true);
  return frames.map((frame) => {
    const kept = frame.fields.filter((f) => {
      const name = fieldNameOf(f);
      if (onlyIncluded) return include[name] === true;
      return exclude[name] !== true;
    });
    const indexed = kept
      .map((field, position) => ({
        field,
        position,
        index: typeof indexBy[fieldNameOf(field)] === 'number' ? (indexBy[fieldNameOf(field)] as number) : Number.MAX_SAFE_INTEGER,
      }))
      .sort((a, b) => a.index - b.index || a.position - b.position)
      .map(({ field }) => {
        const newName = rename[fieldNameOf(field)];
        return typeof newName === 'string' && newName ? { ...field, config: { ...field.config, displayName: newName } } : field;
      });
    return { ...frame, fields: indexed };
  });
}

function filterFieldsByName(frames: PanelFrame[], options: Json): PanelFrame[] {
  const include = isObject(options.include) ? options.include : undefined;
  const exclude = isObject(options.exclude) ? options.exclude : undefined;
  const test = (rule: Json | undefined, field: PanelField) => {
    if (!rule) return false;
    const names = Array.isArray(rule.names) ? rule.names : [];
    if (names.includes(fieldNameOf(field)) || names.includes(field.name)) return true;
    const re = typeof rule.pattern === 'string' && rule.pattern ? toRegExp(rule.pattern) : undefined;
    return !!re && re.test(fieldNameOf(field));
  };
  return frames.map((frame) => ({
    ...frame,
    fields: frame.fields.filter(
      (f) =>
        (include ? test(include, f) || (f.type === 'time' && !Array.isArray(include.names) && !include.pattern) : true) &&
        !test(exclude, f),
    ),
  }));
}

function renameByRegex(frames: PanelFrame[], options: Json): PanelFrame[] {
  const re = typeof options.regex === 'string' ? toRegExp(options.regex) : undefined;
  const pattern = typeof options.renamePattern === 'string' ? options.renamePattern : '';
  if (!re) return frames;
  return frames.map((frame) => ({
    ...frame,
    fields: frame.fields.map((f) =>
      re.test(fieldNameOf(f)) ? { ...f, config: { ...f.config, displayName: fieldNameOf(f).replace(re, pattern) } } : f,
    ),
  }));
}

/** Frames with the same columns become one table (rows appended); columns one of them lacks stay empty. */
function merge(frames: PanelFrame[]): PanelFrame[] {
  if (frames.length <= 1) return frames;
  const columns: PanelField[] = [];
  const byName = new Map<string, PanelField>();
  let rows = 0;
  for (const frame of frames) {
    for (const field of frame.fields) {
      const name = field.type === 'time' ? field.name : fieldNameOf(field);
      if (!byName.has(name)) {
        const column: PanelField = { ...field, labels: undefined, values: new Array(rows).fill(null) };
        byName.set(name, column);
        columns.push(column);
      }
    }
    for (const column of columns) {
      const field = frame.fields.find(
        (f) => (f.type === 'time' ? f.name : fieldNameOf(f)) === (column.type === 'time' ? column.name : fieldNameOf(column)),
      );
      for (let row = 0; row < frame.length; row++) column.values.push(field ? (field.values[row] ?? null) : null);
    }
    rows += frame.length;
  }
  return [framedWithLength({ refId: frames[0]!.refId, fields: columns, index: 0 })];
}

function reduce(frames: PanelFrame[], options: Json): PanelFrame[] {
  const reducers = Array.isArray(options.reducers) ? options.reducers.filter((r): r is string => typeof r === 'string') : [];
  const calcs = reducers.length ? reducers : ['lastNotNull'];
  if (options.mode === 'reduceFields') {
    return frames.map((frame) => {
      const fields = frame.fields
        .filter((f) => f.type !== 'time' || options.includeTimeField === true)
        .map((f) => ({ ...f, values: [reduceValues(f.values, [calcs[0]!])[calcs[0]!]] }));
      return framedWithLength({ ...frame, fields });
    });
  }
  const names: string[] = [];
  const results: Record<string, unknown[]> = Object.fromEntries(calcs.map((c) => [c, []]));
  for (const frame of frames) {
    for (const field of frame.fields) {
      if (field.type === 'time' && options.includeTimeField !== true) continue;
      if (field.type !== 'number' && field.type !== 'time') continue;
      names.push(fieldNameOf(field));
      const reduced = reduceValues(field.values, calcs);
      for (const c of calcs) results[c]!.push(reduced[c] ?? null);
    }
  }
  const unit = frames.flatMap((f) => f.fields).find((f) => f.type === 'number')?.config.unit;
  return [
    framedWithLength({
      refId: frames[0]?.refId,
      index: 0,
      fields: [
        { name: 'Field', type: 'string', values: names, config: {} },
        ...calcs.map((c): PanelField => ({ name: reducerName(c), type: 'number', values: results[c]!, config: unit ? { unit } : {} })),
      ],
    }),
  ];
}

function labelsToFields(frames: PanelFrame[], options: Json): PanelFrame[] {
  const keep = Array.isArray(options.keepLabels) ? options.keepLabels.filter((l): l is string => typeof l === 'string') : undefined;
  const valueLabel = typeof options.valueLabel === 'string' ? options.valueLabel : undefined;
  return frames.map((frame) => {
    const fields: PanelField[] = [];
    for (const field of frame.fields) {
      if (!field.labels) {
        fields.push(field);
        continue;
      }
      const labels = Object.entries(field.labels).filter(([k]) => (keep ? keep.includes(k) : true));
      for (const [key, value] of labels) {
        if (key === valueLabel || fields.some((f) => f.name === key)) continue;
        fields.push({ name: key, type: 'string', values: new Array(frame.length).fill(value), config: {} });
      }
      const name = valueLabel && field.labels[valueLabel] ? field.labels[valueLabel]! : field.name;
      fields.push({ ...field, name, labels: undefined, config: { ...field.config, displayNameFromDS: undefined } });
    }
    return { ...frame, fields };
  });
}

function sortBy(frames: PanelFrame[], options: Json): PanelFrame[] {
  const rule = Array.isArray(options.sort) ? options.sort.filter(isObject)[0] : undefined;
  if (!rule || typeof rule.field !== 'string') return frames;
  return frames.map((frame) => {
    const field = frame.fields.find((f) => fieldNameOf(f) === rule.field || f.name === rule.field);
    if (!field) return frame;
    const order = Array.from({ length: frame.length }, (_, i) => i).sort((a, b) => {
      const x = field.values[a];
      const y = field.values[b];
      const nx = asNumber(x);
      const ny = asNumber(y);
      const c = nx !== null && ny !== null ? nx - ny : String(x ?? '').localeCompare(String(y ?? ''));
      return rule.desc === true ? -c : c;
    });
    return { ...frame, fields: frame.fields.map((f) => ({ ...f, values: order.map((i) => f.values[i]) })) };
  });
}

function limit(frames: PanelFrame[], options: Json): PanelFrame[] {
  const max = asNumber(options.limitField);
  if (max === null || max < 0) return frames;
  return frames.map((frame) => framedWithLength({ ...frame, fields: frame.fields.map((f) => ({ ...f, values: f.values.slice(0, max) })) }));
}

function filterByRefId(frames: PanelFrame[], options: Json): PanelFrame[] {
  const re =
    typeof options.include === 'string' && options.include
      ? toRegExp(options.include.includes('|') && !options.include.startsWith('/') ? `(${options.include})` : options.include)
      : undefined;
  return re ? frames.filter((f) => re.test(f.refId ?? '')) : frames;
}

/** Runs the panel's transformations in order; a transformation's `filter` limits it to the frames it matches. */
export function applyTransformations(panel: Panel, input: PanelFrame[]): PanelFrame[] {
  const list = Array.isArray(panel.transformations) ? panel.transformations.filter(isObject) : [];
  if (!list.length) return input;
  let frames = named(panel, input);
  for (const t of list) {
    if (t.disabled === true || typeof t.id !== 'string') continue;
    const options = isObject(t.options) ? t.options : {};
    const filter =
      isObject(t.filter) && t.filter.id === 'byRefId' && typeof t.filter.options === 'string' ? toRegExp(t.filter.options) : undefined;
    const targets = filter ? frames.filter((f) => filter.test(f.refId ?? '')) : frames;
    const others = filter ? frames.filter((f) => !filter.test(f.refId ?? '')) : [];
    let out: PanelFrame[];
    switch (t.id) {
      case 'calculateField':
        out = calculateField(targets, options);
        break;
      case 'organize':
        out = organize(targets, options);
        break;
      case 'filterFieldsByName':
        out = filterFieldsByName(targets, options);
        break;
      case 'renameByRegex':
        out = renameByRegex(targets, options);
        break;
      case 'merge':
        out = merge(targets);
        break;
      case 'joinByField':
      case 'seriesToColumns':
        out = joinFrames(targets, typeof options.byField === 'string' && options.byField ? options.byField : undefined);
        break;
      case 'reduce':
        out = reduce(targets, options);
        break;
      case 'labelsToFields':
        out = labelsToFields(targets, options);
        break;
      case 'sortBy':
        out = sortBy(targets, options);
        break;
      case 'limit':
        out = limit(targets, options);
        break;
      case 'filterByRefId':
        out = filterByRefId(targets, options);
        break;
      case 'groupBy':
        out = groupBy(targets, options);
        break;
      case 'seriesToRows':
        out = seriesToRows(targets);
        break;
      case 'filterByValue':
        out = filterByValue(targets, options);
        break;
      case 'convertFieldType':
        out = convertFieldType(targets, options);
        break;
      case 'partitionByValues':
        out = partitionByValues(targets, options);
        break;
      case 'joinByLabels':
        out = joinByLabels(targets, options);
        break;
      case 'extractFields':
        out = extractFields(targets, options);
        break;
      default:
        out = targets;
    }
    frames = [...out, ...others].map((f, index) => ({ ...f, index }));
  }
  return frames;
}

/** The frames a renderer draws: decoded, then transformed as the panel asks. */
export function panelFrames(panel: Panel, frames: DataFrame[]): PanelFrame[] {
  return applyTransformations(panel, decodeFrames(frames));
}
