import { useMemo, useState } from 'react';
import { panelDefaults } from '../fieldDisplay';
import { NoData, useScheme } from '../PanelStates';
import { HiddenDataTable } from '../HiddenDataTable';
import { niceTicks, pointerIn, valueDomain } from '../svgChart';
import { panelFrames } from '../transformations';
import type { PanelProps } from '../types';
import { VizLegend, vizLegendOptionsOf, VizTooltip, VizTooltipSwatch } from '../VizLegend';
import { ChartWithLegend, chartArea } from '../ChartWithLegend';
import { histogramData } from './histogramData';

const FONT = 11;
const CHAR = 6.5;

/** Grafana's histogram in SVG: counts per bucket, one colour per series (or one for all with `combine`). */
export default function HistogramPanel({ panel, frames: rawFrames, width, height, replaceVariables }: PanelProps) {
  const scheme = useScheme();
  const frames = useMemo(() => panelFrames(panel, rawFrames), [panel, rawFrames]);
  const data = useMemo(() => histogramData(panel, frames, { scheme, replaceVariables }), [panel, frames, scheme, replaceVariables]);
  const [hover, setHover] = useState<{ bucket: number; x: number; y: number } | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const legend = vizLegendOptionsOf(panel.options);
  if (data.buckets.length === 0 || data.series.length === 0) return <NoData text={panelDefaults(panel).noValue} />;

  const legendItems = data.series.map((s) => ({ key: s.key, label: s.name, color: s.color }));
  const area = chartArea(legend, legendItems, 0, width, height);
  const { chartWidth, chartHeight } = area;
  const xMin = data.buckets[0]!.min;
  const xMax = data.buckets.at(-1)!.max;
  const yDomain = valueDomain(data.series.flatMap((s) => s.counts));
  const yTicks = niceTicks(0, yDomain.max, Math.max(2, Math.floor(chartHeight / 40))).filter((t) => Number.isInteger(t));
  // Half the widest bucket label on the right, so the last x label is not clipped.
  const widestX = Math.max(data.formatX(xMin).length, data.formatX(xMax).length) * CHAR;
  const margin = {
    left: Math.max(...yTicks.map((t) => String(t).length)) * CHAR + 10,
    right: Math.max(12, widestX / 2 + 2),
    top: 10,
    bottom: 20,
  };
  const plotW = Math.max(10, chartWidth - margin.left - margin.right);
  const plotH = Math.max(10, chartHeight - margin.top - margin.bottom);
  const xTickCount = Math.max(2, Math.floor(plotW / (Math.max(...data.buckets.map((b) => data.formatX(b.min).length)) * CHAR + 20)));
  const xTicks = niceTicks(xMin, xMax, xTickCount);
  const x = (v: number) => margin.left + ((v - xMin) / (xMax - xMin || 1)) * plotW;
  const y = (v: number) => margin.top + plotH - (v / yDomain.max) * plotH;
  const overlaid = data.series.length > 1;
  const title = panel.title ? String(panel.title) : 'Histogram';
  const rangeText = (b: { min: number; max: number }) => `${data.formatX(b.min)} – ${data.formatX(b.max)}`;

  return (
    <ChartWithLegend
      area={area}
      label={`Histogram: ${data.buckets.length} buckets from ${data.formatX(xMin)} to ${data.formatX(xMax)}, ${data.series.map((s) => s.name).join(', ')}`}
      onMouseLeave={() => setHover(null)}
      overlay={
        <>
          {hover && (
            <VizTooltip x={hover.x} y={hover.y} width={chartWidth} height={chartHeight}>
              <div style={{ fontWeight: 600 }}>{rangeText(data.buckets[hover.bucket]!)}</div>
              {data.series.map((s) => (
                <div key={s.key}>
                  <VizTooltipSwatch color={s.color} />
                  {s.name}: <b>{s.counts[hover.bucket] ?? 0}</b>
                </div>
              ))}
            </VizTooltip>
          )}
          <HiddenDataTable
            caption={title}
            columns={['Bucket', ...data.series.map((s) => s.name)]}
            rows={data.buckets.map((b, i) => ({ header: rangeText(b), cells: data.series.map((s) => s.counts[i] ?? 0) }))}
          />
        </>
      }
      legend={<VizLegend items={legendItems} options={legend} label={`Legend of ${title}`} onHighlight={setHighlight} />}
    >
      {yTicks.map((t) => (
        <g key={`y${t}`}>
          <line x1={margin.left} x2={margin.left + plotW} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.15} />
          <text x={margin.left - 5} y={y(t)} fontSize={FONT} textAnchor="end" dominantBaseline="middle" fill="currentColor">
            {t}
          </text>
        </g>
      ))}
      {xTicks.map((t) => (
        <text key={`x${t}`} x={x(t)} y={chartHeight - 5} fontSize={FONT} textAnchor="middle" fill="currentColor">
          {data.formatX(t)}
        </text>
      ))}
      {data.series.map((s) => (
        <g
          key={s.key}
          fill={s.color}
          fillOpacity={highlight !== null && highlight !== s.key ? 0.2 : overlaid ? 0.6 : 0.85}
          stroke={s.color}
          data-testid="histogram-series"
        >
          {data.buckets.map((b, i) =>
            s.counts[i] ? (
              <rect
                key={i}
                x={x(b.min) + 0.5}
                width={Math.max(1, x(b.max) - x(b.min) - 1)}
                y={y(s.counts[i]!)}
                height={plotH + margin.top - y(s.counts[i]!)}
              />
            ) : null,
          )}
        </g>
      ))}
      {data.buckets.map((b, i) => (
        <rect
          key={`hit${i}`}
          x={x(b.min)}
          width={Math.max(1, x(b.max) - x(b.min))}
          y={margin.top}
          height={plotH}
          fill="transparent"
          onMouseMove={(e) => setHover({ bucket: i, ...pointerIn(e) })}
        />
      ))}
    </ChartWithLegend>
  );
}
