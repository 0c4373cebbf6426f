import type uPlot from 'uplot';
import { annotationHtml, annotationPlainText } from '../../lib/annotationText';
import { dataLinksFor, linksOf } from '../dataLinks';
import { isObject } from '../panelJson';
import type { PanelAnnotation, PanelProps } from '../types';
import { formatDateTime } from '../valueFormats';
import type { GraphData, GraphThresholds } from './graphData';

/**
 * The tooltip (its options, rows and data links), annotation markers and threshold bands. What moves
 * with the mouse (tooltip) or the scale (annotation markers) is plain DOM updated from uPlot hooks: no
 * React render per mouse move, so a graph with thousands of points stays smooth.
 */

export type TooltipMode = 'single' | 'multi' | 'none';

export interface TooltipOptions {
  mode: TooltipMode;
  sort: string;
}

/** `options.tooltip`: which series the tooltip shows, and in which order. */
export function tooltipOptionsOf(options: unknown): TooltipOptions {
  const tooltip = isObject(options) && isObject(options.tooltip) ? options.tooltip : {};
  const mode = tooltip.mode === 'multi' || tooltip.mode === 'none' ? tooltip.mode : 'single';
  return { mode, sort: typeof tooltip.sort === 'string' ? tooltip.sort : 'none' };
}

export interface TooltipRow {
  label: string;
  color: string;
  value: string;
  raw: number | null;
  /** Which of the graph's series the row shows. */
  seriesIndex: number;
}

/** The rows a tooltip shows at data index `idx`: the nearest series (`single`) or all of them (`multi`). */
export function tooltipRows(
  graph: GraphData,
  idx: number,
  mode: TooltipMode,
  options: {
    sort?: string;
    nearestTo?: number;
    valToPos?: (value: number, scaleKey: string) => number;
    shown?: (seriesIndex: number) => boolean;
  } = {},
): TooltipRow[] {
  const rows: Array<TooltipRow & { distance: number }> = [];
  const plain = ({ label, color, value, raw, seriesIndex }: TooltipRow): TooltipRow => ({ label, color, value, raw, seriesIndex });
  graph.series.forEach((s, i) => {
    if (s.custom.hideFromTooltip || s.custom.hideFromViz || (options.shown && !options.shown(i))) return;
    const raw = s.values[idx];
    const plotted = graph.plotted[i + 1]?.[idx];
    const distance =
      options.nearestTo !== undefined && options.valToPos && typeof plotted === 'number'
        ? Math.abs(options.valToPos(plotted, s.scaleKey) - options.nearestTo)
        : Number.POSITIVE_INFINITY;
    rows.push({
      label: s.label,
      // Grafana's tooltip colours each value as its display does: by value in thresholds and continuous modes.
      color: typeof raw === 'number' && s.valueColor ? s.valueColor(raw) : s.color,
      value: raw === undefined ? '' : s.format(raw),
      raw: typeof raw === 'number' ? raw : null,
      seriesIndex: i,
      distance,
    });
  });
  if (mode === 'single') {
    const withValues = rows.filter((r) => r.raw !== null);
    if (!withValues.length) return [];
    const nearest = withValues.reduce((best, r) => (r.distance < best.distance ? r : best), withValues[0]!);
    return [plain(nearest)];
  }
  const visible = rows.filter((r) => r.value !== '');
  if (options.sort === 'asc' || options.sort === 'desc') {
    const sign = options.sort === 'asc' ? 1 : -1;
    visible.sort((a, b) => sign * ((a.raw ?? Number.NEGATIVE_INFINITY) - (b.raw ?? Number.NEGATIVE_INFINITY)));
  }
  return visible.map(plain);
}

/** The data links of series `seriesIndex` for its value at data index `idx`, interpolated for that value. */
export function seriesLinksAt(
  graph: GraphData,
  seriesIndex: number,
  idx: number,
  props: Pick<PanelProps, 'timeRange' | 'replaceVariables'>,
): TooltipLink[] {
  const series = graph.series[seriesIndex];
  if (!series || linksOf(series.field.config).length === 0) return [];
  const raw = series.values[idx];
  const time = graph.times[idx];
  // `${__data.fields.x}` reads the value's own row of its frame: the row with the same time.
  const frame = series.field.frame;
  const timeField = frame.fields.find((f) => f.type === 'time');
  const row = timeField && time !== undefined ? timeField.values.indexOf(time) : -1;
  return dataLinksFor(series.field.config, {
    field: series.field,
    seriesName: series.label,
    frame,
    row: row >= 0 ? row : undefined,
    value: raw ?? null,
    valueText: raw === undefined ? '' : series.format(raw),
    time,
    timeRange: props.timeRange,
    replaceVariables: props.replaceVariables,
  });
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  style: Partial<CSSStyleDeclaration>,
  text?: string,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  Object.assign(el.style, style);
  if (text !== undefined) el.textContent = text;
  return el;
}

