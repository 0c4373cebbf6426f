import { Paper } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { DashboardRow, FolderRow, MoreRowContent } from './DashboardRows';
import type { MoreRow } from './listPaging';
import type { BrowseRow } from './useDashboardBrowser';

export const ROW_HEIGHT = 44;

/**
 * A row's content in a line, as a Mantine Group with gap and padding "sm" would lay it out: a plain
 * element, since every row on screen built one and the first paint builds a screen of rows.
 */
const ROW_CONTENT: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'nowrap',
  gap: 'var(--mantine-spacing-sm)',
  paddingInline: 'var(--mantine-spacing-sm)',
  height: '100%',
};

/** Rows drawn beyond the screen: few for the first paint, then enough that pages load before they are scrolled to. */
const FIRST_OVERSCAN = 2;
const OVERSCAN = 12;

/** The list's height as its style sets it, when at least a screen of rows is loaded (fewer rows only draw fewer). */
function screenRect() {
  return { width: 0, height: typeof window === 'undefined' ? 0 : Math.max(0, window.innerHeight - 320) };
}

/** Arrow keys, Home and End move between rows of the virtualised list; the focused row scrolls into view. */
export function useRowNavigation(count: number) {
  const listRef = useRef<HTMLDivElement>(null);
  const [overscan, setOverscan] = useState(FIRST_OVERSCAN);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan,
    // The first render draws the rows of the list's height: measured from 0, it drew a first set,
    // read the layout in the commit and drew again.
    initialRect: screenRect(),
  });
  // The rows beyond the screen come after the first paint of the rows.
  const shown = count > 0;
  useEffect(() => {
    if (!shown || overscan === OVERSCAN) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setOverscan(OVERSCAN));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [shown, overscan]);
  const [active, setActive] = useState(0);

  const focusRow = (index: number) => {
    const clamped = Math.max(0, Math.min(count - 1, index));
    setActive(clamped);
    virtualizer.scrollToIndex(clamped);
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-row="${clamped}"] [data-row-target]`)?.focus());
  };
  const keys: Record<string, () => void> = {
    ArrowDown: () => focusRow(active + 1),
    ArrowUp: () => focusRow(active - 1),
    Home: () => focusRow(0),
    End: () => focusRow(count - 1),
  };
  const onListKey = (event: KeyboardEvent) => {
    const move = keys[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  return { listRef, virtualizer, setActive, focusRow, onListKey };
}

export type RowNavigation = ReturnType<typeof useRowNavigation>;

/**
 * The folders and dashboards, virtualised so that 10,000 rows stay smooth. A "more" row that comes
 * within the virtualiser's overscan asks for its list's next page, so pages arrive before they are
 * scrolled to. Screen readers are told each row's place and, once everything is loaded, the total.
 */
export function DashboardList({
  rows,
  label,
  complete,
  nav,
  filtering,
  stale,
  canEdit,
  canAdmin,
  selected,
  onToggleSelected,
  onOpenFolder,
  onDeleteFolder,
  onTag,
  onLoadMore,
  onRetryMore,
}: {
  rows: BrowseRow[];
  label: string;
  /** Every row is loaded: their number is the total. */
  complete: boolean;
  nav: RowNavigation;
  filtering: boolean;
  /** The rows answer an older search than the one typed: shown dimmed, marked busy. */
  stale: boolean;
  canEdit: boolean;
  canAdmin: boolean;
  selected: Set<string>;
  onToggleSelected: (uid: string) => void;
  onOpenFolder: (row: Extract<BrowseRow, { kind: 'folder' }>) => void;
  onDeleteFolder: (row: Extract<BrowseRow, { kind: 'folder' }>) => void;
  onTag: (tag: string) => void;
  onLoadMore: (row: MoreRow) => void;
  onRetryMore: (row: MoreRow) => void;
}) {
  const { listRef, virtualizer } = nav;
  const items = virtualizer.getVirtualItems();
  // After every render: a "more" row in range asks again once its page has come (and filled less than the screen).
  useEffect(() => {
    for (const item of items) {
      const row = rows[item.index];
      if (row?.kind === 'more') onLoadMore(row);
    }
  });
  const setSize = complete ? rows.length : -1;
  return (
    <Paper withBorder radius="sm" style={{ opacity: stale ? 0.6 : 1 }}>
      <div
        ref={listRef}
        role="list"
        aria-label={label}
        aria-busy={stale}
        onKeyDown={nav.onListKey}
        style={{
          height: `min(${rows.length * ROW_HEIGHT + 2}px, calc(100vh - 320px))`,
          minHeight: Math.min(rows.length, 4) * ROW_HEIGHT,
          overflow: 'auto',
          position: 'relative',
        }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <div
                key={row.kind === 'more' ? `more-${row.key}` : `${row.kind}-${row.hit.uid}`}
                role="listitem"
                aria-posinset={row.kind === 'more' ? undefined : item.index + 1}
                aria-setsize={row.kind === 'more' ? undefined : setSize}
                data-row={item.index}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
                  transform: `translateY(${item.start}px)`,
                  borderBottom: '1px solid var(--mantine-color-default-border)',
                }}
              >
                <div style={ROW_CONTENT} onFocus={() => nav.setActive(item.index)}>
                  {row.kind === 'more' ? (
                    <MoreRowContent error={row.error} onRetry={() => onRetryMore(row)} />
                  ) : row.kind === 'folder' ? (
                    <FolderRow
                      hit={row.hit}
                      expanded={row.expanded}
                      count={row.count}
                      countComplete={row.countComplete}
                      filtering={filtering}
                      canEdit={canEdit}
                      canAdmin={canAdmin}
                      onOpen={() => onOpenFolder(row)}
                      onDelete={() => onDeleteFolder(row)}
                    />
                  ) : (
                    <DashboardRow
                      hit={row.hit}
                      depth={row.depth}
                      filtering={filtering}
                      canEdit={canEdit}
                      selected={selected.has(row.hit.uid)}
                      onToggleSelected={() => onToggleSelected(row.hit.uid)}
                      onTag={onTag}
                    />
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </Paper>
  );
}
