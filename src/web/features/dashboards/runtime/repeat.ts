/**
 * Grafana's `repeat` (DashboardModel.repeatPanel / repeatRow): a panel or row repeated once per
 * selected value of a variable, each copy with `scopedVars` naming its value.
 *
 * Ids: the first copy keeps the original's id; copy `k` (k ≥ 1) gets `id * 1000 + k`, and the
 * panels of a repeated row's copy `k` get `theirId * 1000 + k` too. Grafana takes the next free
 * id instead, which changes whenever the selection does; this rule keeps a copy's id stable.
 */
import { GRID_COLUMNS, gridPosOf, type GridPos, type Panel } from '../../../panels/layout';
import { ALL_VALUE, type InterpolationScope, type VariableState } from './types';

export interface ScopedValue {
  text: string;
  value: string;
}
export type ScopedVars = Record<string, ScopedValue>;

/** A panel as repeat leaves it: copies say which panel they repeat and for which value. */
export type RepeatedPanel = Panel & { scopedVars?: ScopedVars; repeatPanelId?: number };

const REPEAT_ID_FACTOR = 1000;
const DEFAULT_MAX_PER_ROW = 4;

/** Where a panel sits, read as the grid reads it (Grafana's defaults for what is missing). */
const positionOf = (panel: Panel): GridPos => gridPosOf(panel);

function scopedVarsOf(panel: Panel): ScopedVars {
  const vars = panel.scopedVars;
  return typeof vars === 'object' && vars !== null ? (vars as ScopedVars) : {};
}

/** Whether a panel or row repeats for at least one value now. */
function repeats(panel: Panel, scope: InterpolationScope): boolean {
  return typeof panel?.repeat === 'string' && panel.repeat !== '' && repeatValues(scope.variables[panel.repeat]).length > 0;
}

/** The values a repeat makes copies for: every option for All, else the selection. */
function repeatValues(variable: VariableState | undefined): ScopedValue[] {
  if (!variable) return [];
  if (variable.value[0] === ALL_VALUE) {
    return variable.options.filter((o) => o.value !== ALL_VALUE).map((o) => ({ text: o.text, value: o.value }));
  }
  return variable.value.map((value, i) => ({ value, text: variable.text[i] ?? value }));
}

const copyId = (id: unknown, index: number) => (typeof id === 'number' && index > 0 ? id * REPEAT_ID_FACTOR + index : id);

/** Copy `index` of `panel` for `value`; panels copied with their row keep their own `repeat`, as in Grafana. */
function copyOf(panel: Panel, index: number, name: string, value: ScopedValue, withRow = false): RepeatedPanel {
  const copy: RepeatedPanel = {
    ...panel,
    id: copyId(panel.id, index) as number | undefined,
    scopedVars: { ...scopedVarsOf(panel), [name]: value },
  };
  if (index > 0) {
    // Only the original repeats; copies say what they copy, as Grafana's clones do.
    if (!withRow) delete copy.repeat;
    if (typeof panel.id === 'number') copy.repeatPanelId = panel.id;
  }
  return copy;
}

interface Segment {
  row?: RepeatedPanel;
  panels: RepeatedPanel[];
}

/** Panels in reading order, split under their rows (a collapsed row's panels are inside it). */
function segmentsOf(panels: readonly Panel[]): Segment[] {
  const ordered = [...panels].sort((a, b) => positionOf(a).y - positionOf(b).y || positionOf(a).x - positionOf(b).x);
  const segments: Segment[] = [{ panels: [] }];
  for (const panel of ordered) {
    if (panel.type === 'row') {
      const nested = panel.collapsed === true && Array.isArray(panel.panels) ? panel.panels : [];
      segments.push({ row: panel, panels: [...nested] });
    } else {
      segments.at(-1)!.panels.push(panel);
    }
  }
  return segments;
}

function repeatRows(segment: Segment, scope: InterpolationScope): Segment[] {
  const { row } = segment;
  const name = typeof row?.repeat === 'string' ? row.repeat : undefined;
  if (!row || !name) return [segment];
  const values = repeatValues(scope.variables[name]);
  if (values.length === 0) return [segment];
  return values.map((value, index) => ({
    row: copyOf(row, index, name, value),
    panels: segment.panels.map((panel) => copyOf(panel, index, name, value, true)),
  }));
}