const TIP_STYLE: Partial<CSSStyleDeclaration> = {
  position: 'absolute',
  zIndex: '5',
  pointerEvents: 'none',
  display: 'none',
  background: 'var(--mantine-color-body)',
  color: 'var(--mantine-color-text)',
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: '4px',
  boxShadow: 'var(--mantine-shadow-sm)',
  padding: '6px 8px',
  fontSize: '12px',
  lineHeight: '1.4',
  maxWidth: '360px',
  whiteSpace: 'nowrap',
};

export function createTooltip(): HTMLDivElement {
  const tip = element('div', TIP_STYLE);
  tip.setAttribute('aria-hidden', 'true');
  tip.dataset.testid = 'graph-tooltip';
  return tip;
}

/** A data link in the tooltip: where it leads, and how a person reads it. */
export interface TooltipLink {
  title: string;
  href: string;
  newTab: boolean;
}

/**
 * Fills the tooltip with a time header and rows (text only: series names come from the data), then
 * the data links of the series nearest the pointer. Links can be clicked once the tooltip is pinned
 * (a click on the graph, as Grafana); until then a line says so.
 */
export function fillTooltip(
  tip: HTMLElement,
  time: number,
  rows: TooltipRow[],
  timeZone?: string,
  links: TooltipLink[] = [],
  pinned = false,
) {
  tip.replaceChildren();
  tip.appendChild(element('div', { fontWeight: '600', marginBottom: '2px' }, formatDateTime(time, 'YYYY-MM-DD HH:mm:ss', timeZone)));
  for (const row of rows.slice(0, 40)) {
    const line = element('div', { display: 'flex', alignItems: 'center', gap: '6px', overflow: 'hidden' });
    line.appendChild(element('span', { display: 'inline-block', width: '10px', height: '3px', background: row.color, flexShrink: '0' }));
    line.appendChild(element('span', { overflow: 'hidden', textOverflow: 'ellipsis', flex: '1' }, row.label));
    line.appendChild(element('span', { fontWeight: '600', marginLeft: '8px' }, row.value));
    tip.appendChild(line);
  }
  if (rows.length > 40) tip.appendChild(element('div', { opacity: '0.8' }, `and ${rows.length - 40} more`));
  if (!links.length) return;
  const footer = element('div', {
    marginTop: '4px',
    paddingTop: '4px',
    borderTop: '1px solid var(--mantine-color-default-border)',
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
  });
  for (const link of links.slice(0, 10)) {
    const anchor = element('a', { color: 'var(--mantine-color-anchor)', overflow: 'hidden', textOverflow: 'ellipsis' }, link.title);
    anchor.href = link.href;
    if (link.newTab) {
      anchor.target = '_blank';
      anchor.rel = 'noopener noreferrer';
    }
    footer.appendChild(anchor);
  }
  if (!pinned) footer.appendChild(element('div', { opacity: '0.8', fontSize: '11px' }, 'Click the graph to use the links'));
  tip.appendChild(footer);
}

/**
 * A pinned tooltip stays where it is and takes the pointer, so its links can be clicked; it is then
 * part of the page for assistive technology too (a hovering one is a duplicate of the graph's text).
 */
export function setTooltipPinned(tip: HTMLElement, pinned: boolean) {
  tip.style.pointerEvents = pinned ? 'auto' : 'none';
  if (pinned) {
    tip.removeAttribute('aria-hidden');
    tip.setAttribute('role', 'group');
    tip.setAttribute('aria-label', 'Pinned tooltip');
    tip.dataset.pinned = 'true';
  } else {
    tip.setAttribute('aria-hidden', 'true');
    tip.removeAttribute('role');
    tip.removeAttribute('aria-label');
    delete tip.dataset.pinned;
  }
}

