import { Box, UnstyledButton } from '@mantine/core';
import type { MouseEvent } from 'react';
import { reduceValues, reducerName } from '../reducers';
import { textWidth } from '../textMeasure';
import { LEGEND_NAME_CELL, LEGEND_VALUE_CELL, LegendTableHead, legendListStyle } from '../VizLegend';
import type { GraphSeries } from './graphData';

export interface LegendOptions {
  displayMode: 'list' | 'table' | 'hidden';
  placement: 'bottom' | 'right';
  calcs: string[];
  /** A calc's name (as Grafana saves it, e.g. "Max" or "Last *"), its id, or "Name". */
  sortBy?: string;
  sortDesc?: boolean;
  /** `legend.width`: the width of a right-hand legend, in pixels. */
  width?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function legendOptionsOf(options: unknown): LegendOptions {
  const legend = isObject(options) && isObject(options.legend) ? options.legend : {};
  const hidden = legend.showLegend === false || legend.displayMode === 'hidden';
  return {
    displayMode: hidden ? 'hidden' : legend.displayMode === 'table' ? 'table' : 'list',
    placement: legend.placement === 'right' ? 'right' : 'bottom',
    calcs: Array.isArray(legend.calcs) ? legend.calcs.filter((c): c is string => typeof c === 'string') : [],
    ...(typeof legend.sortBy === 'string' && legend.sortBy ? { sortBy: legend.sortBy, sortDesc: legend.sortDesc === true } : {}),
    ...(typeof legend.width === 'number' && legend.width > 0 ? { width: legend.width } : {}),
  };
}

/** Legend order: by name or by one of its calcs when the panel asks (series without a value last). */
export function sortLegend<T extends { s: GraphSeries }>(items: T[], options: LegendOptions): T[] {
  const { sortBy } = options;
  if (!sortBy) return items;
  const sign = options.sortDesc ? -1 : 1;
  if (sortBy === 'Name') return [...items].sort((a, b) => sign * a.s.label.localeCompare(b.s.label, undefined, { numeric: true }));
  const calc = options.calcs.find((c) => c === sortBy || reducerName(c) === sortBy) ?? sortBy;
  const keyed = items.map((item) => {
    const v = reduceValues(
      item.s.values.filter((x) => x !== undefined),
      [calc],
    )[calc];
    return { item, v: typeof v === 'number' && !Number.isNaN(v) ? v : null };
  });
  keyed.sort((a, b) => (a.v === null ? (b.v === null ? 0 : 1) : b.v === null ? -1 : sign * (a.v - b.v)));
  return keyed.map((k) => k.item);
}

/** Each series' legend calcs as text, e.g. `{mean: "1.20 ms", max: "3 ms"}`. */
export function legendValues(series: GraphSeries, calcs: string[]): Record<string, string> {
  if (!calcs.length) return {};
  const reduced = reduceValues(
    series.values.filter((v) => v !== undefined),
    calcs,
  );
  return Object.fromEntries(
    calcs.map((calc) => [calc, reduced[calc] === null || reduced[calc] === undefined ? '' : series.format(reduced[calc])]),
  );
}

/** Grafana's VizLayout: a bottom legend takes at most 35 % of the panel's height, a right one 60 % of its width. */
export const LEGEND_BOTTOM_SHARE = 0.35;
export const LEGEND_RIGHT_SHARE = 0.6;
const FONT_PX = 12;
const SCROLLBAR_PX = 12;

/**
 * The width of a right-hand legend: the panel's `legend.width`, else what its widest name and
 * values need (Grafana measures the legend's content), at most 60 % of the panel.
 */
export function rightLegendWidth(
  rows: Array<{ label: string; values: Record<string, string> }>,
  options: LegendOptions,
  panelWidth: number,
): number {
  const most = Math.floor(panelWidth * LEGEND_RIGHT_SHARE);
  if (options.width) return Math.min(options.width, most);
  const swatchAndGap = 14 + 6;
  const names = Math.max(0, ...rows.map((row) => textWidth(row.label, FONT_PX)));
  let content: number;
  if (options.displayMode === 'table') {
    const cellPadding = 12;
    const nameColumn = Math.max(textWidth('Name', FONT_PX, 600), swatchAndGap + names) + cellPadding;
    const valueColumns = options.calcs.reduce(
      (sum, calc) =>
        sum +
        cellPadding +
        Math.max(textWidth(reducerName(calc), FONT_PX, 600), ...rows.map((row) => textWidth(row.values[calc] ?? '', FONT_PX))),
      0,
    );
    content = nameColumn + valueColumns;
  } else {
    content = Math.max(
      0,
      ...rows.map(
        (row) =>
          swatchAndGap +
          textWidth(row.label, FONT_PX) +
          options.calcs.reduce((sum, calc) => sum + 8 + textWidth(`${reducerName(calc)}: ${row.values[calc] ?? ''}`, FONT_PX, 600), 0),
      ),
    );
  }
  // The left gap, a scrollbar should the names overflow downwards, and a pixel of rounding.
  return Math.min(most, Math.ceil(content + 8 + SCROLLBAR_PX + 2));
}

function Swatch({ color }: { color: string }) {
  return <span aria-hidden style={{ display: 'inline-block', width: 14, height: 4, borderRadius: 2, background: color, flexShrink: 0 }} />;
}

interface LegendProps {
  series: GraphSeries[];
  options: LegendOptions;
  /** The panel's drawing area, which the legend shares with the graph. */
  panelWidth: number;
  panelHeight: number;
  hidden: Set<number>;
  onToggle(index: number, event: MouseEvent): void;
}

/** The series names (and calcs) as text; clicking one shows it alone, Ctrl/Cmd-click toggles it. */
export function Legend({ series, options, panelWidth, panelHeight, hidden, onToggle }: LegendProps) {
  const items = sortLegend(
    series.map((s, index) => ({ s, index })).filter(({ s }) => !s.custom.hideFromLegend),
    options,
  );
  if (options.displayMode === 'hidden' || items.length === 0) return null;
  const right = options.placement === 'right';
  const name = (s: GraphSeries, index: number) => (
    <UnstyledButton
      onClick={(e: MouseEvent) => onToggle(index, e)}
      aria-pressed={!hidden.has(index)}
      title={`${s.label}: click to show only this series, Ctrl/Cmd-click to show or hide it`}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        fontSize: 12,
        opacity: hidden.has(index) ? 0.55 : 1,
        maxWidth: '100%',
        minWidth: 0,
      }}
    >
      <Swatch color={s.color} />
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{s.label}</span>
    </UnstyledButton>
  );
  const values = items.map(({ s }) => legendValues(s, options.calcs));
  // Sized in pixels, not percentages: the graph gets what is left, and a long legend scrolls.
  const frame = {
    flexShrink: 0,
    overflow: 'auto',
    boxSizing: 'border-box',
    ...(right
      ? {
          width: rightLegendWidth(
            items.map(({ s }, row) => ({ label: s.label, values: values[row]! })),
            options,
            panelWidth,
          ),
          maxHeight: '100%',
        }
      : { maxHeight: Math.max(24, Math.floor(panelHeight * LEGEND_BOTTOM_SHARE)), maxWidth: '100%' }),
    paddingTop: right ? 0 : 4,
    paddingLeft: right ? 8 : 0,
  } as const;
  if (options.displayMode === 'table') {
    return (
      <Box style={frame} data-testid="graph-legend">
        <table style={{ borderCollapse: 'collapse', fontSize: 12, width: '100%' }}>
          <LegendTableHead columns={options.calcs.map(reducerName)} />
          <tbody>
            {items.map(({ s, index }, row) => (
              <tr key={index}>
                <td style={LEGEND_NAME_CELL}>{name(s, index)}</td>
                {options.calcs.map((calc) => (
                  <td key={calc} style={LEGEND_VALUE_CELL}>
                    {values[row]![calc]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    );
  }
  return (
    <Box style={frame} data-testid="graph-legend">
      <ul style={legendListStyle(right)}>
        {items.map(({ s, index }, row) => {
          const rowValues = values[row]!;
          return (
            <li key={index} style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0, fontSize: 12 }}>
              {name(s, index)}
              {options.calcs.map((calc) => (
                <span key={calc} style={{ whiteSpace: 'nowrap' }}>
                  {reducerName(calc)}: <b>{rowValues[calc]}</b>
                </span>
              ))}
            </li>
          );
        })}
      </ul>
    </Box>
  );
}
