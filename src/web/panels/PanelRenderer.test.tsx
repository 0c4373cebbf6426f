import { screen, within } from '@testing-library/react';
import { userEvent } from '../test/user';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataFrame } from '../../contract/query';
import { renderWithProviders } from '../test/render';
import type { Panel } from './layout';
import { PanelRenderer } from './PanelRenderer';
import { seriesFrame, tableFrame } from './testing';
import { greenThenRed } from './thresholdsForTests';

beforeAll(async () => {
  await Promise.all([
    import('./timeseries/TimeSeriesPanel'),
    import('./stat/StatPanel'),
    import('./gauge/GaugePanel'),
    import('./bargauge/BarGaugePanel'),
    import('./table/TablePanel'),
    import('./text/TextPanel'),
  ]);
}, 60_000);

const range = { from: 1_700_000_000_000, to: 1_700_003_600_000 };

function renderPanel(panel: Panel, frames: DataFrame[] = [], extra: Partial<Parameters<typeof PanelRenderer>[0]> = {}) {
  return renderWithProviders(<PanelRenderer panel={panel} frames={frames} width={400} height={200} timeRange={range} {...extra} />);
}

describe('PanelRenderer', () => {
  it('says a panel type is not supported yet and still shows its queries and JSON', async () => {
    renderPanel({ type: 'geomap', title: 'Shares', targets: [{ refId: 'A', expr: 'sum by (job) (up)' }] });
    expect(screen.getByText('Panel type geomap is not supported yet')).toBeInTheDocument();
    expect(screen.getByText('sum by (job) (up)')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Panel JSON'));
    expect(screen.getByText(/"title": "Shares"/)).toBeVisible();
  });

  it('says "No data" when the queries returned nothing, or the panel’s own noValue', () => {
    const { unmount } = renderPanel({ type: 'stat' }, [seriesFrame({ times: [], values: [] })]);
    expect(screen.getByText('No data')).toBeInTheDocument();
    unmount();
    renderPanel({ type: 'timeseries', fieldConfig: { defaults: { noValue: 'Nothing yet' }, overrides: [] } }, []);
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
  });

  it('draws a stat as text in its unit, coloured by thresholds', async () => {
    renderPanel(
      {
        type: 'stat',
        options: { reduceOptions: { calcs: ['lastNotNull'] }, colorMode: 'value' },
        fieldConfig: { defaults: { unit: 'percent', decimals: 1 }, overrides: [] },
      },
      [seriesFrame({ times: [1, 2, 3], values: [10, 42.5, null] })],
    );
    expect(await screen.findByText('42.5%')).toBeInTheDocument();
  });

  it('draws a legacy singlestat with its postfix and value name', async () => {
    renderPanel({ type: 'singlestat', valueName: 'max', postfix: ' req', decimals: 0 }, [seriesFrame({ times: [1, 2], values: [7, 3] })]);
    expect(await screen.findByText('7 req')).toBeInTheDocument();
  });

  it('shows one value per series with names when a stat has several', async () => {
    renderPanel({ type: 'stat', targets: [{ refId: 'A', legendFormat: '{{job}}' }] }, [
      seriesFrame({ times: [1], values: [1], labels: { job: 'api' } }),
      seriesFrame({ times: [1], values: [2], labels: { job: 'db' } }),
    ]);
    expect(await screen.findByText('api')).toBeInTheDocument();
    expect(screen.getByText('db')).toBeInTheDocument();
    expect(screen.getAllByTestId('stat-value')).toHaveLength(2);
  });

  it('draws gauges and bar gauges with their values as text', async () => {
    const frames = [seriesFrame({ times: [1, 2], values: [20, 75] })];
    const { unmount } = renderPanel(
      { type: 'gauge', fieldConfig: { defaults: { unit: 'percent', min: 0, max: 100 }, overrides: [] } },
      frames,
    );
    expect(await screen.findByText('75%')).toBeInTheDocument();
    unmount();
    renderPanel({ type: 'bargauge', options: { displayMode: 'lcd' }, fieldConfig: { defaults: { unit: 'ms' }, overrides: [] } }, frames);
    expect(await screen.findByText('75 ms')).toBeInTheDocument();
  });

  it('gives a time series a legend and a text alternative naming series and last values', async () => {
    renderPanel(
      {
        type: 'timeseries',
        title: 'Load',
        fieldConfig: { defaults: { unit: 'short' }, overrides: [] },
        options: { legend: { displayMode: 'table', placement: 'bottom', calcs: ['mean', 'max'] } },
      },
      [
        seriesFrame({ times: [range.from, range.from + 60_000], values: [1, 3], displayNameFromDS: 'node-a' }),
        seriesFrame({ times: [range.from, range.from + 60_000], values: [2, 4000], displayNameFromDS: 'node-b' }),
      ],
    );
    const graph = await screen.findByRole('img', { name: /time series graph of 2 series/ });
    expect(graph).toHaveAccessibleName(/node-a: last 3; node-b: last 4 K/);
    const legend = screen.getByTestId('graph-legend');
    expect(within(legend).getByRole('columnheader', { name: 'Mean' })).toBeInTheDocument();
    expect(within(legend).getByRole('button', { name: 'node-b' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(legend).getByText('2.00 K')).toBeInTheDocument();
    await userEvent.click(within(legend).getByRole('button', { name: 'node-a' }));
    expect(within(legend).getByRole('button', { name: 'node-b' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says so when numbers come without a time field', async () => {
    renderPanel({ type: 'timeseries' }, [tableFrame([{ name: 'value', values: [1, 2] }])]);
    expect(await screen.findByText('Data does not have a time field')).toBeInTheDocument();
  });
});

describe('table panel', () => {
  const frames = [
    tableFrame([
      { name: 'host', values: ['b', 'a', 'c'] },
      { name: 'load', values: [0.5, 0.9, null] },
    ]),
  ];

  it('sorts by a column from its header button and says so with aria-sort', async () => {
    renderPanel({ type: 'table', title: 'Hosts', fieldConfig: { defaults: { unit: 'percentunit', decimals: 0 }, overrides: [] } }, frames);
    const table = await screen.findByRole('table', { name: 'Hosts' });
    const hosts = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(hosts()).toEqual(['b', 'a', 'c']);
    expect(within(table).getByRole('cell', { name: '90%' })).toBeInTheDocument();
    const loadHeader = within(table).getByRole('columnheader', { name: 'load' });
    await userEvent.click(within(loadHeader).getByRole('button', { name: 'load' }));
    expect(loadHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(hosts()).toEqual(['b', 'a', 'c']);
    await userEvent.click(within(loadHeader).getByRole('button', { name: 'load' }));
    expect(loadHeader).toHaveAttribute('aria-sort', 'descending');
    expect(hosts()).toEqual(['a', 'b', 'c']);
    await userEvent.click(within(table).getByRole('button', { name: 'host' }));
    expect(hosts()).toEqual(['a', 'b', 'c']);
    expect(loadHeader).toHaveAttribute('aria-sort', 'none');
  });

  it('adds a footer with the reducer over number columns', async () => {
    renderPanel(
      {
        type: 'table',
        options: { footer: { show: true, reducer: ['sum'], fields: '' } },
        fieldConfig: { defaults: { unit: 'percentunit', decimals: 0 }, overrides: [] },
      },
      frames,
    );
    const table = await screen.findByRole('table');
    const [footerRow] = within(table).getAllByRole('row').slice(-1);
    expect(
      within(footerRow!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Total', '140%']);
  });

  it('colours cells by thresholds and lets a person pick among several frames', async () => {
    renderPanel(
      {
        type: 'table',
        fieldConfig: {
          defaults: {
            thresholds: greenThenRed(0.8),
          },
          overrides: [
            { matcher: { id: 'byName', options: 'load' }, properties: [{ id: 'custom.cellOptions', value: { type: 'color-background' } }] },
          ],
        },
      },
      [...frames, tableFrame([{ name: 'disk', values: ['sda'] }], 'B')],
    );
    const cell = await screen.findByRole('cell', { name: '0.900' });
    expect(cell).toHaveStyle({ background: '#F2495C' });
    await userEvent.selectOptions(screen.getByLabelText('Frame'), '1');
    expect(await screen.findByRole('columnheader', { name: 'disk' })).toBeInTheDocument();
  });
});

describe('text panel', () => {
  it('renders markdown with dashboard variables and never lets scripts or handlers through', async () => {
    const { container } = renderPanel(
      {
        type: 'text',
        options: {
          mode: 'markdown',
          content:
            '# Hello $who\n\n<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">\n\n[link](javascript:alert(1))',
        },
      },
      [],
      { replaceVariables: (t) => t.replace('$who', 'team') },
    );
    expect(await screen.findByText('Hello team')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('sanitises html mode too', async () => {
    const { container } = renderPanel({
      type: 'text',
      options: { mode: 'html', content: '<b>bold</b><svg onload="alert(1)"></svg><iframe src="https://example.org"></iframe>' },
    });
    expect(await screen.findByText('bold')).toBeInTheDocument();
    expect(container.querySelector('[onload]')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
  });
});
