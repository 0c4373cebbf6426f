import { useMemo, useState } from 'react';
import { textOn } from '../colors';
import { panelDefaults } from '../fieldDisplay';
import { NoData, useScheme } from '../PanelStates';
import { reduceValues, reducerName } from '../reducers';
import { HiddenDataTable } from '../HiddenDataTable';
import { niceTicks, pointerIn, valueDomain } from '../svgChart';
import { panelFrames } from '../transformations';
import type { PanelProps } from '../types';
import { VizLegend, vizLegendOptionsOf, VizTooltip, VizTooltipSwatch } from '../VizLegend';
import { ChartWithLegend, chartArea } from '../ChartWithLegend';
import { barChartData, barChartOptionsOf, isHorizontal, layoutBars } from './barData';

const FONT = 11;
const CHAR = 6.5;

/** Grafana's bar chart in SVG: grouped or stacked bars per category, values on bars, legend, tooltip. */
export default function BarChartPanel({ panel, frames: rawFrames, width, height, timeZone, replaceVariables }: PanelProps) {
  const scheme = useScheme();
  const frames = useMemo(() => panelFrames(panel, rawFrames), [panel, rawFrames]);
  const data = useMemo(
    () => barChartData(panel, frames, { scheme, timeZone, replaceVariables }),
    [panel, frames, scheme, timeZone, replaceVariables],
  );
  const [hover, setHover] = useState<{ category: number; x: number; y: number } | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const options = barChartOptionsOf(panel.options);
  const legend = vizLegendOptionsOf(panel.options);
  const calcs = (() => {
    const l = (panel.options as { legend?: { calcs?: unknown } } | undefined)?.legend?.calcs;
    return Array.isArray(l) ? l.filter((c): c is string => typeof c === 'string') : [];
  })();
  if (data.series.length === 0 || data.categories.length === 0) return <NoData text={panelDefaults(panel).noValue} />;

  const legendItems = data.series.map((s) => {
    const reduced = reduceValues(s.values, calcs);
    return {
      key: s.key,
      label: s.name,
      color: s.color,
      values: calcs.map((c) => (typeof reduced[c] === 'number' ? s.format(reduced[c]) : '')),
    };
  });
  const area = chartArea(legend, legendItems, calcs.length, width, height);
  const { chartWidth, chartHeight } = area;
  const horizontal = isHorizontal(options.orientation, chartWidth, chartHeight);
  const bars = layoutBars(data, options);
  const percent = options.stacking === 'percent';
  const domain = percent ? { min: 0, max: 1 } : valueDomain(bars.flatMap((b) => [b.from, b.to]));
  const ticks = niceTicks(
    domain.min,
    domain.max,
    horizontal ? Math.max(2, Math.floor(chartWidth / 90)) : Math.max(2, Math.floor(chartHeight / 40)),
  );
  const format0 = data.series[0]!.format;
  const tickText = (v: number) => (percent ? `${Math.round(v * 100)}%` : format0(v));
  const longestCategory = Math.max(...data.categories.map((c) => c.length));
  const longestTick = Math.max(...ticks.map((t) => tickText(t).length));
  const rotation = options.xTickLabelRotation;
  const rotated = !horizontal && rotation !== 0;
  const margin = horizontal
    ? { left: Math.min(chartWidth * 0.4, longestCategory * CHAR + 10), right: 12, top: 6, bottom: 20 }
    : {
        left: longestTick * CHAR + 10,
        right: 10,
        top: 10,
        bottom: rotated ? Math.min(chartHeight * 0.4, Math.abs(Math.sin((rotation * Math.PI) / 180)) * longestCategory * CHAR + 16) : 20,
      };
  const plotW = Math.max(10, chartWidth - margin.left - margin.right);
  const plotH = Math.max(10, chartHeight - margin.top - margin.bottom);
  const slot = (horizontal ? plotH : plotW) / data.categories.length;
  const valueLength = horizontal ? plotW : plotH;
  const toPixel = (v: number) => ((v - domain.min) / (domain.max - domain.min)) * valueLength;
  // Category axis position → screen; value axis position → screen.
  const rectOf = (category: number, offset: number, size: number, from: number, to: number) => {
    const a = Math.min(toPixel(from), toPixel(to));
    const length = Math.abs(toPixel(to) - toPixel(from));
    const c = category * slot + offset * slot;
    return horizontal
      ? { x: margin.left + a, y: margin.top + c, width: length, height: size * slot }
      : { x: margin.left + c, y: margin.top + plotH - a - length, width: size * slot, height: length };
  };
  const showValues = options.showValue === 'always' || (options.showValue === 'auto' && bars.every((b) => b.size * slot >= 12));
  const categoryLabelEvery = horizontal
    ? Math.max(1, Math.ceil(14 / slot))
    : Math.max(1, Math.ceil((rotated ? 14 : Math.min(longestCategory, 24) * CHAR + 6) / slot));
  const seriesIndex = highlight === null ? -1 : data.series.findIndex((s) => s.key === highlight);

  const title = panel.title ? String(panel.title) : 'Bar chart';

  return (
    <ChartWithLegend
      area={area}
      label={`Bar chart: ${data.categories.length} categories, ${data.series.map((s) => s.name).join(', ')}`}
      onMouseLeave={() => setHover(null)}
      overlay={
        <>
          {hover && (
            <VizTooltip x={hover.x} y={hover.y} width={chartWidth} height={chartHeight}>
              <div style={{ fontWeight: 600 }}>{data.categories[hover.category]}</div>
              {data.series.map((s) => {
                const v = s.values[hover.category];
                return (
                  <div key={s.key}>
                    <VizTooltipSwatch color={s.color} />
                    {s.name}: <b>{v === null || v === undefined ? '–' : s.format(v)}</b>
                  </div>
                );
              })}
            </VizTooltip>
          )}
          <HiddenDataTable
            caption={title}
            columns={['Category', ...data.series.map((s) => s.name)]}
            rows={data.categories.map((category, c) => ({
              header: category,
              cells: data.series.map((s) => {
                const v = s.values[c];
                return v === null || v === undefined ? '' : s.format(v);
              }),
            }))}
          />
        </>
      }
      legend={
        <VizLegend
          items={legendItems}
          options={legend}
          columns={calcs.map(reducerName)}
          label={`Legend of ${title}`}
          onHighlight={setHighlight}
        />
      }
    >
      {ticks.map((t) => {
        const p = toPixel(t);
        return horizontal ? (
          <g key={t}>
            <line
              x1={margin.left + p}
              x2={margin.left + p}
              y1={margin.top}
              y2={margin.top + plotH}
              stroke="currentColor"
              strokeOpacity={0.15}
            />
            <text x={margin.left + p} y={chartHeight - 5} fontSize={FONT} textAnchor="middle" fill="currentColor">
              {tickText(t)}
            </text>
          </g>
        ) : (
          <g key={t}>
            <line
              x1={margin.left}
              x2={margin.left + plotW}
              y1={margin.top + plotH - p}
              y2={margin.top + plotH - p}
              stroke="currentColor"
              strokeOpacity={0.15}
            />
            <text
              x={margin.left - 5}
              y={margin.top + plotH - p}
              fontSize={FONT}
              textAnchor="end"
              dominantBaseline="middle"
              fill="currentColor"
            >
              {tickText(t)}
            </text>
          </g>
        );
      })}
      {data.categories.map((category, c) => {
        if (c % categoryLabelEvery !== 0) return null;
        const mid = c * slot + slot / 2;
        const text = category.length > 40 ? `${category.slice(0, 39)}…` : category;
        if (horizontal)
          return (
            <text
              key={c}
              x={margin.left - 5}
              y={margin.top + mid}
              fontSize={FONT}
              textAnchor="end"
              dominantBaseline="middle"
              fill="currentColor"
            >
              {text}
            </text>
          );
        const x = margin.left + mid;
        const y = margin.top + plotH + 14;
        return (
          <text
            key={c}
            x={x}
            y={y}
            fontSize={FONT}
            textAnchor={rotated ? (rotation < 0 ? 'end' : 'start') : 'middle'}
            transform={rotated ? `rotate(${rotation} ${x} ${y - 4})` : undefined}
            fill="currentColor"
          >
            {text}
          </text>
        );
      })}
      {bars.map((bar, i) => {
        const r = rectOf(bar.category, bar.offset, bar.size, bar.from, bar.to);
        const s = data.series[bar.series]!;
        return <rect key={i} {...r} fill={s.color} opacity={seriesIndex >= 0 && seriesIndex !== bar.series ? 0.35 : 1} data-testid="bar" />;
      })}
      {showValues &&
        bars.map((bar, i) => {
          const r = rectOf(bar.category, bar.offset, bar.size, bar.from, bar.to);
          const s = data.series[bar.series]!;
          const text = s.format(bar.value);
          const stacked = options.stacking !== 'none';
          if (stacked && (horizontal ? r.width < text.length * CHAR : r.height < 14)) return null;
          const negative = bar.to < bar.from;
          const attrs = horizontal
            ? {
                x: stacked ? r.x + r.width / 2 : negative ? r.x - 3 : r.x + r.width + 3,
                y: r.y + r.height / 2,
                textAnchor: stacked ? ('middle' as const) : negative ? ('end' as const) : ('start' as const),
                dominantBaseline: 'middle' as const,
              }
            : {
                x: r.x + r.width / 2,
                y: stacked ? r.y + r.height / 2 : negative ? r.y + r.height + 11 : r.y - 3,
                textAnchor: 'middle' as const,
                dominantBaseline: stacked ? ('middle' as const) : ('auto' as const),
              };
          return (
            <text key={`v${i}`} {...attrs} fontSize={FONT} fill={stacked ? textOn(s.color) : 'currentColor'} pointerEvents="none">
              {text}
            </text>
          );
        })}
      {data.categories.map((_, c) => {
        const r = horizontal
          ? { x: margin.left, y: margin.top + c * slot, width: plotW, height: slot }
          : { x: margin.left + c * slot, y: margin.top, width: slot, height: plotH };
        return <rect key={`hit${c}`} {...r} fill="transparent" onMouseMove={(e) => setHover({ category: c, ...pointerIn(e) })} />;
      })}
    </ChartWithLegend>
  );
}
