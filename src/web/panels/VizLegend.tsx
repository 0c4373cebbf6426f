import type { CSSProperties, ReactNode } from 'react';

/**
 * The legend and tooltip the SVG panels share (pie chart, bar chart, histogram, state timeline):
 * a list or a table of named swatches, with the numbers as text so screen readers get them.
 */

export interface VizLegendItem {
  key: string;
  label: string;
  color: string;
  /** One text per column of `columns` (table) or shown after the name (list). */
  values?: string[];
}

export interface VizLegendOptions {
  displayMode: 'list' | 'table' | 'hidden';
  placement: 'bottom' | 'right';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `options.legend` as Grafana saves it (`showLegend: false` or `displayMode: hidden` hide it). */
export function vizLegendOptionsOf(options: unknown, fallback: Partial<VizLegendOptions> = {}): VizLegendOptions {
  const legend = isObject(options) && isObject(options.legend) ? options.legend : {};
  const hidden = legend.showLegend === false || legend.displayMode === 'hidden';
  return {
    displayMode: hidden
      ? 'hidden'
      : legend.displayMode === 'table' || legend.displayMode === 'list'
        ? legend.displayMode
        : (fallback.displayMode ?? 'list'),
    placement: legend.placement === 'right' || legend.placement === 'bottom' ? legend.placement : (fallback.placement ?? 'bottom'),
  };
}

/** A legend's list: a column on the right, wrapping lines below the drawing. */
export function legendListStyle(right: boolean): CSSProperties {
  return {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: right ? 'column' : 'row',
    flexWrap: right ? 'nowrap' : 'wrap',
    gap: right ? 2 : '2px 14px',
  };
}

/** A legend table's cells: the name takes the width left and is cut short, values keep to one line. */
export const LEGEND_NAME_CELL: CSSProperties = { padding: '1px 6px', maxWidth: 0, width: '100%' };
export const LEGEND_VALUE_CELL: CSSProperties = { textAlign: 'right', padding: '1px 6px', whiteSpace: 'nowrap' };

/** A legend table's header: "Name", then one column per value. */
export function LegendTableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col" style={{ textAlign: 'left', fontWeight: 600, padding: '2px 6px' }}>
          Name
        </th>
        {columns.map((column) => (
          <th key={column} scope="col" style={{ textAlign: 'right', fontWeight: 600, padding: '2px 6px', whiteSpace: 'nowrap' }}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function Swatch({ color }: { color: string }) {
  return <span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 2, background: color, flexShrink: 0 }} />;
}

interface VizLegendProps {
  items: VizLegendItem[];
  options: VizLegendOptions;
  /** Headers of the value columns, in a table legend. */
  columns?: string[];
  /** Hovering or focusing an item highlights it in the drawing (null when it leaves). */
  onHighlight?(key: string | null): void;
  /** A name for the legend's region, e.g. "Legend of Requests". */
  label?: string;
}

/** A list or table of the drawn items; each is focusable so a keyboard reaches its tooltip too. */
export function VizLegend({ items, options, columns = [], onHighlight, label = 'Legend' }: VizLegendProps) {
  if (options.displayMode === 'hidden' || items.length === 0) return null;
  const right = options.placement === 'right';
  const frame: CSSProperties = {
    // On the right the legend takes the width the drawing leaves, so names are not cut short.
    flex: right ? '1 1 0' : '0 0 auto',
    overflow: 'auto',
    maxHeight: right ? '100%' : '35%',
    maxWidth: right ? '50%' : '100%',
    minWidth: right ? 96 : undefined,
    paddingTop: right ? 0 : 4,
    paddingLeft: right ? 8 : 0,
    fontSize: 12,
  };
  const events = (key: string) =>
    onHighlight
      ? {
          onMouseEnter: () => onHighlight(key),
          onMouseLeave: () => onHighlight(null),
          onFocus: () => onHighlight(key),
          onBlur: () => onHighlight(null),
          tabIndex: 0,
        }
      : {};
  const name = (item: VizLegendItem) => (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minWidth: 0, maxWidth: '100%' }}>
      <Swatch color={item.color} />
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={item.label}>
        {item.label}
      </span>
    </span>
  );
  if (options.displayMode === 'table') {
    return (
      <div style={frame} data-testid="viz-legend" tabIndex={0} role="region" aria-label={label}>
        <table style={{ borderCollapse: 'collapse', width: '100%' }}>
          <LegendTableHead columns={columns} />
          <tbody>
            {items.map((item) => (
              <tr key={item.key} {...events(item.key)}>
                <td style={LEGEND_NAME_CELL}>{name(item)}</td>
                {columns.map((column, i) => (
                  <td key={column} style={LEGEND_VALUE_CELL}>
                    {item.values?.[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <div style={frame} data-testid="viz-legend">
      <ul aria-label={label} style={legendListStyle(right)}>
        {items.map((item) => (
          <li key={item.key} {...events(item.key)} style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
            {name(item)}
            {item.values?.map((value, i) => (
              <span key={i} style={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {value}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** About how wide a right-hand legend needs to be for these names and value columns (at most half the panel). */
export function rightLegendWidth(items: VizLegendItem[], columns: number, panelWidth: number): number {
  const longest = Math.max(0, ...items.map((i) => i.label.length));
  const values = Math.max(0, ...items.map((i) => (i.values ?? []).reduce((sum, v) => sum + v.length * 7 + 16, 0)));
  return Math.round(Math.min(panelWidth * 0.5, Math.max(96, longest * 7 + 40 + Math.max(values, columns * 56))));
}

/** The colour of a series, slice or state, before its name in a tooltip. */
export function VizTooltipSwatch({ color }: { color: string }) {
  return <span style={{ display: 'inline-block', width: 10, height: 10, background: color, marginRight: 6 }} aria-hidden />;
}

/** A small box near the pointer (or the focused item), in the theme's colours. */
export function VizTooltip({
  x,
  y,
  width,
  height,
  children,
}: {
  x: number;
  y: number;
  width: number;
  height: number;
  children: ReactNode;
}) {
  // Keep the box inside the panel: flip to the left / above the point near the far edges.
  const left = x > width * 0.6 ? undefined : x + 12;
  const right = x > width * 0.6 ? width - x + 12 : undefined;
  const top = y > height * 0.6 ? undefined : y + 12;
  const bottom = y > height * 0.6 ? height - y + 12 : undefined;
  return (
    <div
      role="tooltip"
      style={{
        position: 'absolute',
        left,
        right,
        top,
        bottom,
        zIndex: 5,
        pointerEvents: 'none',
        padding: '4px 8px',
        borderRadius: 4,
        fontSize: 12,
        maxWidth: Math.max(160, width * 0.6),
        background: 'var(--mantine-color-body)',
        color: 'var(--mantine-color-text)',
        border: '1px solid var(--mantine-color-default-border)',
        boxShadow: '0 2px 8px rgba(0,0,0,0.25)',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </div>
  );
}
