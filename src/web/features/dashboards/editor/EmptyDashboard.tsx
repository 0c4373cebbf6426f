import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChartLine, IconClipboard, IconLayoutRows, IconPlus } from '@tabler/icons-react';
import type { AddActions } from './AddMenu';

/** Grafana's empty dashboard: start with a visualization, or a row, or the copied panel. */
export function EmptyDashboard({ actions }: { actions: AddActions }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="md" maw={560} mx="auto" ta="center">
        <IconChartLine size={40} aria-hidden />
        <Title order={2} size="h3">
          Start your new dashboard by adding a visualization
        </Title>
        <Text size="sm" c="dimmed">
          Select a data source and then query and visualize your data with charts, stats and tables, or create lists, text and other
          widgets.
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={actions.addVisualization}>
          Add visualization
        </Button>
        <Group gap="sm" justify="center">
          <Button variant="default" leftSection={<IconLayoutRows size={16} aria-hidden />} onClick={actions.addRow}>
            Add a row
          </Button>
          <Button
            variant="default"
            leftSection={<IconClipboard size={16} aria-hidden />}
            onClick={actions.pastePanel}
            disabled={!actions.canPaste}
          >
            Paste panel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
