import type { Panel } from '../../../panels/layout';
import { isObject } from '../../../panels/panelJson';

/**
 * Dashboards of schemaVersion < 16 (Grafana 4 and the jsonnet mixins that still write them) keep
 * their panels in `rows: [{title, height, collapse, showTitle, repeat, panels: [{span, ...}]}]`
 * on a 12-column grid instead of `panels` with `gridPos`. Grafana's DashboardMigrator
 * (`upgradeToGridLayout`) turns them into today's layout when it opens one; this does the same,
 * with Grafana's constants and placement rule, so such a dashboard draws, edits and saves as in
 * Grafana. Row panels get a one-high `gridPos`, as Grafana's placement counts them.
 */

type Json = Record<string, unknown>;

const GRID_COLUMN_COUNT = 24;
const GRID_CELL_HEIGHT = 30;
const GRID_CELL_VMARGIN = 8;
const DEFAULT_ROW_HEIGHT = 250;
const MIN_PANEL_HEIGHT = GRID_CELL_HEIGHT * 3;
const DEFAULT_PANEL_SPAN = 4;

/** A row's or panel's pixel height (`"250px"`, `250`) in grid units. */
function gridHeight(height: unknown): number {
  let pixels = typeof height === 'string' ? Number.parseInt(height.replace('px', ''), 10) : typeof height === 'number' ? height : NaN;
  if (!Number.isFinite(pixels)) pixels = DEFAULT_ROW_HEIGHT;
  if (pixels < MIN_PANEL_HEIGHT) pixels = MIN_PANEL_HEIGHT;
  return Math.ceil(pixels / (GRID_CELL_HEIGHT + GRID_CELL_VMARGIN));
}

interface GridPos {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * One old row's area, filled left to right: `area[i]` is how far down column i is taken, counted
 * from the row's top (Grafana's `RowArea`). A panel that does not fit starts a new line of the
 * row's height below.
 */
class RowArea {
  private area: number[];

  constructor(
    private readonly height: number,
    public yPos: number,
  ) {
    this.area = new Array<number>(GRID_COLUMN_COUNT).fill(0);
  }

  addPanel(pos: GridPos): void {
    for (let i = pos.x; i < pos.x + pos.w; i++) {
      const bottom = pos.y + pos.h - this.yPos;
      if (!this.area[i] || bottom > this.area[i]!) this.area[i] = bottom;
    }
  }

  /** Where a panel this wide goes: the free run at the right end of the area, or a new line. */
  position(width: number, retried = false): { x: number; y: number } | undefined {
    let start: number | undefined;
    let end: number | undefined;
    for (let i = this.area.length - 1; i >= 0; i--) {
      if (this.height - this.area[i]! <= 0) break;
      if (end === undefined) end = i;
      else if (i < this.area.length - 1 && this.area[i]! <= this.area[i + 1]!) start = i;
      else break;
    }
    if (start !== undefined && end !== undefined && end - start >= width - 1) {
      return { x: start, y: Math.max(...this.area.slice(start)) };
    }
    if (retried) return undefined;
    this.yPos += this.height;
    this.area.fill(0);
    return this.position(width, true);
  }
}

/** Whether the model still has Grafana 4's `rows` layout, which `upgradeRowsToGrid` turns into panels. */
export function hasLegacyRows(model: Json): boolean {
  const version = typeof model.schemaVersion === 'number' ? model.schemaVersion : 0;
  return version < 16 && Array.isArray(model.rows);
}

/**
 * The model with its old `rows` turned into `panels` with `gridPos` (and `sharedCrosshair` into
 * `graphTooltip`, the other old key that changes what is drawn); any other model comes back as it is.
 */
export function upgradeRowsToGrid<T extends Json>(model: T): T {
  if (!hasLegacyRows(model)) return model;
  const rows = (model.rows as unknown[]).filter(isObject);
  const { rows: _rows, ...rest } = model;
  const next: Json = { ...rest };
  if (typeof model.sharedCrosshair === 'boolean' && next.graphTooltip === undefined) {
    next.graphTooltip = model.sharedCrosshair ? 1 : 0;
    delete next.sharedCrosshair;
  }

  const rowPanels = (row: Json): Json[] => (Array.isArray(row.panels) ? row.panels.filter(isObject) : []);
  const ids = rows.flatMap((row) => rowPanels(row).map((p) => p.id)).filter((id): id is number => typeof id === 'number');
  const existing = Array.isArray(model.panels) ? (model.panels as unknown[]).filter(isObject) : [];
  const existingIds = existing.map((p) => p.id).filter((id): id is number => typeof id === 'number');
  let nextId = Math.max(0, ...ids, ...existingIds) + 1;

  const showRows = rows.some((row) => Boolean(row.collapse) || Boolean(row.showTitle) || Boolean(row.repeat));
  const panels: Json[] = [...existing];
  let yPos = 0;
  for (const row of rows) {
    if (row.repeatIteration) continue;
    const rowHeight = gridHeight(row.height ?? DEFAULT_ROW_HEIGHT);
    const collapsed = Boolean(row.collapse);
    let rowPanel: Json | undefined;
    if (showRows) {
      rowPanel = {
        id: nextId++,
        type: 'row',
        title: typeof row.title === 'string' ? row.title : '',
        collapsed,
        ...(typeof row.repeat === 'string' && row.repeat ? { repeat: row.repeat } : {}),
        panels: [],
        gridPos: { x: 0, y: yPos, w: GRID_COLUMN_COUNT, h: 1 },
      };
      panels.push(rowPanel);
      yPos++;
    }
    const area = new RowArea(rowHeight, yPos);
    for (const old of rowPanels(row)) {
      const { span, ...panel } = old;
      const spanValue = typeof span === 'number' && span > 0 ? span : DEFAULT_PANEL_SPAN;
      const width = Math.min(GRID_COLUMN_COUNT, Math.max(1, Math.floor(spanValue) * (GRID_COLUMN_COUNT / 12)));
      if (typeof panel.minSpan === 'number') panel.minSpan = Math.min(GRID_COLUMN_COUNT, (GRID_COLUMN_COUNT / 12) * panel.minSpan);
      const height = panel.height !== undefined && panel.height !== null && panel.height !== '' ? gridHeight(panel.height) : rowHeight;
      const place = area.position(width) ?? { x: 0, y: 0 };
      yPos = area.yPos;
      const gridPos = { x: place.x, y: yPos + place.y, w: width, h: height };
      area.addPanel(gridPos);
      const placed: Json = { ...panel, gridPos };
      if (typeof placed.id !== 'number') placed.id = nextId++;
      if (rowPanel && collapsed) (rowPanel.panels as Json[]).push(placed);
      else panels.push(placed);
    }
    if (!(rowPanel && collapsed)) yPos += rowHeight;
  }
  next.panels = panels as Panel[];
  return next as T;
}
