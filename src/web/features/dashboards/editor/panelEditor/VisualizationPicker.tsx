import { Button, CloseButton, Group, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import {
  IconAlignLeft,
  IconChartBar,
  IconChartBarPopular,
  IconChartHistogram,
  IconChartLine,
  IconChartPie,
  IconFileText,
  IconGauge,
  IconGridDots,
  IconLayoutList,
  IconMessage2,
  IconNumber123,
  IconTable,
  IconTimeline,
  IconChevronDown,
  type Icon,
} from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import type { DataFrame } from '../../../../../contract/query';
import type { Panel } from '../../../../panels/layout';
import { PanelRenderer } from '../../../../panels/PanelRenderer';
import type { TimeRangeMs } from '../../../../panels/types';
import { changePanelType } from './changePanelType';
import { PANEL_TYPES, panelTypeInfo } from './panelTypes';

const ICONS: Record<string, Icon> = {
  timeseries: IconChartLine,
  barchart: IconChartBar,
  stat: IconNumber123,
  gauge: IconGauge,
  bargauge: IconChartBarPopular,
  table: IconTable,
  piechart: IconChartPie,
  'state-timeline': IconTimeline,
  heatmap: IconGridDots,
  histogram: IconChartHistogram,
  text: IconFileText,
  logs: IconAlignLeft,
  dashlist: IconLayoutList,
  annolist: IconMessage2,
};
/** Types that draw no query data, or whose small drawing says nothing: their icon stands in. */
const ICON_ONLY = new Set(['text', 'logs', 'dashlist', 'annolist']);
const PREVIEW_W = 88;
const PREVIEW_H = 52;

export interface VisualizationPickerProps {
  panel: Panel;
  frames: DataFrame[];
  timeRange: TimeRangeMs;
  timeZone: string;
  onChange(next: Panel): void;
  /** The options pane, shown while the list is closed. */
  children: ReactNode;
}

/**
 * Grafana's visualization picker at the top of the options: a button naming the current type that
 * opens a searchable list of every type, each drawn small with the panel's own data.
 */
export function VisualizationPicker({ panel, frames, timeRange, timeZone, onChange, children }: VisualizationPickerProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const current = panelTypeInfo(panel.type);
  const CurrentIcon = ICONS[String(panel.type)] ?? IconChartLine;
  const shown = PANEL_TYPES.filter((t) => `${t.name} ${t.description} ${t.type}`.toLowerCase().includes(search.trim().toLowerCase()));

  if (!open) {
    return (
      <Stack gap="sm">
        <div>
          <Text id="visualization-label" size="sm" fw={500} mb={4}>
            Visualization
          </Text>
          <Button
            variant="default"
            fullWidth
            justify="space-between"
            aria-describedby="visualization-label"
            leftSection={<CurrentIcon size={18} aria-hidden />}
            rightSection={<IconChevronDown size={16} aria-hidden />}
            onClick={() => setOpen(true)}
          >
            {current?.name ?? String(panel.type ?? 'Unknown')}
          </Button>
        </div>
        {children}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text component="h2" size="sm" fw={600} m={0}>
          Choose a visualization
        </Text>
        <CloseButton aria-label="Close the visualization list" onClick={() => setOpen(false)} />
      </Group>
      <TextInput
        label="Search visualizations"
        size="xs"
        value={search}
        data-autofocus
        autoFocus
        onChange={(e) => setSearch(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            setOpen(false);
          }
        }}
      />
      <ScrollArea.Autosize mah="calc(100vh - 260px)" type="auto">
        <Stack gap={6} component="ul" role="list" aria-label="Visualizations" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shown.map((t) => (
            <li key={t.type}>
              <UnstyledButton
                w="100%"
                aria-pressed={t.type === panel.type}
                aria-label={t.name}
                aria-description={t.description}
                onClick={() => {
                  onChange(changePanelType(panel, t.type));
                  setOpen(false);
                  setSearch('');
                }}
              >
                <Paper withBorder p={6} radius="sm" bg={t.type === panel.type ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Group gap="sm" wrap="nowrap">
                    <TypePreview type={t.type} panel={panel} frames={frames} timeRange={timeRange} timeZone={timeZone} />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {t.name}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {t.description}
                      </Text>
                    </div>
                  </Group>
                </Paper>
              </UnstyledButton>
            </li>
          ))}
          {shown.length === 0 && (
            <Text size="sm" c="dimmed" component="li">
              No visualization matches “{search}”.
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** The panel's data drawn small by this type, once it scrolls into view; the type's icon without data. */
function TypePreview({
  type,
  panel,
  frames,
  timeRange,
  timeZone,
}: {
  type: string;
  panel: Panel;
  frames: DataFrame[];
  timeRange: TimeRangeMs;
  timeZone: string;
}) {
  const { ref, entry } = useIntersection({ rootMargin: '100px' });
  const [seen, setSeen] = useState(false);
  if (entry?.isIntersecting && !seen) setSeen(true);
  const small = useMemo(() => {
    const changed = changePanelType(panel, type);
    // Without title, legend and axes: only the shape of the data.
    return {
      ...changed,
      title: '',
      options: { ...(changed.options as object), legend: { showLegend: false, displayMode: 'hidden' }, showHeader: false },
    };
  }, [panel, type]);
  const Icon = ICONS[type] ?? IconChartLine;
  const live = seen && frames.length > 0 && !ICON_ONLY.has(type);
  return (
    <div
      ref={ref}
      aria-hidden
      inert
      style={{
        width: PREVIEW_W,
        height: PREVIEW_H,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        pointerEvents: 'none',
      }}
    >
      {live ? (
        <PanelRenderer
          panel={small}
          frames={frames}
          width={PREVIEW_W}
          height={PREVIEW_H}
          timeRange={timeRange}
          timeZone={timeZone}
          headingLevel={6}
        />
      ) : (
        <Icon size={28} stroke={1.5} />
      )}
    </div>
  );
}
