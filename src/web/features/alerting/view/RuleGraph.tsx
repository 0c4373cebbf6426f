import { Alert, Skeleton, Text } from '@mantine/core';
import { useElementSize } from '../../../lib/useElementSize';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ProvisionedAlertRule } from '../../../../contract/alerting';
import { errorMessage } from '../../../api/errors';
import { PanelRenderer } from '../../../panels/PanelRenderer';
import { ruleGraphQueryOptions, ruleGraphRequest } from '../api/history';
import { useNow } from '../useNow';
import { thresholdValues } from './describeRule';

const HEIGHT = 260;
const HOUR_MS = 3_600_000;

/** A timeseries panel of the rule's queries, the threshold drawn as a line (Grafana's `thresholdsStyle`). */
function graphPanel(thresholds: number[]) {
  return {
    type: 'timeseries',
    title: 'Last hour',
    options: { legend: { showLegend: true, displayMode: 'list', placement: 'bottom' }, tooltip: { mode: 'multi' } },
    fieldConfig: {
      defaults: {
        custom: { thresholdsStyle: { mode: thresholds.length > 0 ? 'line' : 'off' } },
        thresholds: {
          mode: 'absolute',
          steps: [{ value: null, color: 'green' }, ...thresholds.map((value) => ({ value, color: 'red' }))],
        },
      },
      overrides: [],
    },
  };
}

/** The rule's data queries over the last hour, with its threshold. */
export function RuleGraph({ rule }: { rule: ProvisionedAlertRule }) {
  const graph = useQuery(ruleGraphQueryOptions(rule));
  const { ref, width } = useElementSize();
  const thresholds = useMemo(() => thresholdValues(rule), [rule]);
  const panel = useMemo(() => graphPanel(thresholds), [thresholds]);
  const frames = useMemo(() => Object.values(graph.data?.results ?? {}).flatMap((result) => result.frames ?? []), [graph.data]);
  const errors = Object.entries(graph.data?.results ?? {}).filter(([, result]) => result.error);
  const now = useNow(60_000);
  const to = graph.dataUpdatedAt || now;
  if (ruleGraphRequest(rule).queries.length === 0)
    return <Text size="sm">This rule has no data source query to draw: only expressions.</Text>;
  return (
    <div ref={ref}>
      {thresholds.length > 0 && (
        <Text size="sm" c="dimmed" mb="xs">
          Threshold drawn at {thresholds.join(' and ')}.
        </Text>
      )}
      {errors.map(([refId, result]) => (
        <Alert key={refId} color="red" variant="light" role="alert" mb="xs" title={`Query ${refId} failed`}>
          {result.error}
        </Alert>
      ))}
      {graph.isError && (
        <Alert color="red" variant="light" role="alert" title="Could not run the rule’s queries">
          {errorMessage(graph.error)}
        </Alert>
      )}
      {graph.isPending ? (
        <Skeleton height={HEIGHT} radius="sm" role="status" aria-label="Loading the graph" />
      ) : (
        <div style={{ height: HEIGHT }} data-testid="rule-graph">
          {width > 0 && (
            <PanelRenderer panel={panel} frames={frames} width={width} height={HEIGHT} timeRange={{ from: to - HOUR_MS, to }} />
          )}
        </div>
      )}
    </div>
  );
}
