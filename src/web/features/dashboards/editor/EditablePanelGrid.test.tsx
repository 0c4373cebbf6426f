import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Panel } from '../../../panels/layout';
import { newPanelOfType } from '../../../panels/registry';
import { renderRoutes } from '../../../test/render';
import { userEvent } from '../../../test/user';
import type { DashboardModel } from '../api';
import { PanelMenu } from '../runtime/PanelMenu';
import { AddMenu, UndoRedo } from './AddMenu';
import { PANEL_COPY_KEY } from './copiedPanel';
import { EditablePanelGrid } from './EditablePanelGrid';
import { EmptyDashboard } from './EmptyDashboard';
import { useDashboardEdits } from './useDashboardEdits';
import { useEditorActions } from './useEditorActions';

let current: DashboardModel = {};

function Harness({ initial, onEditPanel }: { initial: DashboardModel; onEditPanel(id: number): void }) {
  const edits = useDashboardEdits(initial);
  const actions = useEditorActions({ edits, uid: 'abc', slug: 'shop' });
  // The test reads the model the editor holds after each step.
  useEffect(() => {
    current = edits.model;
  }, [edits.model]);
  const panels = (edits.model.panels ?? []) as Panel[];
  const ids = new Set(
    JSON.stringify(panels)
      .match(/"id":\d+/g)
      ?.map((m) => Number(m.slice(5))),
  );
  const { panelActions } = actions;
  return (
    <>
      <AddMenu actions={actions} />
      <UndoRedo edits={edits} />
      <EditablePanelGrid
        panels={panels}
        ownIds={ids}
        edits={edits}
        displayTitle={(title) => title}
        variableNames={['env']}
        onEditPanel={onEditPanel}
        empty={<EmptyDashboard actions={actions} />}
        renderPanel={(panel) => (
          <section aria-label={String(panel.title)} data-panel-id={panel.id}>
            <div data-panel-header>
              <h2>{String(panel.title)}</h2>
              <PanelMenu
                title={String(panel.title)}
                viewing={false}
                canEdit
                onView={() => {}}
                onInspect={() => {}}
                editing={{
                  href: panelActions.editHref(panel.id!),
                  onDuplicate: () => panelActions.duplicate(panel.id!),
                  onCopy: () => panelActions.copy(panel.id!),
                  onRemove: () => panelActions.remove(panel.id!),
                }}
              />
            </div>
          </section>
        )}
      />
    </>
  );
}

function renderEditor(panels: Panel[], onEditPanel = vi.fn()) {
  localStorage.removeItem(PANEL_COPY_KEY);
  const { router } = renderRoutes(
    [{ path: '/d/:uid/:slug', element: <Harness initial={{ title: 'Shop', panels }} onEditPanel={onEditPanel} /> }],
    '/d/abc/shop?edit',
  );
  return { router, onEditPanel };
}

const top = (): Panel[] => current.panels as Panel[];
const cpu: Panel = { id: 1, type: 'stat', title: 'CPU', gridPos: { x: 0, y: 0, w: 12, h: 4 } };
const memory: Panel = { id: 2, type: 'stat', title: 'Memory', gridPos: { x: 0, y: 4, w: 12, h: 4 } };

