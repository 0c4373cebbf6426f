import { describe, expect, it } from 'vitest';
import { lokiQueryFieldsSchema, prometheusQueryFieldsSchema, sqlQueryFieldsSchema } from './query';

describe('query fields as exported dashboards carry them', () => {
  it('reads an empty format, queryType or direction as not set, as Grafana does', () => {
    // Six panels of the unmodified "Ceph - Pools Overview" carry `"format": ""`.
    expect(prometheusQueryFieldsSchema.parse({ expr: 'up', format: '' }).format).toBeUndefined();
    expect(sqlQueryFieldsSchema.parse({ rawSql: 'select 1', format: '' }).format).toBeUndefined();
    expect(lokiQueryFieldsSchema.parse({ expr: '{a="b"}', queryType: '', direction: '' })).toMatchObject({
      queryType: undefined,
      direction: undefined,
    });
  });

  it('still refuses a value Grafana does not know, naming the choices', () => {
    const result = prometheusQueryFieldsSchema.safeParse({ format: 'graph' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('must be time_series, table or heatmap');
    expect(prometheusQueryFieldsSchema.parse({ format: 'table' }).format).toBe('table');
    expect(prometheusQueryFieldsSchema.parse({ format: null }).format).toBeNull();
  });
});