/** Keeps a floating box inside its container, next to the point it describes. */
export function placeBeside(tip: HTMLElement, x: number, y: number, container: { width: number; height: number }) {
  tip.style.display = 'block';
  const width = tip.offsetWidth || 160;
  const height = tip.offsetHeight || 40;
  const left = x + 14 + width > container.width ? Math.max(0, x - 14 - width) : x + 14;
  const top = Math.max(0, Math.min(container.height - height, y + 10));
  tip.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
  tip.style.left = '0';
  tip.style.top = '0';
}

/** The plot area's offset inside uPlot's root, in CSS pixels. */
export function plotOffset(u: uPlot): { left: number; top: number } {
  return { left: parseFloat(u.over.style.left) || 0, top: parseFloat(u.over.style.top) || 0 };
}

export function annotationColor(annotation: PanelAnnotation): string {
  return annotation.color || '#3274D9';
}

/** Shaded regions and dashed lines for annotations, drawn under the cursor on the chart canvas. */
export function drawAnnotations(u: uPlot, annotations: PanelAnnotation[]) {
  if (!annotations.length) return;
  const { ctx } = u;
  const { top, height, left, width } = u.bbox;
  const dpr = width / Math.max(1, u.over.clientWidth || width);
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  for (const a of annotations) {
    const color = annotationColor(a);
    const x0 = u.valToPos(a.time, 'x', true);
    if (a.timeEnd !== undefined && a.timeEnd > a.time) {
      const x1 = u.valToPos(a.timeEnd, 'x', true);
      ctx.fillStyle = color;
      ctx.globalAlpha = 0.12;
      ctx.fillRect(x0, top, Math.max(1, x1 - x0), height);
      ctx.globalAlpha = 1;
    }
    ctx.strokeStyle = color;
    ctx.lineWidth = Math.max(1, dpr);
    ctx.setLineDash([4 * dpr, 4 * dpr]);
    ctx.beginPath();
    ctx.moveTo(Math.round(x0) + 0.5, top);
    ctx.lineTo(Math.round(x0) + 0.5, top + height);
    ctx.stroke();
  }
  ctx.restore();
}

export function describeAnnotation(a: PanelAnnotation, timeZone?: string): string {
  const when =
    formatDateTime(a.time, 'YYYY-MM-DD HH:mm:ss', timeZone) +
    (a.timeEnd !== undefined && a.timeEnd > a.time ? ` to ${formatDateTime(a.timeEnd, 'YYYY-MM-DD HH:mm:ss', timeZone)}` : '');
  const tags = a.tags.length ? `, tags: ${a.tags.join(', ')}` : '';
  const author = a.author ? `, by ${a.author}` : '';
  const body = [a.title, annotationPlainText(a.text)].filter(Boolean).join(': ') || '(no text)';
  return `Annotation at ${when}: ${body}${tags}${author}`;
}

/**
 * Markers under the plot, one per annotation (a bar along the bottom for regions): buttons a person
 * can hover or focus to read the annotation's text, tags and author.
 */
