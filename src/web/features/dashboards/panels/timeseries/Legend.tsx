import { Box, UnstyledButton } from '@mantine/core';
import type { MouseEvent } from 'react';
import { reduceValues, reducerName } from '../reducers';
import type { GraphSeries } from './graphData';

export interface LegendOptions {
  displayMode: 'list' | 'table' | 'hidden';
  placement: 'bottom' | 'right';
  calcs: string[];
  /** A calc's name (as Grafana saves it, e.g. "Max" or "Last *"), its id, or "Name". */
  sortBy?: string;
  sortDesc?: boolean;
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

function Swatch({ color }: { color: string }) {
  return <span aria-hidden style={{ display: 'inline-block', width: 14, height: 4, borderRadius: 2, background: color, flexShrink: 0 }} />;
}

interface LegendProps {
  series: GraphSeries[];
  options: LegendOptions;
  hidden: Set<number>;
  onToggle(index: number, event: MouseEvent): void;
}

/** The series names (and calcs) as text; clicking one shows it alone, Ctrl/Cmd-click toggles it. */
export function Legend({ series, options, hidden, onToggle }: LegendProps) {
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
  const frame = {
    flexShrink: 0,
    overflow: 'auto',
    maxHeight: right ? '100%' : '40%',
    maxWidth: right ? '40%' : '100%',
    paddingTop: right ? 0 : 4,
    paddingLeft: right ? 8 : 0,
  } as const;
  if (options.displayMode === 'table') {
    const values = items.map(({ s }) => legendValues(s, options.calcs));
    return (
      <Box style={frame} data-testid="graph-legend">
        <table style={{ borderCollapse: 'collapse', fontSize: 12, width: '100%' }}>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'left', fontWeight: 600, padding: '2px 6px' }}>
                Name
              </th>
              {options.calcs.map((calc) => (
                <th key={calc} scope="col" style={{ textAlign: 'right', fontWeight: 600, padding: '2px 6px', whiteSpace: 'nowrap' }}>
                  {reducerName(calc)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map(({ s, index }, row) => (
              <tr key={index}>
                <td style={{ padding: '1px 6px', maxWidth: 0, width: '100%' }}>{name(s, index)}</td>
                {options.calcs.map((calc) => (
                  <td key={calc} style={{ textAlign: 'right', padding: '1px 6px', whiteSpace: 'nowrap' }}>
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
      <ul
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'flex',
          flexDirection: right ? 'column' : 'row',
          flexWrap: right ? 'nowrap' : 'wrap',
          gap: right ? 2 : '2px 14px',
        }}
      >
        {items.map(({ s, index }) => {
          const values = legendValues(s, options.calcs);
          return (
            <li key={index} style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0, fontSize: 12 }}>
              {name(s, index)}
              {options.calcs.map((calc) => (
                <span key={calc} style={{ whiteSpace: 'nowrap' }}>
                  {reducerName(calc)}: <b>{values[calc]}</b>
                </span>
              ))}
            </li>
          );
        })}
      </ul>
    </Box>
  );
}