/** Repeats each repeating panel of a segment in place, laid out as Grafana's repeatPanel does. */
function repeatPanels(panels: readonly RepeatedPanel[], scope: InterpolationScope): RepeatedPanel[] {
  let result = [...panels].sort((a, b) => positionOf(a).y - positionOf(b).y || positionOf(a).x - positionOf(b).x);
  for (let i = 0; i < result.length; i++) {
    const panel = result[i]!;
    const name = typeof panel.repeat === 'string' ? panel.repeat : undefined;
    if (!name || panel.type === 'row') continue;
    const values = repeatValues(scope.variables[name]);
    if (values.length === 0) continue;

    const pos = positionOf(panel);
    const maxPerRow = typeof panel.maxPerRow === 'number' && panel.maxPerRow > 0 ? panel.maxPerRow : DEFAULT_MAX_PER_ROW;
    const vertical = panel.repeatDirection === 'v';
    const copies: RepeatedPanel[] = [];
    let x = 0;
    let y = pos.y;
    values.forEach((value, index) => {
      const copy = copyOf(panel, index, name, value);
      if (vertical) {
        if (index > 0) y += pos.h;
        copy.gridPos = { ...pos, y };
      } else {
        // As wide as the row allows for all of them, but no more than maxPerRow to a row.
        const w = Math.max(GRID_COLUMNS / values.length, GRID_COLUMNS / maxPerRow);
        copy.gridPos = { ...pos, x, y, w };
        x += w;
        if (x + w > GRID_COLUMNS) {
          x = 0;
          y += pos.h;
        }
      }
      copies.push(copy);
    });

    // Grafana's yOffset: the panels below move down by the rows the copies added.
    const lastCopy = positionOf(copies.at(-1)!);
    const yOffset = lastCopy.y + lastCopy.h - (pos.y + pos.h);
    const rest = result.slice(i + 1).map((other) => {
      const p = positionOf(other);
      return yOffset > 0 && p.y > pos.y ? { ...other, gridPos: { ...p, y: p.y + yOffset } } : other;
    });
    result = [...result.slice(0, i), ...copies, ...rest];
    i += copies.length - 1;
  }
  return result;
}

/**
 * The dashboard's panels with every `repeat` expanded (rows first, then panels, as Grafana) for
 * the variables' current values; rows and the panels under them are laid out again from the top
 * so copies of a row follow one another.
 */
export function expandRepeats(panels: readonly Panel[], scope: InterpolationScope): RepeatedPanel[] {
  const list = panels.filter((p): p is Panel => typeof p === 'object' && p !== null);
  // Nothing to copy: the panels stay as saved, and the grid lays them out as Grafana does.
  if (!list.some((p) => repeats(p, scope) || (p.type === 'row' && Array.isArray(p.panels) && p.panels.some((c) => repeats(c, scope)))))
    return list;
  const segments = segmentsOf(list).flatMap((segment) => repeatRows(segment, scope));
  const result: RepeatedPanel[] = [];
  let cursor = 0;
  for (const segment of segments) {
    const expanded = repeatPanels(segment.panels, scope);
    const top = Math.min(...expanded.map((p) => positionOf(p).y));
    const height = Math.max(0, ...expanded.map((p) => positionOf(p).y + positionOf(p).h - top));
    const placed = expanded.map((p) => {
      const pos = positionOf(p);
      return { ...p, gridPos: { ...pos, y: cursor + (segment.row ? 1 : 0) + (pos.y - (Number.isFinite(top) ? top : 0)) } };
    });
    if (!segment.row) {
      result.push(...placed);
      cursor += height;
      continue;
    }
    const rowPos = positionOf(segment.row);
    const collapsed = segment.row.collapsed === true;
    result.push({
      ...segment.row,
      gridPos: { ...rowPos, x: 0, y: cursor, w: GRID_COLUMNS, h: 1 },
      ...(collapsed ? { panels: placed } : {}),
    });
    if (!collapsed) result.push(...placed);
    cursor += 1 + (collapsed ? 0 : height);
  }
  return result;
}

/** The scope a panel interpolates with: its `scopedVars` (from a repeat) over the dashboard's variables. */
export function scopeWithPanelVars(scope: InterpolationScope, panel: Panel): InterpolationScope {
  const scoped = Object.entries(scopedVarsOf(panel));
  if (scoped.length === 0) return scope;
  const variables = { ...scope.variables };
  for (const [name, { text, value }] of scoped) {
    const base = scope.variables[name];
    variables[name] = {
      name,
      type: base?.type ?? 'custom',
      label: base?.label ?? name,
      hide: base?.hide ?? 2,
      // Keeps the variable's multi/All flags so data source formats escape the value as for the variable (Grafana's template_srv).
      multi: base?.multi ?? false,
      includeAll: false,
      options: [{ text: String(text), value: String(value) }],
      value: [String(value)],
      text: [String(text)],
      loading: false,
    };
  }
  return { ...scope, variables };
}
