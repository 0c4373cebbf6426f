import { NativeSelect, Pagination, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useMemo, useState, type CSSProperties } from 'react';
import { readableColor, textOn } from '../colors';
import { dataLinksFor, linksOf, type DataLink } from '../dataLinks';
import { fieldRange, getDisplayProcessor, prepareFields, type DisplayField, type DisplayValue, type PreparedFrame } from '../fieldDisplay';
import { asNumber } from '../frames';
import { reduceValues, reducerName } from '../reducers';
import { NoData, useScheme } from '../PanelStates';
import { panelFrames } from '../transformations';
import type { PanelProps } from '../types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const PAGE_SIZE = 200;

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

function compareValues(a: unknown, b: unknown): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== null && nb !== null && typeof a !== 'string' && typeof b !== 'string') return na - nb;
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
    const c = compareValues(a, b);
    return (desc ? -c : c) || x - y;
  });
}

function frameLabel(frame: PreparedFrame, index: number): string {
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
    const d = format[i]!(value);
    return `${d.prefix ?? ''}${d.text}${d.suffix ?? ''}`;
  });
}

function initialSort(options: unknown, fields: DisplayField[]): SortState {
  const sortBy = isObject(options) && Array.isArray(options.sortBy) ? options.sortBy.filter(isObject)[0] : undefined;
  if (!sortBy || typeof sortBy.displayName !== 'string') return null;
  const column = fields.findIndex((f) => f.displayName === sortBy.displayName);
  return column >= 0 ? { column, desc: sortBy.desc === true } : null;
}

function Cell({
  field,
  value,
  display,
  kind,
  scheme,
  link,
}: {
  field: DisplayField;
  value: unknown;
  display: DisplayValue;
  kind: CellKind;
  scheme: 'light' | 'dark';
  /** The field's first data link for this cell's value, as Grafana makes a linked cell's value a link. */
  link?: DataLink;
}) {
  const text = `${display.prefix ?? ''}${display.text}${display.suffix ?? ''}`;
  const content = link ? (
    <a
      href={link.href}
      title={link.title}
      target={link.newTab ? '_blank' : undefined}
      rel={link.newTab ? 'noopener noreferrer' : undefined}
      style={{ color: 'inherit', textDecoration: 'underline' }}
    >
      {text}
    </a>
  ) : (
    text
  );
  const align = (field.config.custom?.align as string | undefined) ?? 'auto';
  const numeric = field.type === 'number' || field.type === 'time';
  const style: CSSProperties = {
    padding: '3px 8px',
    borderBottom: '1px solid var(--mantine-color-default-border)',
    textAlign: align === 'left' || align === 'right' || align === 'center' ? align : numeric && field.type === 'number' ? 'right' : 'left',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    maxWidth: typeof field.config.custom?.width === 'number' ? (field.config.custom.width as number) : 480,
  };
  const hasValue = value !== null && value !== undefined && value !== '';
  if (kind === 'color-background' && hasValue) {
    style.background = display.color;
    style.color = textOn(display.color);
  } else if (kind === 'color-text' && hasValue) {
    style.color = readableColor(display.color, scheme);
  }
  if (kind === 'gauge' && hasValue && display.percent !== undefined) {
    return (
      <td style={style}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <div
            aria-hidden
            style={{
              flex: 1,
              height: 10,
              borderRadius: 2,
              background: 'var(--mantine-color-default-border)',
              overflow: 'hidden',
              minWidth: 40,
            }}
          >
            <div style={{ width: `${Math.round(display.percent * 100)}%`, height: '100%', background: display.color }} />
          </div>
          <span>{content}</span>
        </div>
      </td>
    );
  }
  return (
    <td style={style} title={!link && text.length > 40 ? text : undefined}>
      {content}
    </td>
  );
}

