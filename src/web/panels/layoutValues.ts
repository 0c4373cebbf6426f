/** How stat, gauge and bar gauge lay several values out in one panel. */

export type Orientation = 'horizontal' | 'vertical';

export function orientationOf(option: unknown, width: number, height: number): Orientation {
  if (option === 'horizontal' || option === 'vertical') return option;
  return width >= height ? 'horizontal' : 'vertical';
}

/**
 * Columns and rows for `count` values in a `width` × `height` box: side by side when horizontal,
 * stacked when vertical, wrapping to a grid when each would get too small.
 */
export function gridFor(
  count: number,
  width: number,
  height: number,
  orientation: Orientation,
  minWidth = 90,
  minHeight = 40,
): { columns: number; rows: number } {
  if (count <= 1) return { columns: 1, rows: 1 };
  if (orientation === 'horizontal') {
    const columns = Math.max(1, Math.min(count, Math.floor(width / minWidth) || 1));
    return { columns, rows: Math.ceil(count / columns) };
  }
  const rows = Math.max(1, Math.min(count, Math.floor(height / minHeight) || 1));
  return { columns: Math.ceil(count / rows), rows };
}

/** How a panel's values sit in their grid: the least a value needs before wrapping, the least a cell is, the gap between cells. */
export interface CellSpec {
  minWidth: number;
  minHeight: number;
  minCell: number;
  gap: number;
}

/** A grid of equal cells for a panel's values, and whether it overflows the panel (then it scrolls). */
export interface CellGrid {
  columns: number;
  rows: number;
  cellWidth: number;
  cellHeight: number;
  gap: number;
  scrolls: boolean;
}

/**
 * The cells of `count` values in a `width` × `height` panel (stat, gauge): the box shared out
 * between columns and rows after the gaps, never below `minCell`; a grid that then needs more room
 * than the panel has scrolls.
 */
export function cellGrid(count: number, width: number, height: number, orientation: Orientation, spec: CellSpec): CellGrid {
  const { columns, rows } = gridFor(count, width, height, orientation, spec.minWidth, spec.minHeight);
  const { gap, minCell } = spec;
  const cellWidth = Math.max(minCell, Math.floor((width - gap * (columns - 1)) / columns));
  const cellHeight = Math.max(minCell, Math.floor((height - gap * (rows - 1)) / rows));
  const scrolls = rows * (cellHeight + gap) > height + gap || columns * (cellWidth + gap) > width + gap;
  return { columns, rows, cellWidth, cellHeight, gap, scrolls };
}

/** A font size that lets `text` fill about `share` of a box without overflowing it. */
export function fitFontSize(text: string, width: number, height: number, share = 0.6, min = 10, max = 120): number {
  const chars = Math.max(1, text.length);
  const byWidth = (width * 0.92) / (chars * 0.6);
  const byHeight = height * share;
  return Math.round(Math.max(min, Math.min(max, byWidth, byHeight)));
}
