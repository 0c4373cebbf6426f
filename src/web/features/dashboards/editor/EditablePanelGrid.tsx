import { VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight } from '@tabler/icons-react';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import {
  dashboardGrid,
  gridHeight,
  gridPosOf,
  GRID_COLUMNS,
  GRID_GAP_PX,
  GRID_ROW_PX,
  NARROW_VIEWPORT_PX,
  type GridItem,
  type GridPos,
  type Panel,
} from '../../../panels/layout';
import gridClasses from '../PanelGrid.module.css';
import { findPanel } from './dashboardEdits';
import classes from './EditablePanelGrid.module.css';
import { moveBox, nudgeBox, resizeBox, resizeBoxBy, type LayoutBox } from './gridEditing';
import { EditableRowHeading } from './RowOptions';
import type { DashboardEdits } from './useDashboardEdits';
import { useEditPanelKey } from './useEditShortcuts';

/** One grid row with the gap under it, in pixels. */
const CELL_PX = GRID_ROW_PX + GRID_GAP_PX;
/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 4;

type Mode = 'move' | 'resize';
interface Drag {
  key: string;
  mode: Mode;
  origin: LayoutBox;
  live: LayoutBox[];
  dx: number;
  dy: number;
}

const ARROWS: Record<string, [-1 | 0 | 1, -1 | 0 | 1, string]> = {
  ArrowLeft: [-1, 0, 'left'],
  ArrowRight: [1, 0, 'right'],
  ArrowUp: [0, -1, 'up'],
  ArrowDown: [0, 1, 'down'],
};

const vars = (pos: GridPos) => ({ '--x': pos.x, '--y': pos.y, '--w': pos.w, '--h': pos.h }) as CSSProperties;
const idOf = (item: GridItem) => (item.kind === 'panel' ? item.panel.id : item.row.id);

/**
 * The dashboard's grid in edit mode: panels move by their header and resize by their corner with
 * the pointer (a shadow shows where they land, the others move out of the way live), or with the
 * arrow keys (Shift to resize) when focused; rows fold, move and are removed from their menu.
 * Every change is one `layout/place` (or row) edit: one undo step.
 */
