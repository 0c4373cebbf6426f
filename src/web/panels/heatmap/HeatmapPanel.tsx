import { useId, useMemo, useState, type MouseEvent } from 'react';
import { textOn } from '../colors';
import { panelDefaults } from '../fieldDisplay';
import { HiddenDataTable } from '../HiddenDataTable';
import { NoData, useScheme } from '../PanelStates';
import { timeTicks } from '../state-timeline/timelineData';
import { timeLabelPattern } from '../svgChart';
import { panelFrames } from '../transformations';
import type { PanelProps } from '../types';
import { formatDateTime } from '../valueFormats';
import { VizTooltip } from '../VizLegend';
import { cellShown, heatmapData, heatmapOptionsOf, rowRangeText } from './heatmapData';
import { heatmapPalette, paletteIndex } from './palettes';

const FONT = 11;
const CHAR = 6.5;
const LEGEND_HEIGHT = 30;
const X_AXIS_HEIGHT = 20;

/**
 * Grafana's heatmap in SVG: one column per time interval, one row per bucket, each cell coloured
 * by its count on the panel's scheme; bucket bounds on the y axis, a colour scale below, the
 * bucket range and count in a tooltip, and every count in a table for screen readers.
 */
export default function HeatmapPanel({ panel, frames: rawFrames, width, height, timeRange, timeZone, replaceVariables }: PanelProps) {
  const scheme = useScheme();
  const gradientId = useId();
  const options = useMemo(() => heatmapOptionsOf(panel.options), [panel.options]);
  const frames = useMemo(() => panelFrames(panel, rawFrames), [panel, rawFrames]);
  const model = useMemo(() => heatmapData(panel, frames, replaceVariables), [panel, frames, replaceVariables]);
  const palette = useMemo(() => heatmapPalette(options.color, scheme), [options.color, scheme]);
  const [hover, setHover] = useState<{ column: number; row: number; x: number; y: number } | null>(null);
  if (model.xs.length === 0 || model.rows.length === 0) return <NoData text={panelDefaults(panel).noValue} />;

  const title = panel.title ? String(panel.title) : 'Heatmap';
  const bounded = model.layout !== 'unknown';
  // With bounds, labels sit on the lines between rows (one more line than rows); else in the middle of each row.
  const yLabels: Array<{ at: number; text: string }> = bounded
    ? [
        ...model.rows.map((row, i) => ({ at: i, text: row.min === undefined ? '' : model.formatY(row.min) })),
        { at: model.rows.length, text: model.rows.at(-1)!.max === undefined ? '' : model.formatY(model.rows.at(-1)!.max!) },
      ]
    : model.rows.map((row, i) => ({ at: i + 0.5, text: row.name }));
  const axisWidth = options.yAxis.hidden ? 4 : Math.min(width * 0.4, Math.max(...yLabels.map((l) => l.text.length)) * CHAR + 10);
  const legendHeight = options.legend ? LEGEND_HEIGHT : 0;
  const from = Math.min(timeRange.from, model.xs[0]!);
  const to = Math.max(timeRange.to, model.xs.at(-1)! + model.xSize);
  const pattern = timeLabelPattern(to - from);
  // Half a time label on the right, so the last x label is not cut off.
  const rightRoom = Math.max(12, (pattern.length * CHAR) / 2 + 4);
  const plot = {
    left: options.yAxis.placement === 'left' ? axisWidth : 4,
    top: 8,
    width: Math.max(10, width - axisWidth - rightRoom),
    height: Math.max(10, height - legendHeight - X_AXIS_HEIGHT - 8),
  };
  const x = (t: number) => plot.left + ((t - from) / (to - from || 1)) * plot.width;
  const rowHeight = plot.height / model.rows.length;
  // Row 0 at the bottom, unless the y axis is reversed.
  const yOfRow = (i: number) => (options.yAxis.reverse ? plot.top + i * rowHeight : plot.top + plot.height - (i + 1) * rowHeight);
  const yOfLine = (at: number) => (options.yAxis.reverse ? plot.top + at * rowHeight : plot.top + plot.height - at * rowHeight);
  const labelEvery = Math.max(1, Math.ceil((FONT + 3) / Math.max(1, rowHeight)));
  const ticks = timeTicks(from, to, Math.max(2, Math.floor(plot.width / (pattern.length * CHAR + 24))));
  const gap = Math.min(options.cellGap, rowHeight / 3);
  const colorOf = (v: number) => palette[paletteIndex(v, model.minCount, model.maxCount, palette.length)]!;
  const when = (t: number) => formatDateTime(t, 'YYYY-MM-DD HH:mm:ss', timeZone);

  const onMove = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const px = event.clientX - box.left;
    const py = event.clientY - box.top;
    const t = from + ((px - plot.left) / plot.width) * (to - from);
    const column = model.xs.findIndex((start) => t >= start && t < start + model.xSize);
    const fromTop = Math.floor((py - plot.top) / rowHeight);
    const row = options.yAxis.reverse ? fromTop : model.rows.length - 1 - fromTop;
    if (column < 0 || row < 0 || row >= model.rows.length || px < plot.left || px > plot.left + plot.width) setHover(null);
    else setHover({ column, row, x: px, y: py });
  };
  const hovered = hover ? model.counts[hover.column]?.[hover.row] : undefined;
  const legendStops = Array.from({ length: 16 }, (_, i) => palette[Math.round((i / 15) * (palette.length - 1))]!);

  return (
    <div style={{ position: 'relative', width, height }}>
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={`Heatmap: ${model.rows.length} buckets over ${model.xs.length} intervals, ${model.valueName.toLowerCase()} from ${model.formatCount(model.minCount)} to ${model.formatCount(model.maxCount)}`}
        style={{ color: 'var(--mantine-color-text)', display: 'block' }}
        onMouseMove={options.tooltip ? onMove : undefined}
        onMouseLeave={() => setHover(null)}
      >
        <g data-testid="heatmap-cells">
          {model.counts.map((column, xi) => {
            const left = x(model.xs[xi]!);
            const right = x(model.xs[xi]! + model.xSize);
            const cellWidth = Math.max(1, right - left - gap);
            return column.map((value, yi) =>
              cellShown(value, options.filterValues) ? (
                <rect
                  key={`${xi}-${yi}`}
                  x={left + gap / 2}
                  y={yOfRow(yi) + gap / 2}
                  width={cellWidth}
                  height={Math.max(1, rowHeight - gap)}
                  fill={colorOf(value)}
                />
              ) : null,
            );
          })}
        </g>
        {options.showValue !== 'never' &&
          model.counts.map((column, xi) => {
            const cellWidth = x(model.xs[xi]! + model.xSize) - x(model.xs[xi]!);
            return column.map((value, yi) => {
              if (!cellShown(value, options.filterValues)) return null;
              const text = model.formatCount(value);
              if (options.showValue === 'auto' && (cellWidth < text.length * CHAR + 6 || rowHeight < FONT + 4)) return null;
              return (
                <text
                  key={`v${xi}-${yi}`}
                  x={x(model.xs[xi]!) + cellWidth / 2}
                  y={yOfRow(yi) + rowHeight / 2}
                  fontSize={FONT}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  fill={contrastText(colorOf(value), scheme)}
                  aria-hidden
                >
                  {text}
                </text>
              );
            });
          })}
        {!options.yAxis.hidden &&
          yLabels.map((label, i) =>
            i % labelEvery === 0 || (bounded && i === yLabels.length - 1) ? (
              <text
                key={`y${i}`}
                x={options.yAxis.placement === 'left' ? axisWidth - 6 : plot.left + plot.width + 6}
                y={yOfLine(label.at)}
                fontSize={FONT}
                textAnchor={options.yAxis.placement === 'left' ? 'end' : 'start'}
                dominantBaseline="middle"
                fill="currentColor"
              >
                {label.text}
              </text>
            ) : null,
          )}
        {ticks.map((t) => (
          <text key={`x${t}`} x={x(t)} y={plot.top + plot.height + 14} fontSize={FONT} textAnchor="middle" fill="currentColor">
            {formatDateTime(t, pattern, timeZone)}
          </text>
        ))}
        {options.legend && (
          <g data-testid="heatmap-legend" transform={`translate(${plot.left}, ${height - LEGEND_HEIGHT + 4})`}>
            <defs>
              <linearGradient id={gradientId}>
                {legendStops.map((color, i) => (
                  <stop key={i} offset={`${(i / 15) * 100}%`} stopColor={color} />
                ))}
              </linearGradient>
            </defs>
            <text x={0} y={9} fontSize={FONT} dominantBaseline="middle" fill="currentColor">
              {model.formatCount(model.minCount)}
            </text>
            <rect
              x={model.formatCount(model.minCount).length * CHAR + 8}
              y={3}
              width={Math.max(20, Math.min(300, plot.width * 0.5))}
              height={12}
              rx={2}
              fill={`url(#${gradientId})`}
            />
            <text
              x={model.formatCount(model.minCount).length * CHAR + 16 + Math.max(20, Math.min(300, plot.width * 0.5))}
              y={9}
              fontSize={FONT}
              dominantBaseline="middle"
              fill="currentColor"
            >
              {model.formatCount(model.maxCount)}
            </text>
          </g>
        )}
      </svg>
      {hover && (
        <VizTooltip x={hover.x} y={hover.y} width={width} height={height}>
          <div style={{ fontWeight: 600 }}>{when(model.xs[hover.column]! + (model.calculated ? 0 : model.xSize))}</div>
          <div>Bucket: {rowRangeText(model, model.rows[hover.row]!)}</div>
          <div>
            {model.valueName}: <b>{hovered === null || hovered === undefined ? '–' : model.formatCount(hovered)}</b>
          </div>
        </VizTooltip>
      )}
      <HiddenDataTable
        caption={title}
        columns={['Time', ...model.rows.map((row) => rowRangeText(model, row))]}
        rows={model.xs.map((start, xi) => ({
          header: when(start + (model.calculated ? 0 : model.xSize)),
          cells: model.counts[xi]!.map((v) => (v === null ? '' : model.formatCount(v))),
        }))}
      />
    </div>
  );
}

/** Black or white text over a cell, whichever reads better; transparent cells show the theme's background. */
function contrastText(color: string, scheme: 'light' | 'dark'): string {
  const match = /rgba\(\s*[\d.]+,\s*[\d.]+,\s*[\d.]+,\s*([\d.]+)\)/.exec(color);
  if (match && Number(match[1]) < 0.5) return scheme === 'dark' ? '#ffffff' : '#000000';
  return textOn(color);
}
