import { Loader, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useId, useMemo, type ReactNode } from 'react';
import type { Panel } from '../../../panels/layout';
import { rendererFor } from '../../../panels/migrations';
import { PanelRenderer } from '../../../panels/PanelRenderer';
import type { TimeRangeMs } from '../../../panels/types';
import { LogsList } from './LogsList';
import type { SplitResults } from './results';

const GRAPH_HEIGHT = 300;
const TABLE_HEIGHT = 320;
const LOGS_HEIGHT = 480;

const GRAPH_PANEL: Panel = {
  type: 'timeseries',
  title: 'Graph',
  fieldConfig: { defaults: {}, overrides: [] },
  options: { legend: { showLegend: true, displayMode: 'list', placement: 'bottom', calcs: [] }, tooltip: { mode: 'single' } },
};
const TABLE_PANEL: Panel = { type: 'table', title: 'Table', fieldConfig: { defaults: {}, overrides: [] }, options: { showHeader: true } };
const LOGS_PANEL: Panel = { type: 'logs', title: 'Logs', options: { showTime: true, wrapLogMessage: true } };

function ResultSection({ title, busy, children }: { title: string; busy: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-labelledby={id} aria-busy={busy || undefined}>
      <Stack gap="xs">
        <Title id={id} order={2} size="h5">
          {title} {busy && <Loader size={12} role="status" aria-label={`Refreshing ${title.toLowerCase()}`} />}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * What the queries answered, as Grafana's Explore shows it: a graph of the time series, a table of
 * every frame, and the log lines of log frames. The graph and table are the dashboard's own panel
 * renderers; logs use the `logs` panel once the registry has one, else a plain list.
 */
export function ExploreResults({
  results,
  width,
  range,
  timeZone,
  loading,
  refreshing,
  onChangeTimeRange,
}: {
  results: SplitResults;
  width: number;
  range: TimeRangeMs;
  timeZone: string;
  loading: boolean;
  refreshing: boolean;
  onChangeTimeRange(range: TimeRangeMs): void;
}) {
  const innerWidth = Math.max(0, width - 26);
  const logsRenderer = useMemo(() => rendererFor('logs'), []);
  if (loading) {
    return (
      <Stack gap="sm" role="status" aria-label="Running queries">
        <Skeleton h={GRAPH_HEIGHT} radius="sm" />
        <Skeleton h={120} radius="sm" />
      </Stack>
    );
  }
  const empty = results.graph.length === 0 && results.table.length === 0 && results.logs.length === 0;
  return (
    <Stack gap="sm">
      {(results.graph.length > 0 || empty) && (
        <ResultSection title="Graph" busy={refreshing}>
          <div style={{ height: GRAPH_HEIGHT }}>
            {innerWidth > 0 && (
              <PanelRenderer
                panel={GRAPH_PANEL}
                frames={results.graph}
                width={innerWidth}
                height={GRAPH_HEIGHT}
                timeRange={range}
                timeZone={timeZone}
                onChangeTimeRange={onChangeTimeRange}
              />
            )}
          </div>
        </ResultSection>
      )}
      {results.table.length > 0 && (
        <ResultSection title="Table" busy={refreshing}>
          <div style={{ height: TABLE_HEIGHT }}>
            {innerWidth > 0 && (
              <PanelRenderer
                panel={TABLE_PANEL}
                frames={results.table}
                width={innerWidth}
                height={TABLE_HEIGHT}
                timeRange={range}
                timeZone={timeZone}
              />
            )}
          </div>
        </ResultSection>
      )}
      {results.logs.length > 0 && (
        <ResultSection title="Logs" busy={refreshing}>
          {logsRenderer ? (
            <div style={{ height: LOGS_HEIGHT }}>
              <PanelRenderer
                panel={LOGS_PANEL}
                frames={results.logs}
                width={innerWidth}
                height={LOGS_HEIGHT}
                timeRange={range}
                timeZone={timeZone}
              />
            </div>
          ) : (
            <LogsList frames={results.logs} timeZone={timeZone} />
          )}
        </ResultSection>
      )}
    </Stack>
  );
}
