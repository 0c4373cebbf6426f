import { libraryPanelUid } from '../../../../contract/libraryElements';
import type { Panel } from '../../../panels/layout';

/** What a dashboard knows of one library panel it uses. */
export type LibraryPanelState =
  | { state: 'ready'; name: string; model: Record<string, unknown> }
  | { state: 'missing' }
  | { state: 'loading' }
  | { state: 'failed'; message: string };

/**
 * A dashboard panel that references a library panel, drawn as Grafana's `loadLibraryPanel`
 * (PanelModel.restoreModel) does: everything from the element's model, except the dashboard's own
 * `gridPos` and `id`; the reference stays, with the element's name.
 */
export function mergeLibraryPanel(panel: Panel, name: string, model: Record<string, unknown>): Panel {
  const { gridPos: _gridPos, id: _id, libraryPanel: _ref, ...fromElement } = model;
  const uid = libraryPanelUid(panel)!;
  return { ...fromElement, gridPos: panel.gridPos, id: panel.id, libraryPanel: { uid, name } } as Panel;
}

/** A text panel in the library panel's place, saying why it cannot be drawn (its title and position kept). */
function messagePanel(panel: Panel, content: string): Panel {
  const ref = (panel as { libraryPanel?: { name?: unknown } }).libraryPanel;
  const name = typeof ref?.name === 'string' && ref.name ? ref.name : 'Library panel';
  return {
    id: panel.id,
    gridPos: panel.gridPos,
    title: typeof panel.title === 'string' && panel.title ? panel.title : name,
    type: 'text',
    options: { mode: 'markdown', content },
    libraryPanel: ref,
  } as Panel;
}

function describe(panel: Panel, state: LibraryPanelState): string {
  const uid = libraryPanelUid(panel)!;
  const ref = (panel as { libraryPanel?: { name?: unknown } }).libraryPanel;
  const name = typeof ref?.name === 'string' && ref.name ? `"${ref.name}" ` : '';
  if (state.state === 'missing')
    return (
      `**Library panel not found.** This panel uses the library panel ${name}(uid \`${uid}\`), which this server does not have: ` +
      'it was deleted, or the dashboard was imported without it. Import the dashboard again with its library panels, or remove this panel.'
    );
  if (state.state === 'failed') return `**Could not load the library panel ${name}(uid \`${uid}\`).** ${state.message}`;
  return `Loading the library panel ${name}…`;
}

/**
 * The panels with each library panel reference resolved by `lookup` (rows' panels included).
 * With `keepUnresolved`, a panel whose element is not ready stays as stored; otherwise it becomes a
 * message. The same array when nothing references a library panel.
 */
export function resolveLibraryPanels(
  panels: unknown,
  lookup: (uid: string) => LibraryPanelState,
  { keepUnresolved = false }: { keepUnresolved?: boolean } = {},
): unknown {
  if (!Array.isArray(panels)) return panels;
  let changed = false;
  const resolved = (panels as Panel[]).map((panel) => {
    const uid = libraryPanelUid(panel);
    if (uid === undefined) {
      if (panel?.type === 'row' && Array.isArray(panel.panels)) {
        const inner = resolveLibraryPanels(panel.panels, lookup, { keepUnresolved });
        if (inner !== panel.panels) {
          changed = true;
          return { ...panel, panels: inner as Panel[] };
        }
      }
      return panel;
    }
    const state = lookup(uid);
    if (state.state !== 'ready' && keepUnresolved) return panel;
    changed = true;
    return state.state === 'ready' ? mergeLibraryPanel(panel, state.name, state.model) : messagePanel(panel, describe(panel, state));
  });
  return changed ? resolved : panels;
}

/** The panel as a copy of its library panel with the reference dropped (Grafana's "Unlink library panel"). */
export function unlinkLibraryPanel(panel: Panel): Panel {
  const { libraryPanel: _ref, ...rest } = panel as Panel & { libraryPanel?: unknown };
  return rest as Panel;
}

/** What a library element keeps of a dashboard panel: everything but the dashboard's `gridPos`, `id` and the reference. */
export function libraryPanelModel(panel: Panel): Record<string, unknown> {
  const { gridPos: _gridPos, id: _id, libraryPanel: _ref, ...model } = panel as Panel & { libraryPanel?: unknown };
  return model;
}

function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Whether the panel as edited differs from its element's model (Grafana's library panel "changed" state). */
export function libraryPanelChanged(panel: Panel, elementModel: Record<string, unknown>): boolean {
  return sortedJson(libraryPanelModel(panel)) !== sortedJson(libraryPanelModel(elementModel as Panel));
}

/**
 * The panels as a dashboard saves them: each library panel only as `{id, gridPos, title,
 * libraryPanel: {uid, name}}` (Grafana's `vizPanelToPanel`), the rest as they are, rows' panels too.
 */
export function keepLibraryPanelReferences(panels: unknown): unknown {
  if (!Array.isArray(panels)) return panels;
  return (panels as Panel[]).map((panel) => {
    const uid = libraryPanelUid(panel);
    if (uid === undefined) {
      if (panel?.type === 'row' && Array.isArray(panel.panels))
        return { ...panel, panels: keepLibraryPanelReferences(panel.panels) as Panel[] };
      return panel;
    }
    const ref = (panel as { libraryPanel?: { name?: unknown } }).libraryPanel;
    const name = typeof ref?.name === 'string' ? ref.name : '';
    return { id: panel.id, gridPos: panel.gridPos, title: panel.title, libraryPanel: { uid, name } } as Panel;
  });
}

/** Each library panel of `panels` (rows' panels too). */
export function libraryPanelsOf(panels: unknown): Panel[] {
  if (!Array.isArray(panels)) return [];
  return (panels as Panel[]).flatMap((panel) =>
    libraryPanelUid(panel) !== undefined ? [panel] : panel?.type === 'row' ? libraryPanelsOf(panel.panels) : [],
  );
}
