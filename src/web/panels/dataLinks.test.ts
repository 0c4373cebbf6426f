import { describe, expect, it } from 'vitest';
import { dataLinksFor, interpolateDataLinkText } from './dataLinks';
import type { PanelField } from './frames';

const field: PanelField & { displayName: string } = {
  name: 'Value',
  displayName: 'api 5xx',
  type: 'number',
  values: [1, 2.5],
  labels: { job: 'api', instance: 'h:9100' },
  config: {},
};
const frame = {
  fields: [
    { name: 'Time', type: 'time', values: [1000, 2000], config: {} },
    { name: 'host', displayName: 'host', type: 'string', values: ['a b', 'c'], config: {} },
    field,
  ] as Array<PanelField & { displayName?: string }>,
};
const context = {
  field,
  seriesName: 'api 5xx',
  frame,
  row: 1,
  value: 2.5,
  valueText: '2.50 req/s',
  time: 2000,
  timeRange: { from: 100, to: 200 },
  replaceVariables: (text: string) => text.replace('$env', 'prod'),
};

describe('data links', () => {
  it('write the value, the field, the series, the row and the time range into the URL, escaped', () => {
    const url = interpolateDataLinkText(
      'https://x.test/?v=${__value.raw}&t=${__value.text}&f=${__field.name}&s=${__series.name}&job=${__field.labels.job}&h=${__data.fields.host}&h2=${__data.fields["host"]}&h0=${__data.fields[1]}&${__url_time_range}&at=${__value.time}&env=$env',
      context,
      true,
    );
    expect(url).toBe('https://x.test/?v=2.5&t=2.50%20req%2Fs&f=Value&s=api%205xx&job=api&h=c&h2=c&h0=c&from=100&to=200&at=2000&env=prod');
  });

  it('give each link its interpolated title, and leave out links a browser must not follow', () => {
    const links = dataLinksFor(
      {
        links: [
          { title: 'Logs of ${__series.name}', url: '/explore?left=${__field.labels.instance}', targetBlank: true },
          { title: 'Bad', url: 'javascript:alert(${__value.raw})' },
          { title: '', url: 'https://runbooks.test/${__field.labels.job}' },
        ],
      },
      context,
    );
    expect(links).toEqual([
      { title: 'Logs of api 5xx', href: '/explore?left=h%3A9100', newTab: true },
      { title: 'https://runbooks.test/api', href: 'https://runbooks.test/api', newTab: false },
    ]);
  });
});