async function menuItem(panel: string, item: string, id?: number) {
  const scope = id === undefined ? screen : within(document.querySelector<HTMLElement>(`[data-panel-id="${id}"]`)!);
  await userEvent.click(scope.getByRole('button', { name: `Menu for panel ${panel}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
}

describe('EditablePanelGrid', () => {
  it('moves and resizes a focused panel with the arrow keys, says so, and undoes it', async () => {
    renderEditor([cpu, memory]);
    const group = screen.getByRole('group', { name: 'CPU' });
    act(() => group.focus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByText('Moved CPU to column 1, row 5')).toBeInTheDocument();
    expect(top().map((p) => [p.id, p.gridPos])).toEqual([
      [2, { x: 0, y: 0, w: 12, h: 4 }],
      [1, { x: 0, y: 4, w: 12, h: 4 }],
    ]);
    await waitFor(() => expect(screen.getByRole('group', { name: 'CPU' })).toHaveFocus());
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(screen.getByText('Resized CPU to 13 columns by 4 rows')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('CPU cannot move further left')).toBeInTheDocument();
    // The arrow presses on one panel are one undo step.
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(top()).toEqual([cpu, memory]);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(top()[0]!.id).toBe(2);
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(top()).toEqual([cpu, memory]);
  });

  it('resizes from the corner handle with the arrow keys, and edits the focused panel with e', async () => {
    const { onEditPanel } = renderEditor([cpu, memory]);
    const handle = screen.getByRole('button', { name: 'Resize Memory' });
    act(() => handle.focus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByText('Resized Memory to 12 columns by 5 rows')).toBeInTheDocument();
    act(() => screen.getByRole('group', { name: 'CPU' }).focus());
    await userEvent.keyboard('e');
    expect(onEditPanel).toHaveBeenCalledWith(1);
  });

  it('duplicates, copies and pastes, and removes a panel with an Undo in its notification', async () => {
    renderEditor([cpu]);
    await menuItem('CPU', 'Duplicate');
    expect(top().map((p) => [p.id, p.gridPos?.x])).toEqual([
      [1, 0],
      [2, 12],
    ]);
    await menuItem('CPU', 'Copy', 1);
    expect(JSON.parse(localStorage.getItem(PANEL_COPY_KEY)!)).toMatchObject({ id: 1, title: 'CPU' });
    expect(await screen.findByText('Panel copied')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Paste panel', hidden: true }));
    expect(top()[0]).toMatchObject({ id: 3, title: 'CPU', gridPos: { x: 0, y: 0, w: 12, h: 4 } });
    expect(localStorage.getItem(PANEL_COPY_KEY)).toBeNull();

    await menuItem('CPU', 'Remove', 1);
    expect(top().map((p) => p.id)).not.toContain(1);
    const notice = (await screen.findByText('Panel removed')).closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(top().map((p) => p.id)).toContain(1);
  });

  it('starts an empty dashboard with a row or a visualization (opening the panel editor)', async () => {
    const { router } = renderEditor([]);
    expect(screen.getByRole('heading', { name: 'Start your new dashboard by adding a visualization' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Paste panel' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add a row' }));
    expect(top()).toEqual([{ id: 1, type: 'row', title: 'Row title', collapsed: false, panels: [], gridPos: { x: 0, y: 0, w: 24, h: 1 } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Visualization' }));
    // The registry's defaults of a new time series, as Grafana saves a new panel.
    expect(top()[0]).toEqual({ ...newPanelOfType('timeseries'), id: 2, title: 'New panel', gridPos: { x: 0, y: 0, w: 12, h: 8 } });
    await waitFor(() => expect(router.state.location.search).toBe('?editPanel=2'));
  });

  it('folds a row into its panels, renames it, repeats it, and removes it keeping its panels', async () => {
    const row: Panel = { id: 5, type: 'row', title: 'Hosts', collapsed: false, panels: [], gridPos: { x: 0, y: 0, w: 24, h: 1 } };
    renderEditor([row, { ...cpu, gridPos: { x: 0, y: 1, w: 12, h: 4 } }]);
    await userEvent.click(within(screen.getByRole('heading', { name: 'Hosts' })).getByRole('button', { expanded: true }));
    expect(top()).toHaveLength(1);
    expect(top()[0]).toMatchObject({ collapsed: true, panels: [{ id: 1 }] });
    expect(screen.queryByRole('region', { name: 'CPU' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Menu for row Hosts' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Row options', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Row options' });
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Servers');
    await userEvent.click(within(dialog).getByLabelText('Repeat for'));
    await userEvent.click(await screen.findByRole('option', { name: 'env', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(top()[0]).toMatchObject({ title: 'Servers', repeat: 'env' });

    await userEvent.click(screen.getByRole('button', { name: 'Menu for row Servers' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove row', hidden: true }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove row Servers?' });
    expect(within(confirm).getByText(/holds 1 panel\./)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove row only' }));
    expect(top().map((p) => p.id)).toEqual([1]);
  });

  it('does not start a drag on a press without movement', () => {
    renderEditor([cpu]);
    const heading = screen.getByRole('heading', { name: 'CPU' });
    fireEvent.pointerDown(heading, { button: 0, clientX: 5, clientY: 5 });
    fireEvent.pointerUp(window, { clientX: 6, clientY: 6 });
    expect(top()).toEqual([cpu]);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });
});
