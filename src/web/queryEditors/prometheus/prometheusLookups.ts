import { z } from 'zod';
import { ResourceCache } from '../code/resourceCache';

const metadataAnswer = z.looseObject({
  data: z.record(z.string(), z.array(z.looseObject({ type: z.string().optional(), help: z.string().optional() }))).nullish(),
});

export interface MetricHelp {
  type?: string;
  help?: string;
}

/** What PromQL completion asks of a data source. */
export interface PrometheusLookups {
  metricNames(): Promise<string[]>;
  metricHelp(): Promise<Record<string, MetricHelp>>;
  labelNames(metric?: string): Promise<string[]>;
  labelValues(label: string, metric?: string): Promise<string[]>;
}

/** The lookups through Prometheus' HTTP API, as Grafana's editor asks them (series limited to the metric being written). */
export function prometheusLookups(uid: string): PrometheusLookups {
  const cache = new ResourceCache(uid);
  return {
    metricNames: () => cache.strings('api/v1/label/__name__/values'),
    metricHelp: () =>
      cache
        .ask('api/v1/metadata', {}, metadataAnswer)
        .then((answer) => Object.fromEntries(Object.entries(answer.data ?? {}).map(([name, [first]]) => [name, first ?? {}])))
        .catch(() => ({})),
    labelNames: (metric) => cache.strings('api/v1/labels', { 'match[]': metric }),
    labelValues: (label, metric) => cache.strings(`api/v1/label/${encodeURIComponent(label)}/values`, { 'match[]': metric }),
  };
}
