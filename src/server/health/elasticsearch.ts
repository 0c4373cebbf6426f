import { excerpt, httpFailure, probe } from './http';
import { HealthError, ok, type HealthChecker } from './types';

interface Mapping {
  properties?: Record<string, Mapping & { type?: string }>;
}

/** Whether a (dotted) field exists in any of the index's mappings. */
function hasField(mappings: Record<string, { mappings?: Mapping }>, field: string): boolean {
  const parts = field.split('.');
  return Object.values(mappings).some(({ mappings: root }) => {
    let node: Mapping | undefined = root;
    for (const part of parts) node = node?.properties?.[part];
    return node !== undefined;
  });
}

/** Reaches the cluster, then checks the index pattern and its time field (Grafana's check). */
export const checkElasticsearch: HealthChecker = async (target, options) => {
  const index = String(target.jsonData.index ?? target.database ?? '').trim();
  const info = await probe(target, '/', options);
  if (info.status < 200 || info.status >= 300) throw httpFailure(info, 'Elasticsearch');
  const cluster = info.json<{ version?: { number?: string } }>();
  if (!cluster.version?.number) throw new HealthError(`${info.shownUrl} did not answer like Elasticsearch (no version in its answer)`);
  if (!index) return ok(`Connected to Elasticsearch ${excerpt(String(cluster.version.number), 40)}. Set an index to check it too.`);

  const mapping = await probe(target, `/${encodeURIComponent(index).replace(/%2A/g, '*').replace(/%2C/g, ',')}/_mapping`, options);
  if (mapping.status === 404) throw new HealthError(`index "${index}" not found at ${info.shownUrl}`);
  if (mapping.status < 200 || mapping.status >= 300) throw httpFailure(mapping, 'Elasticsearch');
  const mappings = mapping.json<Record<string, { mappings?: Mapping }>>();
  if (Object.keys(mappings).length === 0) throw new HealthError(`no index matches "${index}"`);
  const timeField = String(target.jsonData.timeField ?? '@timestamp');
  if (!hasField(mappings, timeField)) throw new HealthError(`no field named "${timeField}" in index "${index}": set the time field`);
  return ok('Index OK. Time field name OK.');
};
