/**
 * Where a stat panel's values go, as Grafana's `VizRepeater` places them (stat passes `itemSpacing`
 * 3, `autoGrid` and its `orientation`, and no least sizes): `horizontal` stacks the values one under
 * the other, each the panel's full width; `vertical` sets them side by side, each its full height;
 * `auto` lays them in the grid of near-square cells `calculateGridDimensions` finds (one column in a
 * tall narrow panel, one row in a wide low one), the last row's cells sharing that row's width.
 */

export const STAT_SPACING = 3;

export interface StatCell {
  left: number;
  top: number;
  width: number;
  height: number;
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

/** Each value's box in a `width` × `height` stat panel. */
export function statCells(count: number, width: number, height: number, orientation: unknown, spacing = STAT_SPACING): StatCell[] {
  if (count <= 0 || width <= 0 || height <= 0) return [];
  const share = (total: number, parts: number) => Math.max(0, total / parts - spacing + spacing / parts);
  if (orientation === 'horizontal') {
    const cellHeight = Math.max(0, (height + spacing) / count - spacing);
    return Array.from({ length: count }, (_, i) => ({ left: 0, top: i * (cellHeight + spacing), width, height: cellHeight }));
  }
  if (orientation === 'vertical') {
    const cellWidth = share(width, count);
    return Array.from({ length: count }, (_, i) => ({ left: i * (cellWidth + spacing), top: 0, width: cellWidth, height }));
  }
  const { columns, rows } = gridDimensions(width, height, count);
  const cellWidth = share(width, columns);
  const cellHeight = share(height, rows);
  const onLastRow = count - columns * (rows - 1);
  const lastRowWidth = share(width, onLastRow);
  return Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / columns);
    const column = i % columns;
    const w = row === rows - 1 ? lastRowWidth : cellWidth;
    return { left: column * (w + spacing), top: row * (cellHeight + spacing), width: w, height: cellHeight };
  });
}

/** Grafana's BigValue lays name and value side by side in a box more than 2.5 times as wide as high (unless `wideLayout` is off). */
export function isWideLayout(width: number, height: number, wideLayout: boolean): boolean {
  return wideLayout && height > 0 && width / height > 2.5;
}
