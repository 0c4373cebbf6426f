import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { GRID_COLUMNS, GRID_ROW_PX, sectionsOf, type Panel } from './layout';

/**
 * The dashboard's panels on Grafana's 24-column grid. Rows fold and unfold (a view choice, not
 * saved); the panels of a folded row are not rendered at all, so they ask for no data.
 * `renderPanel` draws one panel; `rowTitle` turns a row's title into what is shown (variables).
 */
export function PanelGrid({
  panels,
  renderPanel,
  rowTitle = (title) => title,
}: {
  panels: unknown;
  /** `inRow`: the panel sits under a row's heading (its own heading is then one level lower). */
  renderPanel(panel: Panel, inRow: boolean): ReactNode;
  rowTitle?(title: string): string;
}) {
  // Memoised: each panel keeps its identity between renders, so its queries and drawing do too.
  const sections = useMemo(() => sectionsOf(panels), [panels]);
  const [toggled, setToggled] = useState<Set<string>>(new Set());
  if (sections.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        This dashboard has no panels yet. Add them in the JSON model.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {sections.map((section, index) => {
        // Keyed by the row's id, so that a repeat or a reload does not move a fold to another row.
        const key = String(section.row?.id ?? `section-${index}`);
        const collapsed = section.savedCollapsed !== toggled.has(key);
        const rows = Math.max(1, ...section.panels.map((p) => p.pos.y + p.pos.h));
        const title = rowTitle(typeof section.row?.title === 'string' && section.row.title ? section.row.title : 'Row');
        return (
          <Box key={`${key}-${index}`}>
            {section.row && (
              <Text component="h2" m={0} size="sm" fw={600}>
                <UnstyledButton
                  onClick={() =>
                    setToggled((current) => {
                      const next = new Set(current);
                      if (next.has(key)) next.delete(key);
                      else next.add(key);
                      return next;
                    })
                  }
                  aria-expanded={!collapsed}
                  style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '4px 0', fontWeight: 600 }}
                >
                  {collapsed ? <IconChevronRight size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
                  <span>{title}</span>
                  {collapsed && (
                    <Text span size="xs" c="dimmed" fw={400} aria-hidden>
                      ({section.panels.length} panel{section.panels.length === 1 ? '' : 's'})
                    </Text>
                  )}
                </UnstyledButton>
              </Text>
            )}
            {!collapsed && section.panels.length > 0 && (
              <div
                className="panel-grid"
                style={{
                  display: 'grid',
                  gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
                  gridTemplateRows: `repeat(${rows}, ${GRID_ROW_PX}px)`,
                  gap: 8,
                }}
              >
                {section.panels.map((panel, i) => (
                  <div
                    key={`${panel.id ?? 'p'}-${i}`}
                    style={{
                      gridColumn: `${panel.pos.x + 1} / span ${panel.pos.w}`,
                      gridRow: `${panel.pos.y + 1} / span ${panel.pos.h}`,
                      minWidth: 0,
                      minHeight: 0,
                    }}
                    data-testid="panel"
                  >
                    {renderPanel(panel, section.row !== undefined)}
                  </div>
                ))}
              </div>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
