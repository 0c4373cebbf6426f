import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type CSSProperties } from 'react';
import { panelDefaults } from '../fieldDisplay';
import { NoData } from '../PanelStates';
import { VISUALLY_HIDDEN } from '../svgChart';
import { panelFrames } from '../transformations';
import type { PanelProps } from '../types';
import { formatDateTime } from '../valueFormats';
import classes from './LogsPanel.module.css';
import { commonLabels, dedupLogRows, LEVEL_COLORS, logRows, logsOptionsOf, prettify, sortLogRows, type LogRow } from './logsData';

const ROW_HEIGHT = 20;
const MONO: CSSProperties = { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12, lineHeight: `${ROW_HEIGHT - 2}px` };

function LabelChips({ labels }: { labels: Record<string, string> }) {
  const entries = Object.entries(labels);
  if (!entries.length) return null;
  return (
    <span style={{ display: 'inline-flex', gap: 4, marginRight: 6, flexWrap: 'wrap' }}>
      {entries.map(([key, value]) => (
        <span
          key={key}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 3,
            padding: '0 4px',
            whiteSpace: 'nowrap',
          }}
        >
          {key}={value}
        </span>
      ))}
    </span>
  );
}

/** The labels and other fields of one line, shown under it when it is expanded. */
function LogDetails({ row }: { row: LogRow }) {
  const entries = [
    ...Object.entries(row.labels).map(([k, v]) => ['Label', k, v]),
    ...Object.entries(row.fields).map(([k, v]) => ['Field', k, v]),
  ];
  return (
    <table style={{ ...MONO, borderCollapse: 'collapse', margin: '2px 0 6px 16px' }}>
      <caption style={VISUALLY_HIDDEN}>Details of the line</caption>
      <thead style={VISUALLY_HIDDEN}>
        <tr>
          <th scope="col">Kind</th>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {entries.length === 0 && (
          <tr>
            <td colSpan={3}>No labels</td>
          </tr>
        )}
        {entries.map(([kind, key, value]) => (
          <tr key={`${kind}-${key}`}>
            <td style={{ paddingRight: 8 }}>{kind}</td>
            <th scope="row" style={{ textAlign: 'left', fontWeight: 600, paddingRight: 12 }}>
              {key}
            </th>
            <td style={{ wordBreak: 'break-all' }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Grafana's logs panel: one line per log entry with its time, level colour and text, newest first
 * unless the panel says otherwise; consecutive duplicates folded with a count; a line opens to
 * show its labels. Long lists are virtualised, so 5,000 lines scroll as smoothly as 50.
 */
export default function LogsPanel({ panel, frames: rawFrames, width, height, timeZone }: PanelProps) {
  const options = logsOptionsOf(panel.options);
  const frames = useMemo(() => panelFrames(panel, rawFrames), [panel, rawFrames]);
  const all = useMemo(() => sortLogRows(logRows(frames), options.sortOrder), [frames, options.sortOrder]);
  const rows = useMemo(() => dedupLogRows(all, options.dedupStrategy), [all, options.dedupStrategy]);
  const common = useMemo(() => commonLabels(all), [all]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    initialRect: { width, height },
    getItemKey: (index) => rows[index]!.key,
  });
  if (rows.length === 0) return <NoData text={panelDefaults(panel).noValue} />;

  const title = panel.title ? String(panel.title) : 'Logs';
  const toggle = (key: string) =>
    setExpanded((before) => {
      const next = new Set(before);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const commonEntries = Object.keys(common).length;
  const showCommon = options.showCommonLabels && commonEntries > 0;
  // With showLabels each line shows what tells it apart: the labels not common to all lines.
  const uniqueLabels = (row: LogRow) => Object.fromEntries(Object.entries(row.labels).filter(([key]) => !(key in common)));

  const line = (row: LogRow) => {
    const body = options.prettifyLogMessage ? prettify(row.line) : row.line;
    return (
      <span style={{ display: 'flex', alignItems: 'flex-start', gap: 8, minWidth: 0, width: '100%' }}>
        <span aria-hidden style={{ width: 3, alignSelf: 'stretch', background: LEVEL_COLORS[row.level], borderRadius: 1, flexShrink: 0 }} />
        <span style={VISUALLY_HIDDEN}>{row.level}</span>
        {options.showTime && (
          <span style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>{formatDateTime(row.timeMs, 'YYYY-MM-DD HH:mm:ss.SSS', timeZone)}</span>
        )}
        {row.duplicates > 0 && (
          <span style={{ whiteSpace: 'nowrap', flexShrink: 0, fontWeight: 600 }} aria-label={`repeated ${row.duplicates + 1} times`}>
            {row.duplicates + 1}x
          </span>
        )}
        <span
          style={{
            whiteSpace: options.wrapLogMessage || options.prettifyLogMessage ? 'pre-wrap' : 'pre',
            wordBreak: options.wrapLogMessage ? 'break-all' : undefined,
            minWidth: 0,
            textAlign: 'left',
          }}
        >
          {options.showLabels && <LabelChips labels={uniqueLabels(row)} />}
          {body}
        </span>
      </span>
    );
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', width, height, ...MONO }}>
      {showCommon && (
        <div style={{ padding: '0 0 4px', flexShrink: 0 }} aria-label="Labels common to all lines" role="group">
          <LabelChips labels={common} />
        </div>
      )}
      <div
        ref={scrollRef}
        role="list"
        aria-label={`Log lines of ${title}: ${rows.length}`}
        tabIndex={0}
        style={{ flex: 1, overflow: 'auto', position: 'relative', minHeight: 0 }}
      >
        <div
          style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: options.wrapLogMessage ? undefined : 'max-content' }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const open = expanded.has(row.key);
            return (
              <div
                key={item.key}
                role="listitem"
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
              >
                {options.enableLogDetails ? (
                  <button
                    type="button"
                    aria-expanded={open}
                    onClick={() => toggle(row.key)}
                    className={classes.line}
                    data-open={open || undefined}
                  >
                    {line(row)}
                  </button>
                ) : (
                  <div style={{ padding: '1px 2px' }}>{line(row)}</div>
                )}
                {open && <LogDetails row={row} />}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