export function renderAnnotationMarkers(layer: HTMLElement, tip: HTMLElement, u: uPlot, annotations: PanelAnnotation[], timeZone?: string) {
  layer.replaceChildren();
  tip.style.display = 'none';
  if (!annotations.length) return;
  const { left: offsetLeft, top: offsetTop } = plotOffset(u);
  const plotWidth = u.over.clientWidth || parseFloat(u.over.style.width) || 0;
  const plotHeight = u.over.clientHeight || parseFloat(u.over.style.height) || 0;
  const bottom = offsetTop + plotHeight;
  const hide = () => {
    tip.style.display = 'none';
  };
  for (const a of annotations) {
    const x0 = u.valToPos(a.time, 'x');
    const isRegion = a.timeEnd !== undefined && a.timeEnd > a.time;
    const x1 = isRegion ? u.valToPos(a.timeEnd!, 'x') : x0;
    if (x1 < 0 || x0 > plotWidth) continue;
    const start = Math.max(0, x0);
    const end = Math.min(plotWidth, x1);
    const marker = document.createElement('button');
    marker.type = 'button';
    marker.className = 'sightline-annotation-marker';
    marker.setAttribute('aria-label', describeAnnotation(a, timeZone));
    Object.assign(marker.style, {
      position: 'absolute',
      left: `${offsetLeft + (isRegion ? start : x0 - 5)}px`,
      top: `${bottom - 6}px`,
      width: `${isRegion ? Math.max(6, end - start) : 10}px`,
      height: '6px',
      padding: '0',
      border: 'none',
      borderRadius: isRegion ? '2px' : '0',
      background: annotationColor(a),
      clipPath: isRegion ? '' : 'polygon(50% 0, 100% 100%, 0 100%)',
      cursor: 'pointer',
      pointerEvents: 'auto',
      zIndex: '4',
    } satisfies Partial<CSSStyleDeclaration>);
    const show = () => {
      tip.replaceChildren();
      const when =
        formatDateTime(a.time, 'YYYY-MM-DD HH:mm:ss', timeZone) +
        (isRegion ? ` – ${formatDateTime(a.timeEnd!, 'YYYY-MM-DD HH:mm:ss', timeZone)}` : '');
      tip.appendChild(element('div', { fontWeight: '600' }, when));
      if (a.title) tip.appendChild(element('div', { fontWeight: '600' }, a.title));
      const body = element('div', { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
      if (a.text) body.appendChild(annotationHtml(a.text));
      else if (!a.title) body.textContent = '(no text)';
      tip.appendChild(body);
      if (a.tags.length) tip.appendChild(element('div', { opacity: '0.85' }, `Tags: ${a.tags.join(', ')}`));
      if (a.author) tip.appendChild(element('div', { opacity: '0.85' }, `By ${a.author}`));
      const layerWidth = layer.clientWidth || offsetLeft + plotWidth;
      placeBeside(tip, offsetLeft + (x0 + Math.min(plotWidth, x1)) / 2, Math.max(0, bottom - 70), {
        width: layerWidth,
        height: bottom + 40,
      });
    };
    marker.addEventListener('mouseenter', show);
    marker.addEventListener('focus', show);
    marker.addEventListener('mouseleave', hide);
    marker.addEventListener('blur', hide);
    layer.appendChild(marker);
  }
}

/** Threshold bands in a scale's value space: each step from its value up to the next step's (percentages of the scale's range in percentage mode). */
export function thresholdBandsIn(
  thresholds: GraphThresholds,
  min: number,
  max: number,
): Array<{ from: number; to: number; color: string }> {
  const toValue = (v: number) => (thresholds.mode === 'percentage' && Number.isFinite(v) ? min + (v / 100) * (max - min) : v);
  return thresholds.steps.map((step, i) => ({
    from: Math.max(min, toValue(step.value)),
    to: Math.min(max, i + 1 < thresholds.steps.length ? toValue(thresholds.steps[i + 1]!.value) : Number.POSITIVE_INFINITY),
    color: step.color,
  }));
}

/** `thresholdsStyle`: shaded bands under the series (`area`), or lines at each step over them (`line`, `dashed`). */
export function drawThresholds(u: uPlot, thresholds: GraphThresholds | undefined, phase: 'under' | 'over') {
  if (!thresholds || thresholds.style === 'off') return;
  const scale = u.scales[thresholds.scaleKey];
  if (!scale || scale.min === undefined || scale.max === undefined || scale.min === null || scale.max === null) return;
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  const bands = thresholdBandsIn(thresholds, scale.min, scale.max);
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  if (phase === 'under' && thresholds.style.endsWith('area')) {
    for (const band of bands) {
      if (band.to <= band.from) continue;
      const y0 = u.valToPos(band.to, thresholds.scaleKey, true);
      const y1 = u.valToPos(band.from, thresholds.scaleKey, true);
      ctx.fillStyle = band.color;
      ctx.globalAlpha = 0.15;
      ctx.fillRect(left, Math.min(y0, y1), width, Math.abs(y1 - y0));
    }
    ctx.globalAlpha = 1;
  }
  if (phase === 'over' && (thresholds.style.startsWith('line') || thresholds.style.startsWith('dashed'))) {
    const dashed = thresholds.style.startsWith('dashed');
    for (const band of bands.slice(1)) {
      if (band.from <= scale.min || band.from >= scale.max) continue;
      const y = Math.round(u.valToPos(band.from, thresholds.scaleKey, true)) + 0.5;
      ctx.strokeStyle = band.color;
      ctx.lineWidth = 2;
      ctx.setLineDash(dashed ? [10, 10] : []);
      ctx.beginPath();
      ctx.moveTo(left, y);
      ctx.lineTo(left + width, y);
      ctx.stroke();
    }
  }
  ctx.restore();
}
