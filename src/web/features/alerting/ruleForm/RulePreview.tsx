/**
 * "Preview": runs the rule's queries and expressions now (`POST /api/v1/eval`) and shows which
 * series would fire, as text, with the queried series drawn and the threshold on them.
 */
import { Alert, Badge, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useElementSize } from '../../../lib/useElementSize';
import { useMemo } from 'react';
import type { DataFrame } from '../../../../contract/query';
import { errorMessage } from '../../../api/errors';
import { PanelRenderer } from '../../../panels/PanelRenderer';
import { useEvalPreview } from '../api/ruleForm';
import { evaluatorOf, expressionType, isExpression, type RuleFormValues } from './ruleModel';

interface PreviewRow {
  labels: string;
  value: string;
  state: 'Firing' | 'Normal' | 'No data';
}

const labelsText = (labels: Record<string, string> | undefined) =>
  Object.entries(labels ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(', ') || 'no labels';

/** Each number frame's labels and value (`/api/v1/eval` answers one frame per series). */
function numbersOf(frames: readonly DataFrame[]): Array<{ key: string; labels: string; value: number | null }> {
  return frames.flatMap((frame) => {
    const index = frame.schema.fields.findIndex((f) => f.type === 'number');
    if (index < 0 || frame.schema.fields.some((f) => f.type === 'time')) return [];
    const field = frame.schema.fields[index]!;
    const raw = frame.data?.values[index]?.[0];
    return [{ key: JSON.stringify(field.labels ?? {}), labels: labelsText(field.labels), value: typeof raw === 'number' ? raw : null }];
  });
}

function previewRows(values: RuleFormValues, results: Record<string, { frames?: DataFrame[] }>): PreviewRow[] {
  const condition = values.queries.find((q) => q.refId === values.condition);
  // The value a person compares: what the condition reads (the reduced value), else the condition's own.
  const inputRef =
    condition && isExpression(condition) && expressionType(condition) === 'threshold' ? String(condition.model.expression ?? '') : '';
  const inputs = new Map(numbersOf(results[inputRef]?.frames ?? []).map((n) => [n.key, n.value]));
  return numbersOf(results[values.condition]?.frames ?? []).map((item) => {
    const shown = inputs.has(item.key) ? inputs.get(item.key)! : item.value;
    return {
      labels: item.labels,
      value: shown === null ? 'null' : String(Math.round(shown * 1000) / 1000),
      state: item.value === null ? 'No data' : item.value !== 0 ? 'Firing' : 'Normal',
    };
  });
}

/** The threshold as a timeseries panel draws it: absolute steps, shown as lines. */
function graphPanel(values: RuleFormValues) {
  const threshold = values.queries.find((q) => q.refId === values.condition && isExpression(q) && expressionType(q) === 'threshold');
  const evaluator = threshold ? evaluatorOf(threshold) : undefined;
  const params = (evaluator?.params ?? []).filter(Number.isFinite).sort((a, b) => a - b);
  const steps =
    evaluator?.type === 'lt'
      ? [{ color: 'red', value: null }, ...params.slice(0, 1).map((value) => ({ color: 'green', value }))]
      : evaluator?.type === 'within_range'
        ? [{ color: 'green', value: null }, ...params.slice(0, 2).map((value, i) => ({ color: i === 0 ? 'red' : 'green', value }))]
        : evaluator?.type === 'outside_range'
          ? [{ color: 'red', value: null }, ...params.slice(0, 2).map((value, i) => ({ color: i === 0 ? 'green' : 'red', value }))]
          : [{ color: 'green', value: null }, ...params.slice(0, 1).map((value) => ({ color: 'red', value }))];
  return {
    type: 'timeseries',
    title: 'Preview',
    fieldConfig: {
      defaults: { thresholds: { mode: 'absolute', steps }, custom: { thresholdsStyle: { mode: evaluator ? 'line' : 'off' } } },
      overrides: [],
    },
    options: { legend: { showLegend: true, displayMode: 'list', placement: 'bottom' }, tooltip: { mode: 'multi' } },
  };
}

export function RulePreview({ values }: { values: RuleFormValues }) {
  const preview = useEvalPreview();
  const { ref, width } = useElementSize();
  const results = preview.data?.results;
  const rows = useMemo(() => (results ? previewRows(values, results) : []), [results, values]);
  const dataKey = values.queries
    .filter((q) => !isExpression(q))
    .map((q) => q.refId)
    .join(',');
  const frames = useMemo(() => (dataKey ? dataKey.split(',') : []).flatMap((refId) => results?.[refId]?.frames ?? []), [results, dataKey]);
  // The graph shows the range the preview ran over, ending when it was asked.
  const range = useMemo(() => {
    const widest = Math.max(600, ...values.queries.filter((q) => !isExpression(q)).map((q) => q.relativeTimeRange.from));
    return { from: preview.submittedAt - widest * 1000, to: preview.submittedAt };
  }, [values.queries, preview.submittedAt]);
  const panel = useMemo(() => graphPanel(values), [values]);
  const queryErrors = Object.entries(results ?? {}).filter(([, result]) => result.error);

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button variant="default" onClick={() => preview.mutate(values.queries)} loading={preview.isPending}>
          Preview
        </Button>
        <Text size="sm" c="dimmed">
          Runs the queries now and shows which series would fire.
        </Text>
      </Group>
      {preview.error && (
        <Alert color="red" title="Preview failed">
          {errorMessage(preview.error)}
        </Alert>
      )}
      {queryErrors.map(([refId, result]) => (
        <Alert key={refId} color="red" title={`Query ${refId} failed`}>
          {result.error}
        </Alert>
      ))}
      {results && (
        <>
          {rows.length === 0 ? (
            <Text size="sm">No series: the rule would be in the No data state.</Text>
          ) : (
            <Table aria-label="Preview of the rule's series" striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Series</Table.Th>
                  <Table.Th>Value</Table.Th>
                  <Table.Th>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, i) => (
                  <Table.Tr key={`${row.labels}-${i}`}>
                    <Table.Td>{row.labels}</Table.Td>
                    <Table.Td>{row.value}</Table.Td>
                    <Table.Td>
                      <Badge color={row.state === 'Firing' ? 'red' : row.state === 'Normal' ? 'green' : 'gray'} variant="light">
                        {row.state}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {frames.length > 0 && (
            <Box ref={ref} h={220} aria-label="Graph of the queried series with the threshold" role="group">
              {width > 0 && <PanelRenderer panel={panel} frames={frames} width={width} height={220} timeRange={range} />}
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
