/**
 * Grafana's TestData data source (`pkg/tsdb/grafana-testdata-datasource`): generated series for
 * building and testing dashboards with no backend. Unlike Grafana, the random walk is seeded by
 * the refId and the series index, so a panel shows the same shape on every refresh.
 */
import { QueryError } from './errors';
import type { Field, Frame } from './frames';
import { roundInterval } from '../../contract/durations';
import { testDataQueryFieldsSchema, testDataScenarioIds } from '../../contract/query';
import { checkQueryFields, numberField, stringField, type QueryContext, type QueryRunner } from './types';

const MAX_POINTS = 10_000;

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same walk. */
function seededRandom(seedText: string): () => number {
  let seed = 2166136261;
  for (let i = 0; i < seedText.length; i++) seed = Math.imul(seed ^ seedText.charCodeAt(i), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `{job="api", n="$seriesIndex"}` → labels, as Grafana's TestData reads its Labels box. */
export function parseLabelsText(text: string, seriesIndex: number): Record<string, string> {
  const inner = text.trim().replace(/^\{|\}$/g, '');
  const labels: Record<string, string> = {};
  if (inner.trim().length < 2) return labels;
  for (const pair of inner.split(',')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const key = pair.slice(0, at).trim();
    if (!key) continue;
    labels[key] = pair
      .slice(at + 1)
      .trim()
      .replace(/^"|"$/g, '')
      .replaceAll('$seriesIndex', String(seriesIndex));
  }
  return labels;
}

function seriesName(context: QueryContext, index: number): string {
  const alias = stringField(context.query, 'alias');
  return alias || `${context.query.refId}-series${index > 0 ? index : ''}`;
}

/** The spacing of generated points: the query's `intervalMs`, else the range over `maxDataPoints`. */
function pointInterval(context: QueryContext): number {
  const { intervalMs, maxDataPoints } = context.query;
  if (intervalMs) return Math.max(1, intervalMs);
  return Math.max(1, roundInterval((context.range.to - context.range.from) / (maxDataPoints ?? 100)));
}

function randomWalk(context: QueryContext): Frame[] {
  const { query, range } = context;
  const seriesCount = Math.min(Math.max(1, Math.trunc(numberField(query, 'seriesCount') ?? 1)), 100);
  const spread = numberField(query, 'spread') ?? 1;
  const noise = numberField(query, 'noise') ?? 0;
  const drop = (numberField(query, 'dropPercent') ?? 0) / 100;
  const min = numberField(query, 'min');
  const max = numberField(query, 'max');
  const interval = pointInterval(context);
  const labelsText = stringField(query, 'labels');
  const frames: Frame[] = [];
  for (let index = 0; index < seriesCount; index++) {
    const random = seededRandom(`${query.refId}:${index}:${String(query.seed ?? '')}`);
    let walker = numberField(query, 'startValue') ?? random() * 100;
    const times: number[] = [];
    const values: number[] = [];
    for (let t = range.from, i = 0; i < MAX_POINTS && t < range.to; i++, t += interval) {
      let next = walker + random() * noise;
      if (min !== undefined && next < min) next = walker = min;
      if (max !== undefined && next > max) next = walker = max;
      if (!(drop > 0 && random() < drop)) {
        times.push(t);
        values.push(next);
      }
      walker += (random() - 0.5) * spread;
    }
    frames.push({
      meta: { type: 'timeseries-multi', typeVersion: [0, 0] },
      fields: [
        { name: 'time', type: 'time', values: times, config: { interval } },
        { name: seriesName(context, index), type: 'number', values, labels: parseLabelsText(labelsText, index), nullable: true },
      ],
    });
  }
  return frames;
}

/** A whole CSV document: quoted fields with doubled quotes, commas and line breaks inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      if (row.length > 1 || row[0]!.trim() !== '') rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (quoted) throw new QueryError('the CSV content has a quote that is never closed');
  row.push(cell);
  if (row.length > 1 || row[0]!.trim() !== '') rows.push(row);
  return rows;
}

/** One column's values typed as Grafana's TestData types them: booleans, integers, floats, else strings. */
export function csvValuesToField(name: string, raw: string[]): Field {
  const isNull = (v: string) => v === '' || v.toLowerCase() === 'null';
  const first = (raw[0] ?? '').toUpperCase();
  if (['T', 'F', 'TRUE', 'FALSE'].includes(first)) {
    return { name, type: 'boolean', nullable: true, values: raw.map((v) => (isNull(v) ? null : ['T', 'TRUE'].includes(v.toUpperCase()))) };
  }
  const present = raw.filter((v) => !isNull(v));
  if (present.length > 0 && present.every((v) => /^[-+]?\d+$/.test(v))) {
    return { name, type: 'number', frameType: 'int64', nullable: true, values: raw.map((v) => (isNull(v) ? null : Number(v))) };
  }
  if (present.length > 0 && present.every((v) => v.trim() !== '' && !Number.isNaN(Number(v)) && /^[-+]?(\d|\.\d|inf|nan)/i.test(v))) {
    return { name, type: 'number', nullable: true, values: raw.map((v) => (isNull(v) ? null : Number(v))) };
  }
  return { name, type: 'string', nullable: true, values: raw.map((v) => (isNull(v) ? null : v)) };
}

/** A column whose name says time: epoch milliseconds or RFC 3339 text become a time field. */
function asTimeField(field: Field): Field | undefined {
  if (field.type === 'number')
    return {
      ...field,
      type: 'time',
      frameType: 'time.Time',
      values: field.values.map((v) => (v === null ? null : Math.trunc(v as number))),
    };
  if (field.type !== 'string') return undefined;
  let found = false;
  const values = field.values.map((v) => {
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(v)) return null;
    const ms = Date.parse(v);
    if (!Number.isFinite(ms)) return null;
    found = true;
    return ms;
  });
  return found ? { ...field, type: 'time', frameType: 'time.Time', values } : undefined;
}

function csvContent(context: QueryContext): Frame[] {
  const content = stringField(context.query, 'csvContent');
  if (!content.trim()) return [];
  const rows = parseCsv(content);
  const header = rows.shift()!.map((name) => name.trim());
  const fields = header.map((rawName, column) => {
    const values = rows.map((row) => (row[column] ?? '').trim());
    let field = csvValuesToField(rawName, values);
    if (rawName.toLowerCase().includes('time')) field = asTimeField(field) ?? field;
    const brace = rawName.indexOf('{');
    if (brace >= 0) {
      const labels = parseLabelsText(rawName.slice(brace), column);
      if (Object.keys(labels).length > 0) field = { ...field, name: rawName.slice(0, brace), labels };
    }
    return field;
  });
  return [{ name: stringField(context.query, 'alias') || undefined, fields }];
}

function csvMetricValues(context: QueryContext): Frame[] {
  const input = stringField(context.query, 'stringInput').replace(/\s+/g, '');
  if (!input) return [{ meta: { executedQueryString: '' }, fields: [] }];
  const field = csvValuesToField(seriesName(context, 0), input.split(','));
  if (field.type === 'string')
    throw new QueryError(`String Input must be numbers separated by commas, e.g. 1,20,90,30,5,0; got "${input}"`);
  const { from, to } = context.range;
  const count = field.values.length;
  const step = count > 1 ? Math.trunc((to - from) / (count - 1)) : 0;
  return [
    {
      fields: [
        { name: 'time', type: 'time', values: field.values.map((_, i) => from + i * step) },
        { ...field, type: 'number', frameType: field.frameType },
      ],
    },
  ];
}

function onOffValue(value: unknown, name: string, fallback: number): number | null {
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'number') return value;
  if (value === 'null' || value === null) return null;
  if (value === 'nan') return Number.NaN;
  if (typeof value === 'string' && Number.isFinite(Number(value))) return Number(value);
  throw new QueryError(`pulseWave.${name} must be a number, "null" or "nan"; got ${JSON.stringify(value)}`);
}

