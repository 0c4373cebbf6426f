/**
 * Where a panel's repeated values go, as Grafana's `VizRepeater` places them (stat and gauge):
 * `horizontal` stacks them one under the other, each the panel's full width; `vertical` sets them
 * side by side, each its full height; `auto` (with `autoGrid`, as both panels ask) lays them in the
 * near-square cells `calculateGridDimensions` finds (one column in a tall narrow panel, one row in
 * a wide low one), the last row's cells sharing that row's width. A stack whose values would be
 * smaller than the panel's least size keeps that size and scrolls.
 */

export interface RepeaterCell {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface RepeaterLayout {
  cells: RepeaterCell[];
  /** Whether the cells reach past the panel (a stack held at its least sizes): the panel then scrolls. */
  scrolls: boolean;
}

export interface RepeaterOptions {
  /** Pixels between values: stat 3, gauge 16. */
  spacing: number;
  /** Least value height of a horizontal stack and width of a vertical one (gauge's manual sizing). */
  minWidth?: number;
  minHeight?: number;
}

/** Grafana's `calculateSizeOfChild`: the side of the largest square of which `count` fit in the box. */
function squareSide(width: number, height: number, count: number): number {
  const parts = Math.ceil(Math.sqrt((count * width) / height));
  if (Math.floor((parts * height) / width) * parts < count) return height / Math.ceil((parts * height) / width);
  return width / parts;
}

/** Grafana's `calculateGridDimensions`: columns and rows for `count` values, rows as even as they can be. */
export function gridDimensions(width: number, height: number, count: number): { columns: number; rows: number } {
  const side = Math.max(squareSide(width, height, count), squareSide(height, width, count));
  let columns = Math.max(1, Math.floor(width / side));
  const rows = Math.ceil(count / columns);
  columns = Math.ceil(count / rows);
  return { columns, rows };
}

/** Each value's box in a `width` × `height` panel. */
export function repeaterLayout(
  count: number,
  width: number,
  height: number,
  orientation: unknown,
  { spacing, minWidth = 0, minHeight = 0 }: RepeaterOptions,
): RepeaterLayout {
  if (count <= 0 || width <= 0 || height <= 0) return { cells: [], scrolls: false };
  const share = (total: number, parts: number) => Math.max(0, total / parts - spacing + spacing / parts);
  if (orientation === 'horizontal') {
    const cellHeight = Math.max(minHeight, (height + spacing) / count - spacing, 0);
    const cells = Array.from({ length: count }, (_, i) => ({ left: 0, top: i * (cellHeight + spacing), width, height: cellHeight }));
    return { cells, scrolls: count * (cellHeight + spacing) - spacing > height + 0.5 };
  }
  if (orientation === 'vertical') {
    const cellWidth = Math.max(minWidth, share(width, count));
    const cells = Array.from({ length: count }, (_, i) => ({ left: i * (cellWidth + spacing), top: 0, width: cellWidth, height }));
    return { cells, scrolls: count * (cellWidth + spacing) - spacing > width + 0.5 };
  }
  const { columns, rows } = gridDimensions(width, height, count);
  const cellWidth = share(width, columns);
  const cellHeight = share(height, rows);
  const onLastRow = count - columns * (rows - 1);
  const lastRowWidth = share(width, onLastRow);
  const cells = Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / columns);
    const column = i % columns;
    const w = row === rows - 1 ? lastRowWidth : cellWidth;
    return { left: column * (w + spacing), top: row * (cellHeight + spacing), width: w, height: cellHeight };
  });
  return { cells, scrolls: false };
}
