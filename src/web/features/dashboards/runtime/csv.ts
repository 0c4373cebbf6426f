import type { DataFrame } from '../../../../contract/query';
import { decodeFrames, formatLabels, type PanelField, type PanelFrame } from '../../../panels/frames';
import { dateParts } from '../../../panels/valueFormats';

/**
 * What panel inspect shows and downloads: frames as tables of text, and those tables as CSV
 * (RFC 4180), as Grafana's inspect "Download CSV" does. Pure, except `downloadText`.
 */

export interface TableOptions {
  /** Time fields as ISO 8601 text instead of epoch milliseconds. */
  formattedTime?: boolean;
  /** The dashboard's `timezone` (`browser`, `utc` or a zone name) the ISO text is written in. */
  timeZone?: string;
  /** Grafana's "Series joined by time": one table, a row per distinct time, a column per series. */
  joinByTime?: boolean;
}

/** One frame (or the joined frames) as text: what the inspect table draws and the CSV writes. */
export interface TextTable {
  /** The frame's name or refId, for the frame picker; "Series joined by time" for a join. */
  title: string;
  headers: string[];
  rows: string[][];
}

/** A field's header: its display name when set, else its name followed by its labels (`Value {job="api"}`). */
export function fieldDisplayName(field: Pick<PanelField, 'name' | 'labels' | 'config'>): string {
  for (const key of ['displayName', 'displayNameFromDS'] as const) {
    const value = field.config[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  const labels = formatLabels(field.labels);
  const name = field.name || 'Value';
  return labels ? `${name} ${labels}` : name;
}

/** `ms` as ISO 8601 in the zone: `Z` for UTC (as `toISOString`), else the zone's offset at that instant. */
export function isoTime(ms: number, timeZone?: string): string {
  if (!Number.isFinite(ms)) return '';
  const parts = dateParts(ms, timeZone);
  const wallClock = Date.UTC(+parts.YYYY, +parts.MM - 1, +parts.DD, +parts.HH, +parts.mm, +parts.ss, +parts.SSS);
  const offsetMinutes = Math.round((wallClock - ms) / 60_000);
  const text = `${parts.YYYY}-${parts.MM}-${parts.DD}T${parts.HH}:${parts.mm}:${parts.ss}.${parts.SSS}`;
  if (offsetMinutes === 0) return `${text}Z`;
  const sign = offsetMinutes > 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  return `${text}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function cellText(value: unknown, field: PanelField, options: TableOptions): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'time' && options.formattedTime && typeof value === 'number') return isoTime(value, options.timeZone);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function frameTitle(frame: PanelFrame): string {
  const name = frame.name?.trim();
  const refId = frame.refId?.trim();
  if (name && refId && name !== refId) return `${name} (${refId})`;
  return name || refId || `Frame ${frame.index + 1}`;
}

function frameTable(frame: PanelFrame, options: TableOptions): TextTable {
  const rows: string[][] = [];
  for (let row = 0; row < frame.length; row++) rows.push(frame.fields.map((field) => cellText(field.values[row], field, options)));
  return { title: frameTitle(frame), headers: frame.fields.map(fieldDisplayName), rows };
}

export const JOINED_TITLE = 'Series joined by time';

/**
 * An outer join of the frames on their first time field: a row per distinct time (ascending), the
 * other fields of every frame as columns, blank where a frame has no row at that time.
 */
function joinedTable(frames: PanelFrame[], options: TableOptions): TextTable {
  const timeField = (frame: PanelFrame) => frame.fields.find((f) => f.type === 'time');
  const first = timeField(frames[0]!)!;
  const columns = frames.flatMap((frame) => {
    const time = timeField(frame)!;
    // Each frame's rows by time; a repeated time keeps its last row, as a join has one row per time.
    const rowAt = new Map<number, number>();
    time.values.forEach((value, row) => {
      if (typeof value === 'number') rowAt.set(value, row);
    });
    return frame.fields.filter((f) => f !== time).map((field) => ({ field, rowAt }));
  });
  const times = new Set<number>();
  for (const frame of frames) for (const value of timeField(frame)!.values) if (typeof value === 'number') times.add(value);
  const rows = [...times]
    .sort((a, b) => a - b)
    .map((time) => [
      cellText(time, first, options),
      ...columns.map(({ field, rowAt }) => {
        const row = rowAt.get(time);
        return row === undefined ? '' : cellText(field.values[row], field, options);
      }),
    ]);
  return { title: JOINED_TITLE, headers: [fieldDisplayName(first), ...columns.map(({ field }) => fieldDisplayName(field))], rows };
}

/**
 * The frames as text tables: one per frame with fields (frames without fields are left out), or,
 * with `joinByTime`, one joined table of the frames that have a time field, followed by those
 * that have none, since they cannot be joined.
 */
export function framesToTables(frames: DataFrame[], options: TableOptions = {}): TextTable[] {
  const decoded = decodeFrames(frames).filter((frame) => frame.fields.length > 0);
  if (!options.joinByTime) return decoded.map((frame) => frameTable(frame, options));
  const timed = decoded.filter((frame) => frame.fields.some((f) => f.type === 'time'));
  const untimed = decoded.filter((frame) => !timed.includes(frame));
  return [...(timed.length ? [joinedTable(timed, options)] : []), ...untimed.map((frame) => frameTable(frame, options))];
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CRLF = '\r\n';

/** Tables as CSV: each a header row and its rows, CRLF line ends, tables separated by a blank line. */
export function tablesToCsv(tables: TextTable[]): string {
  return tables.map((table) => [table.headers, ...table.rows].map((row) => row.map(csvField).join(',') + CRLF).join('')).join(CRLF);
}

/** Grafana's inspect "Download CSV": frames as CSV, one block per frame, or joined by time. */
export function framesToCsv(frames: DataFrame[], options: TableOptions = {}): string {
  return tablesToCsv(framesToTables(frames, options));
}

/** `<title>-data-<date>.csv`, with characters file systems refuse replaced. */
export function csvFileName(title: string | undefined, now: number, timeZone?: string): string {
  const safeTitle = [...(title?.trim() || 'Panel')].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '-' : c)).join('');
  const p = dateParts(now, timeZone);
  return `${safeTitle}-data-${p.YYYY}-${p.MM}-${p.DD} ${p.HH}-${p.mm}-${p.ss}.csv`;
}

/** Saves `text` as a file the browser downloads (a Blob behind a clicked anchor). */
export function downloadText(filename: string, text: string, mime = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next turn: some browsers start the download only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
