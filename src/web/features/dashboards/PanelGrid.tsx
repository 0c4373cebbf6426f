import { Badge, Box, Code, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { GRID_COLUMNS, GRID_ROW_PX, queryText, sectionsOf, type Panel } from './layout';

function PanelCard({ panel }: { panel: Panel }) {
  const targets = Array.isArray(panel.targets) ? panel.targets : [];
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      h="100%"
      style={{ overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
      aria-label={`Panel ${panel.title || 'untitled'}`}
      component="section"
    >
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="sm" fw={600} truncate>
          {panel.title || <i>Untitled panel</i>}
        </Text>
        <Badge variant="outline" color="gray" size="xs" style={{ flexShrink: 0 }}>
          {panel.type ?? 'panel'}
        </Badge>
      </Group>
      <Stack gap={4} mt={6} style={{ overflow: 'auto', minHeight: 0 }}>
        {targets.length === 0 ? (
          <Text size="xs" c="dimmed">
            No queries
          </Text>
        ) : (
          targets.map((target, index) => (
            <Box key={index}>
              <Text size="xs" c="dimmed">
                Query {String(target.refId ?? String.fromCharCode(65 + index))}
              </Text>
              <Code block style={{ fontSize: 11, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {queryText(target) || JSON.stringify(target)}
              </Code>
            </Box>
          ))
        )}
      </Stack>
    </Paper>
  );
}

/** The dashboard's panels on Grafana's 24-column grid; rows fold and unfold (a view choice, not saved). */
export function PanelGrid({ panels }: { panels: unknown }) {
  const sections = sectionsOf(panels);
  const [toggled, setToggled] = useState<Set<number>>(new Set());
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
        const collapsed = section.savedCollapsed !== toggled.has(index);
        const rows = Math.max(1, ...section.panels.map((p) => p.pos.y + p.pos.h));
        return (
          <Box key={index}>
            {section.row && (
              <UnstyledButton
                onClick={() =>
                  setToggled((current) => {
                    const next = new Set(current);
                    if (next.has(index)) next.delete(index);
                    else next.add(index);
                    return next;
                  })
                }
                aria-expanded={!collapsed}
                style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '4px 0' }}
              >
                {collapsed ? <IconChevronRight size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
                <Text fw={600} size="sm" component="h2" m={0}>
                  {section.row.title || 'Row'}
                </Text>
                <Text size="xs" c="dimmed">
                  ({section.panels.length} panel{section.panels.length === 1 ? '' : 's'})
                </Text>
              </UnstyledButton>
            )}
            {!collapsed && section.panels.length > 0 && (
              <div
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
                    }}
                    data-testid="panel"
                  >
                    <PanelCard panel={panel} />
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