export function EditablePanelGrid({
  panels,
  ownIds,
  edits,
  renderPanel,
  displayTitle,
  variableNames,
  onEditPanel,
  empty,
}: {
  panels: Panel[];
  /** Ids of the panels saved in the model: a repeat's copies are drawn but not edited. */
  ownIds: ReadonlySet<number>;
  edits: DashboardEdits;
  renderPanel(panel: Panel, inRow: boolean): ReactNode;
  /** A title as shown (variables replaced, a repeated copy's with its own value). */
  displayTitle(title: string, panel: Panel): string;
  variableNames: string[];
  onEditPanel(panelId: number): void;
  empty: ReactNode;
}) {
  const items = useMemo(() => dashboardGrid(panels), [panels]);
  const layout = useMemo<LayoutBox[]>(() => items.map((item) => ({ id: item.key, ...item.pos })), [items]);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const gridRef = useRef<HTMLDivElement>(null);
  const refocus = useRef<string | undefined>(undefined);
  const hintId = useId();
  useEditPanelKey(onEditPanel);

  const titleOf = (item: GridItem) => {
    const panel = item.kind === 'panel' ? item.panel : item.row;
    return (
      (typeof panel.title === 'string' && displayTitle(panel.title, panel).trim()) || (item.kind === 'panel' ? 'Untitled panel' : 'Row')
    );
  };

  /** Stores every own item whose place differs from what the model holds; one edit. */
  const place = (next: readonly LayoutBox[], coalesce?: string) => {
    const positions: Array<{ panelId: number; gridPos: GridPos }> = [];
    for (const item of items) {
      const id = idOf(item);
      const box = next.find((b) => b.id === item.key);
      const stored = typeof id === 'number' && ownIds.has(id) ? findPanel(edits.model, id) : undefined;
      if (!box || !stored || typeof id !== 'number') continue;
      const was = gridPosOf(stored);
      if (was.x !== box.x || was.y !== box.y || was.w !== box.w || was.h !== box.h)
        positions.push({ panelId: id, gridPos: { x: box.x, y: box.y, w: box.w, h: box.h } });
    }
    if (positions.length > 0) edits.edit({ type: 'layout/place', positions, coalesce });
  };
  const latestPlace = useRef(place);
  useEffect(() => {
    latestPlace.current = place;
  });

  // A keyboard move re-sorts the cells; the moved one keeps the focus.
  useEffect(() => {
    const key = refocus.current;
    refocus.current = undefined;
    if (!key || (document.activeElement && document.activeElement !== document.body)) return;
    gridRef.current?.querySelector<HTMLElement>(`[data-grid-key="${CSS.escape(key)}"]`)?.focus();
  }, [items]);

  const describe = (title: string, box: LayoutBox | undefined, mode: Mode) =>
    !box
      ? ''
      : mode === 'move'
        ? `Moved ${title} to column ${box.x + 1}, row ${box.y + 1}`
        : `Resized ${title} to ${box.w} columns by ${box.h} rows`;

  const begin = (event: PointerEvent<HTMLElement>, item: GridItem, mode: Mode) => {
    const origin = layout.find((b) => b.id === item.key);
    if (event.button !== 0 || !origin || !gridRef.current || window.innerWidth < NARROW_VIEWPORT_PX) return;
    event.preventDefault();
    event.stopPropagation();
    const columnPx = (gridRef.current.clientWidth + GRID_GAP_PX) / GRID_COLUMNS;
    const state = { x0: event.clientX, y0: event.clientY, started: false, cell: '', live: layout };
    const onMove = (e: globalThis.PointerEvent) => {
      const dx = e.clientX - state.x0;
      const dy = e.clientY - state.y0;
      if (!state.started && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      state.started = true;
      // The cell under the dragged corner, as react-grid-layout's calcXY / calcWH round it.
      const a = Math.round((mode === 'move' ? origin.x : origin.w) + dx / columnPx);
      const b = Math.round((mode === 'move' ? origin.y : origin.h) + dy / CELL_PX);
      if (`${a},${b}` !== state.cell) {
        state.cell = `${a},${b}`;
        state.live = mode === 'move' ? moveBox(state.live, item.key, a, b) : resizeBox(state.live, item.key, a, b);
      }
      setDrag({ key: item.key, mode, origin, live: state.live, dx, dy });
    };
    const onEnd = (e: globalThis.PointerEvent) => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onEnd);
      window.removeEventListener('pointercancel', onEnd);
      setDrag(null);
      if (!state.started || e.type === 'pointercancel') return;
      latestPlace.current(state.live);
      setAnnouncement(
        describe(
          titleOf(item),
          state.live.find((box) => box.id === item.key),
          mode,
        ),
      );
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onEnd);
    window.addEventListener('pointercancel', onEnd);
  };

  const onKey = (event: KeyboardEvent<HTMLElement>, item: GridItem, resizing: boolean) => {
    const arrow = ARROWS[event.key];
    if (!arrow || event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    const [dx, dy, direction] = arrow;
    const mode: Mode = resizing || event.shiftKey ? 'resize' : 'move';
    const next = mode === 'resize' ? resizeBoxBy(layout, item.key, dx, dy) : nudgeBox(layout, item.key, dx, dy);
    const before = layout.find((b) => b.id === item.key);
    const after = next.find((b) => b.id === item.key);
    const same = before && after && before.x === after.x && before.y === after.y && before.w === after.w && before.h === after.h;
    if (same) {
      setAnnouncement(mode === 'move' ? `${titleOf(item)} cannot move further ${direction}` : `${titleOf(item)} cannot be resized further`);
      return;
    }
    if (!resizing) refocus.current = item.key;
    place(next, `keyboard-${item.key}`);
    setAnnouncement(describe(titleOf(item), after, mode));
  };

  if (items.length === 0) return <>{empty}</>;
  const shown = drag ? drag.live : layout;
  const positionOf = (key: string, fallback: GridPos) => shown.find((b) => b.id === key) ?? fallback;
  const draggedShadow = drag && shown.find((b) => b.id === drag.key);

  return (
    <>
      <VisuallyHidden id={hintId}>
        Drag the panel by its header or press the arrow keys to move it; drag its corner or press Shift and the arrow keys to resize it;
        press E to edit it.
      </VisuallyHidden>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <div
        ref={gridRef}
        className={`${gridClasses.grid} ${classes.grid}`}
        style={{ '--rows': gridHeight(drag ? drag.live.map((pos) => ({ pos })) : items) } as CSSProperties}
        data-testid="panel-grid"
        data-dragging={drag ? '' : undefined}
      >
        {draggedShadow && <div className={`${gridClasses.item} ${classes.shadow}`} style={vars(draggedShadow)} data-testid="drop-shadow" />}
        {items.map((item) => {
          const id = idOf(item);
          const own = typeof id === 'number' && ownIds.has(id);
          const title = titleOf(item);
          const dragged = drag?.key === item.key ? drag : undefined;
          let style = vars(positionOf(item.key, item.pos));
          if (dragged?.mode === 'move') style = { ...vars(dragged.origin), transform: `translate(${dragged.dx}px, ${dragged.dy}px)` };
          if (dragged?.mode === 'resize')
            style = {
              ...vars(dragged.origin),
              width: `calc((100% + 8px) * ${dragged.origin.w} / 24 - 8px + ${dragged.dx}px)`,
              height: `${dragged.origin.h * CELL_PX - GRID_GAP_PX + dragged.dy}px`,
            };
          if (item.kind === 'row')
            return (
              <div key={item.key} className={gridClasses.item} style={style} data-grid-key={item.key} data-testid="row">
                <EditableRowHeading item={item} title={title} editable={own} edits={edits} variableNames={variableNames} headingLevel={2} />
              </div>
            );
          const movable = own && item.kind === 'panel';
          return (
            <div
              key={item.key}
              className={`${gridClasses.item} ${movable ? classes.editable : ''} ${dragged ? classes.dragging : ''}`}
              style={style}
              data-grid-key={item.key}
              data-testid="panel"
              data-edit-panel-id={movable ? id : undefined}
              tabIndex={movable ? 0 : undefined}
              role={movable ? 'group' : undefined}
              aria-label={movable ? title : undefined}
              aria-roledescription={movable ? 'movable panel' : undefined}
              aria-describedby={movable ? hintId : undefined}
              onKeyDown={movable ? (event) => onKey(event, item, false) : undefined}
              onPointerDown={
                movable
                  ? (event) => {
                      const target = event.target as Element;
                      if (target.closest('[data-panel-header]') && !target.closest('button, a, input, [role="button"]'))
                        begin(event, item, 'move');
                    }
                  : undefined
              }
            >
              {renderPanel(item.panel, item.inRow)}
              {movable && (
                <button
                  type="button"
                  className={classes.resize}
                  aria-label={`Resize ${title}`}
                  onPointerDown={(event) => begin(event, item, 'resize')}
                  onKeyDown={(event) => onKey(event, item, true)}
                >
                  <IconArrowDownRight size={14} aria-hidden />
                </button>
              )}
            </div>
          );
        })}
      </div>
    </>
  );
}

export default EditablePanelGrid;