/** On for `onCount` steps, off for `offCount`, aligned to absolute time so every range sees the same wave. */
function predictablePulse(context: QueryContext): Frame[] {
  const wave = (context.query.pulseWave ?? {}) as Record<string, unknown>;
  const timeStepSeconds = numberField(wave, 'timeStep') ?? 60;
  const onCount = Math.trunc(numberField(wave, 'onCount') ?? 3);
  const offCount = Math.trunc(numberField(wave, 'offCount') ?? 3);
  if (!(timeStepSeconds > 0)) throw new QueryError('pulseWave.timeStep must be a positive number of seconds');
  if (onCount < 0 || offCount < 0 || onCount + offCount === 0)
    throw new QueryError('pulseWave.onCount and offCount must be whole numbers, not both 0');
  const onValue = onOffValue(wave.onValue, 'onValue', 2);
  const offValue = onOffValue(wave.offValue, 'offValue', 1);
  const step = Math.round(timeStepSeconds * 1000);
  const period = step * (onCount + offCount);
  const times: number[] = [];
  const values: Array<number | null> = [];
  for (let t = context.range.from - (context.range.from % step), i = 0; i < MAX_POINTS && t < context.range.to; i++, t += step) {
    times.push(t);
    values.push((t % period) / step < onCount ? onValue : offValue);
  }
  return [
    {
      name: seriesName(context, 0),
      fields: [
        { name: 'Time', type: 'time', values: times },
        { name: 'Value', type: 'number', values, nullable: true, labels: parseLabelsText(stringField(context.query, 'labels'), 0) },
      ],
    },
  ];
}

const scenarios: Record<(typeof testDataScenarioIds)[number], (context: QueryContext) => Frame[]> = {
  random_walk: randomWalk,
  csv_content: csvContent,
  csv_metric_values: csvMetricValues,
  predictable_pulse: predictablePulse,
  no_data_points: () => [],
};

export const testDataScenarios: readonly string[] = testDataScenarioIds;

export const runTestData: QueryRunner = async (context) => {
  checkQueryFields(testDataQueryFieldsSchema, context.query);
  const id = stringField(context.query, 'scenarioId') || 'random_walk';
  const scenario = scenarios[id as keyof typeof scenarios];
  if (!scenario) throw new QueryError(`TestData scenario "${id}" is not supported; use one of ${testDataScenarios.join(', ')}`);
  return scenario(context);
};
