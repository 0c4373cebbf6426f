import { GRID_COLUMNS, gridPosOf, type Panel } from '../../../panels/layout';
import { settlePanels } from './gridEditing';

/**
 * Rows as Grafana's DashboardModel changes them. An expanded row owns the top-level panels after
 * it up to the next row; a collapsed row holds its panels in `row.panels`. Each function starts
 * from the panels where the grid draws them (`settlePanels`), as Grafana's model is after its grid
 * has reported the layout, and returns undefined when there is no such row.
 */

const isRow = (panel: Panel) => panel.type === 'row';
const rowIndexOf = (panels: Panel[], rowId: number) => panels.findIndex((p) => isRow(p) && p.id === rowId);

/** Grafana's getRowPanels: the panels after the row at `index`, up to the next row. */
function ownedPanels(panels: Panel[], index: number): Panel[] {
  const owned: Panel[] = [];
  for (let i = index + 1; i < panels.length && !isRow(panels[i]!); i++) owned.push(panels[i]!);
  return owned;
}

/** How many panels a row holds, folded or not. */
export function rowPanelCount(panels: Panel[], rowId: number): number {
  const settled = settlePanels(panels);
  const index = rowIndexOf(settled, rowId);
  if (index < 0) return 0;
  const row = settled[index]!;
  return row.collapsed === true ? (Array.isArray(row.panels) ? row.panels.length : 0) : ownedPanels(settled, index).length;
}

const withY = (panel: Panel, y: number): Panel => ({ ...panel, gridPos: { ...gridPosOf(panel), y } });

/** Grafana's toggleRow. */
export function toggleRow(panels: Panel[], rowId: number): Panel[] | undefined {
  const settled = settlePanels(panels);
  const index = rowIndexOf(settled, rowId);
  if (index < 0) return undefined;
  const row = settled[index]!;
  if (row.collapsed !== true) {
    const owned = ownedPanels(settled, index);
    const folded = { ...row, collapsed: true, panels: owned };
    return [...settled.slice(0, index), folded, ...settled.slice(index + 1 + owned.length)];
  }
  const inside = Array.isArray(row.panels) ? row.panels : [];
  const rowPos = gridPosOf(row);
  // The first panel goes right under the row, the others keep their offsets to it (the row may
  // have moved while folded); a panel saved without a y starts at the row's.
  const yOf = (panel: Panel) => (typeof panel.gridPos?.y === 'number' ? panel.gridPos.y : rowPos.y);
  const shift = inside.length > 0 ? yOf(inside[0]!) - (rowPos.y + rowPos.h) : 0;
  const unfolded = inside.map((panel) => withY(panel, yOf(panel) - shift));
  const bottom = Math.max(rowPos.y, ...unfolded.map((p) => gridPosOf(p).y + gridPosOf(p).h));
  const push = bottom - rowPos.y - 1;
  const after = settled.slice(index + 1).map((panel) => withY(panel, gridPosOf(panel).y + push));
  return settlePanels([...settled.slice(0, index), { ...row, collapsed: false, panels: [] }, ...unfolded, ...after]);
}

interface Section {
  panels: Panel[];
  isRow: boolean;
}

/** The panels split into the ones before the first row, then one section per row with what it owns. */
function sections(settled: Panel[]): Section[] {
  const list: Section[] = [];
  for (const panel of settled) {
    if (isRow(panel) || list.length === 0) list.push({ panels: [panel], isRow: isRow(panel) });
    else list.at(-1)!.panels.push(panel);
  }
  return list;
}

/** The row with its panels swapped with the neighbouring row section; the sections stacked again from the top. */
export function moveRow(panels: Panel[], rowId: number, direction: -1 | 1): Panel[] | undefined {
  const list = sections(settlePanels(panels));
  const at = list.findIndex((s) => s.isRow && s.panels[0]!.id === rowId);
  const to = at + direction;
  if (at < 0 || to < 0 || to >= list.length || !list[to]!.isRow) return undefined;
  [list[at], list[to]] = [list[to]!, list[at]!];
  let top = 0;
  const stacked: Panel[] = [];
  for (const section of list) {
    const positions = section.panels.map(gridPosOf);
    const sectionTop = Math.min(...positions.map((p) => p.y));
    const sectionBottom = Math.max(...positions.map((p) => p.y + p.h));
    section.panels.forEach((panel, i) => stacked.push(withY(panel, positions[i]!.y - sectionTop + top)));
    top += sectionBottom - sectionTop;
  }
  return stacked;
}

/** Grafana's removeRow: the row alone leaves its panels on the dashboard; with its panels, they go too. */
export function removeRow(panels: Panel[], rowId: number, withPanels: boolean): Panel[] | undefined {
  const settled = settlePanels(panels);
  const index = rowIndexOf(settled, rowId);
  if (index < 0) return undefined;
  const collapsed = settled[index]!.collapsed === true;
  // Grafana toggles first when the panels must come out of (or go into) the row.
  const ready = collapsed !== withPanels ? toggleRow(settled, rowId)! : settled;
  return ready.filter((p) => !(isRow(p) && p.id === rowId));
}

/** Grafana's new row, with the full width and one grid row it always takes. */
export function newRow(): Panel {
  return { type: 'row', title: 'Row title', collapsed: false, panels: [], gridPos: { x: 0, y: 0, w: GRID_COLUMNS, h: 1 } };
}
