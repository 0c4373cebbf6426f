import { displayText, type DisplayField, type DisplayValue, type PreparedFrame } from '../fieldDisplay';
import { asNumber } from '../frames';
import { isObject } from '../panelJson';
import { reduceValues, reducerName } from '../reducers';

/** What a table shows, apart from drawing it: cell kinds, row order, the footer and the frame picker's labels. */

export type CellKind = 'auto' | 'color-background' | 'color-text' | 'gauge';

/** How a column's cells are drawn: `custom.cellOptions.type` (Grafana 10+) or the older `custom.displayMode`. */
export function cellKind(field: DisplayField): CellKind {
  const custom = field.config.custom ?? {};
  const type =
    isObject(custom.cellOptions) && typeof custom.cellOptions.type === 'string'
      ? custom.cellOptions.type
      : typeof custom.displayMode === 'string'
        ? custom.displayMode
        : 'auto';
  if (type === 'color-background' || type === 'color-background-solid') return 'color-background';
  if (type === 'color-text') return 'color-text';
  if (type === 'gauge' || type === 'gradient-gauge' || type === 'lcd-gauge' || type === 'basic') return 'gauge';
  return 'auto';
}

export type SortState = { column: number; desc: boolean } | null;

/** Two cells' order: empty last, numbers as numbers, text as people sort it ("item 2" before "item 10"). */
function compareCells(a: unknown, b: unknown): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== null && nb !== null) return na - nb;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** Row order for a sort: stable, empty values last in both directions. */
export function sortedRows(field: DisplayField | undefined, length: number, desc: boolean): number[] {
  const rows = Array.from({ length }, (_, i) => i);
  if (!field) return rows;
  return rows.sort((x, y) => {
    const a = field.values[x];
    const b = field.values[y];
    const emptyA = a === null || a === undefined || a === '';
    const emptyB = b === null || b === undefined || b === '';
    if (emptyA || emptyB) return emptyA === emptyB ? x - y : emptyA ? 1 : -1;
    const c = compareCells(a, b);
    return (desc ? -c : c) || x - y;
  });
}

export function frameLabel(frame: PreparedFrame, index: number): string {
  const value = frame.fields.find((f) => f.type === 'number');
  const base =
    frame.name || (value && value.displayName !== value.name ? value.displayName : '') || (frame.refId ? `Query ${frame.refId}` : '');
  return `${index + 1}. ${base || `Frame ${index + 1}`}`;
}

export interface FooterOptions {
  reducer: string;
  fields: string[];
  countRows: boolean;
}

export function footerOptionsOf(options: unknown): FooterOptions | undefined {
  const footer = isObject(options) && isObject(options.footer) ? options.footer : undefined;
  if (!footer || footer.show !== true) return undefined;
  const reducer = Array.isArray(footer.reducer) && typeof footer.reducer[0] === 'string' ? footer.reducer[0] : 'sum';
  const fields = Array.isArray(footer.fields) ? footer.fields.filter((f): f is string => typeof f === 'string') : [];
  return { reducer, fields, countRows: footer.countRows === true };
}

/** The footer's text per column: the reducer over number columns (or the row count in the first). */
export function footerCells(
  columns: DisplayField[],
  footer: FooterOptions,
  format: Array<(v: unknown) => DisplayValue>,
  rows: number,
): string[] {
  return columns.map((field, i) => {
    if (footer.countRows) return i === 0 ? `Count: ${rows}` : '';
    if (
      field.type !== 'number' ||
      (footer.fields.length && !footer.fields.includes(field.displayName) && !footer.fields.includes(field.name))
    )
      return i === 0 ? reducerName(footer.reducer) : '';
    const value = reduceValues(field.values, [footer.reducer])[footer.reducer];
    if (value === null || value === undefined) return '';
    return displayText(format[i]!(value));
  });
}

export function initialSort(options: unknown, fields: DisplayField[]): SortState {
  const sortBy = isObject(options) && Array.isArray(options.sortBy) ? options.sortBy.filter(isObject)[0] : undefined;
  if (!sortBy || typeof sortBy.displayName !== 'string') return null;
  const column = fields.findIndex((f) => f.displayName === sortBy.displayName);
  return column >= 0 ? { column, desc: sortBy.desc === true } : null;
}