/** Grafana's table: one frame at a time (a picker when there are several), sortable columns, units and coloured cells. */
export default function TablePanel({ panel, frames: rawFrames, timeZone, timeRange, replaceVariables }: PanelProps) {
  const scheme = useScheme();
  const frames = useMemo(
    () => prepareFields(panel, panelFrames(panel, rawFrames), { replaceVariables }),
    [panel, rawFrames, replaceVariables],
  );
  const [frameIndex, setFrameIndex] = useState(0);
  const frame = frames[Math.min(frameIndex, frames.length - 1)];
  const columns = useMemo(() => (frame ? frame.fields.filter((f) => f.config.custom?.hidden !== true) : []), [frame]);
  const [sort, setSort] = useState<SortState>(() => initialSort(panel.options, columns));
  const [page, setPage] = useState(1);
  const processors = useMemo(
    () =>
      columns.map((field) =>
        getDisplayProcessor(field, {
          scheme,
          timeZone,
          range: field.type === 'number' ? fieldRange(field.config, field.values) : undefined,
        }),
      ),
    [columns, scheme, timeZone],
  );
  const linked = useMemo(() => columns.map((field) => linksOf(field.config).length > 0), [columns]);
  const timeField = frame?.fields.find((f) => f.type === 'time');
  const length = frame?.length ?? 0;
  const order = useMemo(() => sortedRows(sort ? columns[sort.column] : undefined, length, sort?.desc ?? false), [columns, sort, length]);
  if (!frame || columns.length === 0) return <NoData />;
  const showHeader = !(isObject(panel.options) && panel.options.showHeader === false);
  const footer = footerOptionsOf(panel.options);
  const pages = Math.max(1, Math.ceil(order.length / PAGE_SIZE));
  const currentPage = Math.min(page, pages);
  const visible = order.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE);
  const nextSort = (column: number) => {
    setSort((current) => (!current || current.column !== column ? { column, desc: false } : !current.desc ? { column, desc: true } : null));
    setPage(1);
  };
  const title = typeof panel.title === 'string' && panel.title ? panel.title : 'Table';
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }} tabIndex={showHeader ? undefined : 0} data-testid="table-scroll">
        <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 13 }} aria-label={title}>
          {showHeader && (
            <thead style={{ position: 'sticky', top: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}>
              <tr>
                {columns.map((field, column) => {
                  const active = sort?.column === column;
                  const ariaSort = active ? (sort.desc ? 'descending' : 'ascending') : 'none';
                  const Icon = active ? (sort.desc ? IconArrowDown : IconArrowUp) : IconArrowsSort;
                  return (
                    <th
                      key={column}
                      scope="col"
                      aria-sort={ariaSort}
                      style={{
                        padding: 0,
                        borderBottom: '1px solid var(--mantine-color-default-border)',
                        textAlign: 'left',
                        width: typeof field.config.custom?.width === 'number' ? (field.config.custom.width as number) : undefined,
                      }}
                    >
                      <UnstyledButton
                        onClick={() => nextSort(column)}
                        style={{
                          display: 'flex',
                          alignItems: 'center',
                          gap: 4,
                          padding: '4px 8px',
                          fontWeight: 600,
                          fontSize: 13,
                          width: '100%',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {field.displayName}
                        <Icon size={12} aria-hidden style={{ opacity: active ? 1 : 0.5, flexShrink: 0 }} />
                      </UnstyledButton>
                    </th>
                  );
                })}
              </tr>
            </thead>
          )}
          <tbody>
            {visible.map((row) => (
              <tr key={row}>
                {columns.map((field, column) => {
                  const value = field.values[row];
                  const display = processors[column]!(value);
                  const [link] = linked[column]
                    ? dataLinksFor(field.config, {
                        field,
                        seriesName: field.displayName,
                        frame,
                        row,
                        value,
                        valueText: `${display.prefix ?? ''}${display.text}${display.suffix ?? ''}`,
                        time: timeField ? (asNumber(timeField.values[row]) ?? undefined) : undefined,
                        timeRange,
                        replaceVariables,
                      })
                    : [];
                  return (
                    <Cell key={column} field={field} value={value} display={display} kind={cellKind(field)} scheme={scheme} link={link} />
                  );
                })}
              </tr>
            ))}
          </tbody>
          {footer && (
            <tfoot style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)' }}>
              <tr>
                {footerCells(columns, footer, processors, length).map((text, i) => (
                  <td
                    key={i}
                    style={{
                      padding: '3px 8px',
                      fontWeight: 600,
                      borderTop: '1px solid var(--mantine-color-default-border)',
                      textAlign: columns[i]!.type === 'number' ? 'right' : 'left',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {text}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {(frames.length > 1 || pages > 1) && (
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', justifyContent: 'space-between', paddingTop: 4, flexWrap: 'wrap' }}>
          {frames.length > 1 ? (
            <NativeSelect
              size="xs"
              label="Frame"
              value={String(Math.min(frameIndex, frames.length - 1))}
              onChange={(e) => {
                setFrameIndex(Number(e.currentTarget.value));
                setSort(null);
                setPage(1);
              }}
              data={frames.map((f, i) => ({ value: String(i), label: frameLabel(f, i) }))}
              style={{ maxWidth: 320 }}
            />
          ) : (
            <span />
          )}
          {pages > 1 && (
            <Pagination
              size="xs"
              total={pages}
              value={currentPage}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          )}
        </div>
      )}
    </div>
  );
}
