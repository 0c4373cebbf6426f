/**
 * Transformations that regroup or filter rows (Grafana's "Group by", "Series to rows" and "Filter
 * data by values"), applied by `applyTransformations` in `transformations.ts` as the others are.
 */
import { toRegExp } from './fieldDisplay';
import { asNumber, fieldNameOf, framedWithLength, type PanelField, type PanelFrame } from './frames';
import { reduceValues } from './reducers';
import { isObject } from './panelJson';

type Json = Record<string, unknown>;

/**
 * Grafana's "Group by": rows with the same values of the `groupby` fields become one, and each
 * `aggregate` field becomes one field per calculation, named `<field> (<calculation>)`. Groups keep
 * the order they first appear in; a frame without a field to group by is left as it is.
 */
export function groupBy(frames: PanelFrame[], options: Json): PanelFrame[] {
  const config = isObject(options.fields) ? options.fields : {};
  const setting = (field: PanelField) => {
    const c = config[fieldNameOf(field)] ?? config[field.name];
    return isObject(c) ? c : {};
  };
  return frames.map((frame) => {
    const keys = frame.fields.filter((f) => setting(f).operation === 'groupby');
    if (!keys.length) return frame;
    const groups = new Map<string, number[]>();
    for (let row = 0; row < frame.length; row++) {
      const key = JSON.stringify(keys.map((f) => f.values[row] ?? null));
      const rows = groups.get(key);
      if (rows) rows.push(row);
      else groups.set(key, [row]);
    }
    const firstRows = [...groups.values()].map((rows) => rows[0]!);
    const fields: PanelField[] = keys.map((f) => ({ ...f, values: firstRows.map((row) => f.values[row]) }));
    for (const field of frame.fields) {
      const c = setting(field);
      if (c.operation !== 'aggregate' || !Array.isArray(c.aggregations)) continue;
      for (const calc of c.aggregations.filter((a): a is string => typeof a === 'string')) {
        const values = [...groups.values()].map(
          (rows) =>
            reduceValues(
              rows.map((row) => field.values[row]),
              [calc],
            )[calc] ?? null,
        );
        const name = `${fieldNameOf(field)} (${calc})`;
        const numeric = values.every((v) => v === null || typeof v === 'number');
        const { displayNameFromDS: _name, ...fieldConfig } = field.config;
        fields.push({ name, type: numeric ? 'number' : field.type, values, config: numeric ? fieldConfig : {} });
      }
    }
    return framedWithLength({ ...frame, fields });
  });
}

/**
 * Grafana's "Series to rows": time series become one table of `Time`, `Metric` (the series' name)
 * and `Value`, newest first. Frames that are not time series are left as they are.
 */
export function seriesToRows(frames: PanelFrame[]): PanelFrame[] {
  const series = frames.map((frame) => ({ frame, time: frame.fields.find((f) => f.type === 'time') }));
  if (series.length < 2 || series.some((s) => !s.time)) return frames;
  const rows: Array<{ time: number; metric: string; value: unknown }> = [];
  let unit: unknown;
  for (const { frame, time } of series) {
    for (const field of frame.fields) {
      if (field.type !== 'number') continue;
      unit ??= field.config.unit;
      const metric = fieldNameOf(field);
      field.values.forEach((value, row) => rows.push({ time: asNumber(time!.values[row]) ?? 0, metric, value }));
    }
  }
  rows.sort((a, b) => b.time - a.time);
  return [
    framedWithLength({
      refId: frames[0]?.refId,
      index: 0,
      fields: [
        { name: 'Time', type: 'time', values: rows.map((r) => r.time), config: {} },
        { name: 'Metric', type: 'string', values: rows.map((r) => r.metric), config: {} },
        { name: 'Value', type: 'number', values: rows.map((r) => r.value), config: unit === undefined ? {} : { unit } },
      ],
    }),
  ];
}

/** One condition of Grafana's "Filter data by values" (its value matchers) on one cell. */
function valueMatches(value: unknown, matcher: Json): boolean {
  const o = isObject(matcher.options) ? matcher.options : {};
  const n = asNumber(value);
  const limit = asNumber(o.value);
  switch (matcher.id) {
    case 'isNull':
      return value === null || value === undefined;
    case 'isNotNull':
      return value !== null && value !== undefined;
    case 'greater':
      return n !== null && limit !== null && n > limit;
    case 'greaterOrEqual':
      return n !== null && limit !== null && n >= limit;
    case 'lower':
      return n !== null && limit !== null && n < limit;
    case 'lowerOrEqual':
      return n !== null && limit !== null && n <= limit;
    case 'equal':
      return n !== null && limit !== null ? n === limit : String(value ?? '') === String(o.value ?? '');
    case 'notEqual':
      return n !== null && limit !== null ? n !== limit : String(value ?? '') !== String(o.value ?? '');
    case 'between':
    case 'range': {
      const from = asNumber(o.from);
      const to = asNumber(o.to);
      return n !== null && from !== null && to !== null && n > from && n < to;
    }
    case 'regex': {
      const re = typeof o.value === 'string' ? toRegExp(o.value) : undefined;
      return re ? re.test(String(value ?? '')) : false;
    }
    case 'substring':
      return String(value ?? '').includes(String(o.value ?? ''));
    case 'notSubstring':
      return !String(value ?? '').includes(String(o.value ?? ''));
    default:
      return false;
  }
}

/**
 * Grafana's "Filter data by values": keeps (`include`) or drops (`exclude`) the rows where any or
 * all (`match`) of the conditions hold. Conditions on fields a frame does not have are left out.
 */
export function filterByValue(frames: PanelFrame[], options: Json): PanelFrame[] {
  const filters = Array.isArray(options.filters) ? options.filters.filter(isObject) : [];
  if (!filters.length) return frames;
  const include = options.type !== 'exclude';
  const all = options.match === 'all';
  return frames.map((frame) => {
    const conditions = filters
      .map((f) => ({
        field: frame.fields.find((x) => fieldNameOf(x) === f.fieldName || x.name === f.fieldName),
        matcher: isObject(f.config) ? f.config : {},
      }))
      .filter((c): c is { field: PanelField; matcher: Json } => c.field !== undefined);
    if (!conditions.length) return frame;
    const keep: number[] = [];
    for (let row = 0; row < frame.length; row++) {
      const hits = conditions.map((c) => valueMatches(c.field.values[row], c.matcher));
      const matched = all ? hits.every(Boolean) : hits.some(Boolean);
      if (matched === include) keep.push(row);
    }
    return framedWithLength({ ...frame, fields: frame.fields.map((f) => ({ ...f, values: keep.map((row) => f.values[row]) })) });
  });
}
