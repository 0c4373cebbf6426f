import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { gridPosOf, type Panel } from '../../../panels/layout';
import { newPanelOfType } from '../../../panels/registry';
import { findPanel, nextPanelId } from './dashboardEdits';
import { useCopiedPanel } from './copiedPanel';
import { newRow } from './rowEdits';
import type { AddActions } from './AddMenu';
import type { DashboardEdits } from './useDashboardEdits';

/** What the layout editor needs from the dashboard page: its edit state and where its panel editor lives. */
export interface LayoutEditing {
  edits: DashboardEdits;
  uid: string;
  slug: string;
  /** Edit mode's Panels view is shown (else the dashboard is viewed, and only its empty state offers to add). */
  editing: boolean;
  /** Enters edit mode (the empty dashboard's buttons in view mode). */
  onEnterEdit(): void;
}

/** The actions of a panel's menu in edit mode, stable between renders (each panel is memoised). */
export interface PanelEditActions {
  editHref(panelId: number): string;
  duplicate(panelId: number): void;
  copy(panelId: number): void;
  remove(panelId: number): void;
}

const ignoreEdit = () => {};

const panelName = (panel: Panel | undefined) => (typeof panel?.title === 'string' && panel.title.trim() ? panel.title : 'Untitled panel');

/** Grafana's new visualization: a time series at the top, half the width, with the registry's defaults for its type. */
export function newVisualization(): Panel {
  return { ...newPanelOfType('timeseries'), title: 'New panel', gridPos: { x: 0, y: 0, w: 12, h: 8 } };
}

/**
 * Adding (a visualization, a row, the copied panel) and the panel menu's edit actions, as edits of
 * the one dashboard state. Reads the newest state through a ref, so the callbacks never change.
 */
export function useEditorActions(target: Pick<LayoutEditing, 'edits' | 'uid' | 'slug'> | undefined) {
  const navigate = useNavigate();
  const { copied, setCopied, clearCopied } = useCopiedPanel();
  const edits = target?.edits;
  const latest = useRef({ edits, copied });
  useEffect(() => {
    latest.current = { edits, copied };
  });
  const edit = edits?.edit ?? ignoreEdit;
  const uid = target?.uid ?? '';
  const slug = target?.slug ?? '';
  const editPanel = useCallback((panelId: number) => navigate(paths.editPanel(uid, slug, panelId)), [navigate, uid, slug]);

  const addVisualization = useCallback(() => {
    const model = latest.current.edits?.model;
    if (!model) return;
    const id = nextPanelId(model);
    edit({ type: 'panel/add', panel: newVisualization() });
    editPanel(id);
  }, [edit, editPanel]);

  const addRow = useCallback(() => edit({ type: 'panel/add', panel: newRow() }), [edit]);

  // Grafana pastes at the top with the copied size and a new id, then forgets the copy.
  const pastePanel = useCallback(() => {
    const panel = latest.current.copied;
    if (!panel) return;
    const { w, h } = gridPosOf(panel);
    const { id: _id, ...rest } = panel;
    edit({ type: 'panel/add', panel: { ...rest, gridPos: { x: 0, y: 0, w, h } } });
    clearCopied();
  }, [edit, clearCopied]);

  const panelActions: PanelEditActions = useMemo(
    () => ({
      editHref: (panelId) => paths.editPanel(uid, slug, panelId),
      duplicate: (panelId) => edit({ type: 'panel/duplicate', panelId }),
      copy: (panelId) => {
        const model = latest.current.edits?.model;
        const panel = model && findPanel(model, panelId);
        if (!panel) return;
        setCopied(structuredClone(panel));
        notifications.show({ color: 'green', title: 'Panel copied', message: `Paste “${panelName(panel)}” with Add, then Paste panel.` });
      },
      remove: (panelId) => {
        const current = latest.current.edits;
        const panel = current && findPanel(current.model, panelId);
        if (!current || !panel) return;
        const mark = current.depth;
        edit({ type: 'panel/remove', panelId });
        const id = `panel-removed-${panelId}-${mark}`;
        // Undo here undoes this removal only while it is still the last edit.
        const undo = () => {
          if (latest.current.edits?.depth === mark + 1) latest.current.edits.undo();
          notifications.hide(id);
        };
        notifications.show({
          id,
          title: 'Panel removed',
          autoClose: 10_000,
          message: (
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">“{panelName(panel)}” was removed from the dashboard.</Text>
              <Button size="compact-sm" variant="default" onClick={undo}>
                Undo
              </Button>
            </Group>
          ),
        });
      },
    }),
    [edit, setCopied, uid, slug],
  );

  return { addVisualization, addRow, pastePanel, canPaste: copied !== null, panelActions, editPanel };
}

/**
 * What the dashboard's grid offers for editing: in edit mode the panel menu's actions; to someone
 * who can edit an empty dashboard, the empty state's buttons (which enter edit mode first).
 */
export function useLayoutEditor(layout: LayoutEditing | undefined) {
  const actions = useEditorActions(layout);
  if (!layout) return { editing: false, actions, addActions: undefined };
  const entering = (run: () => void) => () => {
    if (!layout.editing) layout.onEnterEdit();
    run();
  };
  const addActions: AddActions = {
    addVisualization: entering(actions.addVisualization),
    addRow: entering(actions.addRow),
    pastePanel: entering(actions.pastePanel),
    canPaste: actions.canPaste,
  };
  return { editing: layout.editing, actions, addActions };
}
