import type { Panel } from '../layout';
import { COLOR_SCHEMES } from './palettes';

/**
 * The old (Angular) heatmap's top-level settings as today's `options`, the way Grafana's
 * `angularToReactHeatmap` migrates them when a dashboard from before Grafana 9 opens: `dataFormat:
 * timeseries` means "calculate from data", `tsbuckets` means rows of buckets; spectrum colours
 * become a scheme, opacity colours keep their card colour.
 */
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObject(v) ? v : {});
const numberOr = (v: unknown, fallback?: number) => {
  if (v === null || v === undefined || v === '') return fallback;
  const n = Number(v);
  return Number.isFinite(n) ? n : fallback;
};

/** Whether the panel still carries the old heatmap's settings and no new options. */
export function isAngularHeatmap(panel: Panel): boolean {
  return panel.type === 'heatmap' && Object.keys(obj(panel.options)).length === 0 && ('dataFormat' in panel || 'cards' in panel);
}

export function migrateAngularHeatmap(panel: Panel): Panel {
  const calculate = panel.dataFormat !== 'tsbuckets';
  const yAxis = { logBase: 1, ...obj(panel.yAxis) } as Json;
  const calculation: Json = {};
  if (calculate) {
    if (panel.xBucketSize) calculation.xBuckets = { mode: 'size', value: String(panel.xBucketSize) };
    else if (panel.xBucketNumber) calculation.xBuckets = { mode: 'count', value: String(panel.xBucketNumber) };
    if (panel.yBucketSize) calculation.yBuckets = { mode: 'size', value: String(panel.yBucketSize) };
    else if (panel.yBucketNumber) calculation.yBuckets = { mode: 'count', value: String(panel.yBucketNumber) };
    const logBase = numberOr(yAxis.logBase, 1)!;
    if (logBase > 1) {
      const split = numberOr(yAxis.splitFactor);
      calculation.yBuckets = { mode: 'count', value: split && split > 0 ? String(split) : undefined, scale: { type: 'log', log: logBase } };
    }
  }
  const oldColor = obj(panel.color);
  const color: Json = { scheme: 'Oranges', fill: 'dark-orange', reverse: false, exponent: 0.5, steps: 128 };
  if (oldColor.mode === 'spectrum') {
    color.mode = 'scheme';
    const current = typeof oldColor.colorScheme === 'string' ? oldColor.colorScheme : '';
    // `interpolateBlues` → `Blues`.
    const scheme = COLOR_SCHEMES.find((one) => one.name === current) ?? COLOR_SCHEMES.find((one) => current.includes(one.name));
    color.scheme = scheme?.name ?? 'Oranges';
  } else if (oldColor.mode === 'opacity') {
    color.mode = 'opacity';
    color.scale = oldColor.colorScale === 'linear' ? 'linear' : 'exponential';
  }
  if (typeof oldColor.cardColor === 'string') color.fill = oldColor.cardColor;
  const min = numberOr(oldColor.min);
  const max = numberOr(oldColor.max);
  if (min !== undefined && max !== undefined && min > max) Object.assign(color, { min: max, max: min, reverse: true });
  else Object.assign(color, { min, max });
  const cellGap = numberOr(obj(panel.cards).cardPadding, 2);
  const layout =
    panel.yBucketBound === 'upper' ? 'ge' : panel.yBucketBound === 'lower' ? 'le' : panel.yBucketBound === 'middle' ? 'unknown' : 'auto';
  const options: Json = {
    calculate,
    calculation,
    color,
    cellGap: cellGap ? cellGap : 1,
    cellRadius: numberOr(obj(panel.cards).cardRound),
    yAxis: {
      axisPlacement: yAxis.show === false ? 'hidden' : 'left',
      reverse: panel.reverseYBuckets === true,
      min: numberOr(yAxis.min),
      max: numberOr(yAxis.max),
      unit: typeof yAxis.format === 'string' ? yAxis.format : undefined,
      decimals: numberOr(yAxis.decimals),
    },
    cellValues: { decimals: numberOr(panel.tooltipDecimals) },
    rowsFrame: { layout },
    legend: { show: obj(panel.legend).show === true },
    showValue: 'never',
    tooltip: { mode: obj(panel.tooltip).show === false ? 'none' : 'single', yHistogram: obj(panel.tooltip).showHistogram === true },
  };
  return { ...panel, options };
}
