import type { ReactNode } from 'react';
import { rightLegendWidth, type VizLegendItem, type VizLegendOptions } from './VizLegend';

/** Where an SVG chart goes beside its legend (bar chart, histogram, state timeline). */
export interface ChartArea {
  /** The legend is on the right of the chart, not below it. */
  right: boolean;
  chartWidth: number;
  chartHeight: number;
}

/**
 * The room the chart has: a legend on the right takes the width its names and values need, one below
 * takes `belowHeight` (by default a line for a list, a line per item and a header for a table, at
 * most 35% of the panel).
 */
export function chartArea(
  legend: VizLegendOptions,
  items: VizLegendItem[],
  valueColumns: number,
  width: number,
  height: number,
  belowHeight = Math.min(height * 0.35, (legend.displayMode === 'table' ? items.length + 1 : 1) * 20 + 6),
): ChartArea {
  const shown = legend.displayMode !== 'hidden';
  const right = shown && legend.placement === 'right';
  const legendHeight = shown && !right ? belowHeight : 0;
  return {
    right,
    chartWidth: right ? Math.max(60, width - rightLegendWidth(items, valueColumns, width)) : width,
    chartHeight: Math.max(40, height - legendHeight),
  };
}

interface ChartWithLegendProps {
  area: ChartArea;
  /** The drawing's text alternative. */
  label: string;
  /** What stands over the drawing: its tooltip, and the data table screen readers get. */
  overlay: ReactNode;
  legend: ReactNode;
  onMouseLeave(): void;
  /** The drawing, inside the SVG. */
  children: ReactNode;
}

/** An SVG drawing with what stands over it, and its legend on the right or below. */
export function ChartWithLegend({ area, label, overlay, legend, onMouseLeave, children }: ChartWithLegendProps) {
  return (
    <div style={{ display: 'flex', flexDirection: area.right ? 'row' : 'column', width: '100%', height: '100%' }}>
      <div style={{ position: 'relative', width: area.chartWidth, height: area.chartHeight, flexShrink: 0 }}>
        <svg
          width={area.chartWidth}
          height={area.chartHeight}
          role="img"
          aria-label={label}
          style={{ color: 'var(--mantine-color-text)' }}
          onMouseLeave={onMouseLeave}
        >
          {children}
        </svg>
        {overlay}
      </div>
      {legend}
    </div>
  );
}
