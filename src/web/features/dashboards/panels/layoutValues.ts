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

/** A font size that lets `text` fill about `share` of a box without overflowing it. */
export function fitFontSize(text: string, width: number, height: number, share = 0.6, min = 10, max = 120): number {
  const chars = Math.max(1, text.length);
  const byWidth = (width * 0.92) / (chars * 0.6);
  const byHeight = height * share;
  return Math.round(Math.max(min, Math.min(max, byWidth, byHeight)));
}
