import { NativeSelect, Pagination, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { dataLinksFor, linksOf } from '../dataLinks';
import { displayText, fieldRange, getDisplayProcessor, prepareFields } from '../fieldDisplay';
import { asNumber } from '../frames';
import { isObject } from '../panelJson';
import { NoData, useScheme } from '../PanelStates';
import { panelFrames } from '../transformations';
import type { PanelProps } from '../types';
import { TableCell } from './TableCell';
import { cellKind, footerCells, footerOptionsOf, frameLabel, initialSort, sortedRows, type SortState } from './tableData';

const PAGE_SIZE = 200;

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
                        valueText: displayText(display),
                        time: timeField ? (asNumber(timeField.values[row]) ?? undefined) : undefined,
                        timeRange,
                        replaceVariables,
                      })
                    : [];
                  return (
                    <TableCell
                      key={column}
                      field={field}
                      value={value}
                      display={display}
                      kind={cellKind(field)}
                      scheme={scheme}
                      link={link}
                    />
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
