import { useMemo, useState } from 'react';
import { textOn } from '../colors';
import { panelDefaults } from '../fieldDisplay';
import { NoData, useScheme } from '../PanelStates';
import { panelFrames } from '../transformations';
import type { PanelProps } from '../types';
import { pointerIn } from '../svgChart';
import { rightLegendWidth, VizLegend, vizLegendOptionsOf, VizTooltip, VizTooltipSwatch, type VizLegendItem } from '../VizLegend';
import { pieOptionsOf, pieSlices, sliceLabel, slicePath, type PieSlice } from './pieData';

/** Grafana's pie chart, drawn in SVG: slices (or a donut), labels on them, a legend, a tooltip. */
export default function PieChartPanel({ panel, frames: rawFrames, width, height, timeZone, replaceVariables }: PanelProps) {
  const scheme = useScheme();
  const frames = useMemo(() => panelFrames(panel, rawFrames), [panel, rawFrames]);
  const slices = useMemo(
    () => pieSlices(panel, frames, { scheme, timeZone, replaceVariables }),
    [panel, frames, scheme, timeZone, replaceVariables],
  );
  const options = pieOptionsOf(panel.options);
  const legend = vizLegendOptionsOf(panel.options, { displayMode: 'list', placement: 'bottom' });
  const [highlight, setHighlight] = useState<{ key: string; x: number; y: number } | null>(null);
  if (slices.length === 0 || slices.every((s) => s.value === 0)) return <NoData text={panelDefaults(panel).noValue} />;

  const legendItems: VizLegendItem[] = slices.map((s) => ({
    key: s.key,
    label: s.name,
    color: s.color,
    values: options.legendValues.map((v) => (v === 'value' ? s.text : s.percentText)),
  }));
  const right = legend.displayMode !== 'hidden' && legend.placement === 'right';
  const bottom = legend.displayMode !== 'hidden' && !right;
  // The legend takes at most this share; the pie gets the rest.
  const legendRows = legend.displayMode === 'table' ? slices.length + 1 : Math.ceil(slices.length / Math.max(1, Math.floor(width / 140)));
  const pieWidth = right ? Math.max(40, width - rightLegendWidth(legendItems, options.legendValues.length, width)) : width;
  const pieHeight = bottom ? Math.max(40, height - Math.min(height * 0.35, legendRows * 20 + 6)) : height;
  const size = Math.max(20, Math.min(pieWidth, pieHeight));
  const cx = pieWidth / 2;
  const cy = pieHeight / 2;
  const outer = size / 2 - 4;
  const inner = options.pieType === 'donut' ? outer * 0.6 : 0;
  const labelRadius = options.pieType === 'donut' ? (outer + inner) / 2 : outer * 0.65;

  const columns = options.legendValues.map((v) => (v === 'value' ? 'Value' : 'Percent'));
  const summary = slices.map((s) => `${s.name}: ${s.text} (${s.percentText})`).join(', ');
  const active = highlight ? slices.find((s) => s.key === highlight.key) : undefined;
  const centerOf = (s: PieSlice, r: number) => {
    const mid = (s.startAngle + s.endAngle) / 2;
    return { x: cx + r * Math.sin(mid), y: cy - r * Math.cos(mid) };
  };

  return (
    <div style={{ display: 'flex', flexDirection: right ? 'row' : 'column', width: '100%', height: '100%', position: 'relative' }}>
      <div style={{ position: 'relative', width: pieWidth, height: pieHeight, flexShrink: 0, alignSelf: 'center' }}>
        <svg
          width={pieWidth}
          height={pieHeight}
          role="img"
          aria-label={`${options.pieType === 'donut' ? 'Donut' : 'Pie'} chart: ${summary}`}
        >
          {slices.map((s) => (
            <path
              key={s.key}
              d={slicePath(cx, cy, outer, inner, s.startAngle, s.endAngle)}
              fill={s.color}
              stroke="var(--mantine-color-body)"
              strokeWidth={slices.length > 1 ? 1 : 0}
              opacity={active && active !== s ? 0.55 : 1}
              onMouseMove={(e) => {
                setHighlight({ key: s.key, ...pointerIn(e) });
              }}
              onMouseLeave={() => setHighlight(null)}
            />
          ))}
          {options.displayLabels.length > 0 &&
            slices.map((s) => {
              const lines = sliceLabel(s, options.displayLabels);
              // Only where the slice has room for the text.
              if (!lines.length || (s.endAngle - s.startAngle) * labelRadius < 28) return null;
              const at = centerOf(s, labelRadius);
              const fontSize = Math.max(10, Math.min(14, size / 18));
              return (
                <text
                  key={`label-${s.key}`}
                  x={at.x}
                  y={at.y - ((lines.length - 1) * fontSize * 1.2) / 2}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  fontSize={fontSize}
                  fill={textOn(s.color)}
                  pointerEvents="none"
                  aria-hidden
                >
                  {lines.map((line, i) => (
                    <tspan key={i} x={at.x} dy={i === 0 ? 0 : fontSize * 1.2}>
                      {line}
                    </tspan>
                  ))}
                </text>
              );
            })}
        </svg>
        {active && (
          <VizTooltip x={highlight!.x} y={highlight!.y} width={pieWidth} height={pieHeight}>
            <VizTooltipSwatch color={active.color} />
            {active.name}: <b>{active.text}</b> ({active.percentText})
          </VizTooltip>
        )}
      </div>
      <VizLegend
        items={legendItems}
        options={legend}
        columns={columns}
        label={`Legend${panel.title ? ` of ${String(panel.title)}` : ''}`}
        onHighlight={(key) => {
          const slice = slices.find((s) => s.key === key);
          setHighlight(slice ? { key: slice.key, ...centerOf(slice, labelRadius) } : null);
        }}
      />
    </div>
  );
}
