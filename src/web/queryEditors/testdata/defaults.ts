import type { testDataScenarioIds } from '../../../contract/query';
import type { DataQuery } from '../queryKinds';

/** A new TestData query as Grafana's starts one: one random walk. */
export function defaultTestDataQuery(base: DataQuery): DataQuery {
  return { ...base, scenarioId: 'random_walk', seriesCount: 1 };
}

export type TestDataScenarioId = (typeof testDataScenarioIds)[number];

export const TESTDATA_SCENARIOS: ReadonlyArray<{ value: TestDataScenarioId; label: string; description: string }> = [
  { value: 'random_walk', label: 'Random Walk', description: 'Series that wander from a start value' },
  { value: 'csv_content', label: 'CSV Content', description: 'A table written as CSV' },
  { value: 'csv_metric_values', label: 'CSV Metric Values', description: 'Values spread over the time range' },
  { value: 'predictable_pulse', label: 'Predictable Pulse', description: 'A square wave of on and off values' },
  { value: 'no_data_points', label: 'No Data Points', description: 'An empty answer' },
];
