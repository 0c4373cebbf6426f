import { dataSourceTypeAliases, dataSourceTypes, type DataSourceType } from '../../contract/datasources';
import { checkElasticsearch } from './elasticsearch';
import { checkGraphite } from './graphite';
import { checkInfluxDb } from './influxdb';
import { checkLoki } from './loki';
import { checkMySql } from './mysql';
import { checkPostgres } from './postgres';
import { checkPrometheus } from './prometheus';
import { checkTempo } from './tempo';
import { ok, type HealthChecker } from './types';

/** One checker per known type: each probes its backend the way that backend is really used. */
export const checkers: Record<DataSourceType, HealthChecker> = {
  prometheus: checkPrometheus,
  loki: checkLoki,
  tempo: checkTempo,
  elasticsearch: checkElasticsearch,
  influxdb: checkInfluxDb,
  graphite: checkGraphite,
  'grafana-postgresql-datasource': checkPostgres,
  mysql: checkMySql,
  'grafana-testdata-datasource': async () => ok('Data source is working'),
};

/** The canonical type for a name or one of its aliases; undefined when unknown. */
export function resolveType(type: string): DataSourceType | undefined {
  if (type in dataSourceTypes) return type as DataSourceType;
  return dataSourceTypeAliases[type];
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** Grafana's `jsonData.timeout` (seconds) when set and sensible; else 10 s. */
export function timeoutFor(jsonData: Record<string, unknown>): number {
  const value = Number(jsonData.timeout);
  return Number.isFinite(value) && value > 0 ? Math.min(value, 300) * 1000 : DEFAULT_TIMEOUT_MS;
}
