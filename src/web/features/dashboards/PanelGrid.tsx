import { Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { dashboardGrid, gridHeight, type GridItem, type Panel } from '../../panels/layout';
import classes from './PanelGrid.module.css';

/**
 * The dashboard's panels on Grafana's 24-column grid, compacted as Grafana draws them
 * (`layout.ts`), and in one column on a narrow screen. Rows fold and unfold (a view choice, not
 * saved); the panels of a folded row are not rendered at all, so they ask for no data.
 * `renderPanel` draws one panel; `rowTitle` turns a row's title into what is shown (variables,
 * with a repeated row's own value).
 */
export function PanelGrid({
  panels,
  renderPanel,
  rowTitle = (title) => title,
}: {
  panels: unknown;
  /** `inRow`: the panel sits under a row's heading (its own heading is then one level lower). */
  renderPanel(panel: Panel, inRow: boolean): ReactNode;
  rowTitle?(title: string, row: Panel): string;
}) {
  // Keys of the rows the viewer folded or unfolded (by the row's id, so a reload or a repeat
  // does not move a fold to another row).
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  // Memoised: each panel keeps its identity between renders, so its queries and drawing do too.
  const items = useMemo(() => dashboardGrid(panels, toggled), [panels, toggled]);
  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        This dashboard has no panels yet.
      </Text>
    );
  }
  const toggle = (key: string) =>
    setToggled((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <div className={classes.grid} style={{ '--rows': gridHeight(items) } as CSSProperties} data-testid="panel-grid">
      {items.map((item) => (
        <div
          key={item.key}
          className={classes.item}
          style={{ '--x': item.pos.x, '--y': item.pos.y, '--w': item.pos.w, '--h': item.pos.h } as CSSProperties}
          data-grid-key={item.key}
          data-testid={item.kind === 'panel' ? 'panel' : 'row'}
        >
          {item.kind === 'panel' ? (
            renderPanel(item.panel, item.inRow)
          ) : (
            <RowHeading item={item} title={rowTitle(rowTitleOf(item.row), item.row)} onToggle={() => toggle(item.key)} />
          )}
        </div>
      ))}
    </div>
  );
}

const rowTitleOf = (row: Panel) => (typeof row.title === 'string' && row.title ? row.title : 'Row');

function RowHeading({ item, title, onToggle }: { item: GridItem & { kind: 'row' }; title: string; onToggle(): void }) {
  return (
    <Text component="h2" m={0} size="sm" fw={600} h="100%" style={{ display: 'flex', alignItems: 'center' }}>
      <UnstyledButton
        onClick={onToggle}
        aria-expanded={!item.collapsed}
        style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '4px 0', fontWeight: 600, maxWidth: '100%' }}
      >
        {item.collapsed ? <IconChevronRight size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        <Text span inherit truncate>
          {title}
        </Text>
        {item.collapsed && (
          <Text span size="xs" c="dimmed" fw={400} aria-hidden style={{ whiteSpace: 'nowrap' }}>
            ({item.hidden} panel{item.hidden === 1 ? '' : 's'})
          </Text>
        )}
      </UnstyledButton>
    </Text>
  );
}
