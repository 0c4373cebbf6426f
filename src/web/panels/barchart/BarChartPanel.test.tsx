import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPanel, TEST_RANGE } from '../panelTestRender';
import { seriesFrame, tableFrame } from '../testing';
import BarChartPanel from './BarChartPanel';

afterEach(() => localStorage.clear());

describe.each(['light', 'dark'] as const)('bar chart panel (%s)', (scheme) => {
  it('draws a bar per category and series, with values, legend, tooltip and a data table', () => {
    // An instant Prometheus query as a table: `sum by (pool) (rate(ceph_pool_rd[5m]))`.
    const frames = [
      tableFrame([
        { name: 'pool', values: ['rbd', 'cephfs', 'rgw'] },
        { name: 'Value #A', values: [120, 40, 75] },
      ]),
    ];
    renderPanel(BarChartPanel, scheme, {
      panel: {
        type: 'barchart',
        title: 'Reads',
        options: { showValue: 'always', xTickLabelRotation: -45, legend: { displayMode: 'list', placement: 'bottom' } },
        fieldConfig: { defaults: { unit: 'iops', displayName: 'Reads' }, overrides: [] },
      },
      frames,
    });
    expect(screen.getByRole('img', { name: 'Bar chart: 3 categories, Reads' })).toBeInTheDocument();
    expect(screen.getAllByTestId('bar')).toHaveLength(3);
    expect(within(screen.getByRole('img')).getByText('120 io/s')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Reads' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['CategoryReads', 'rbd120 io/s', 'cephfs40 io/s', 'rgw75 io/s']);
    expect(within(screen.getByRole('list', { name: 'Legend of Reads' })).getByText('Reads')).toBeInTheDocument();
    const hit = document.querySelectorAll('svg rect[fill="transparent"]')[1]!;
    fireEvent.mouseMove(hit, { clientX: 200, clientY: 100 });
    expect(screen.getByRole('tooltip')).toHaveTextContent('cephfsReads: 40 io/s');
  });

  it('stacks Prometheus range series per time step, horizontally when asked', () => {
    const times = [TEST_RANGE.from, TEST_RANGE.from + 60_000];
    renderPanel(BarChartPanel, scheme, {
      panel: { type: 'barchart', options: { stacking: 'normal', orientation: 'horizontal', legend: { displayMode: 'hidden' } } },
      frames: [
        seriesFrame({ times, values: [1, 2], labels: { job: 'api' } }),
        seriesFrame({ times, values: [3, 4], labels: { job: 'db' } }),
      ],
      timeZone: 'utc',
    });
    expect(screen.getAllByTestId('bar')).toHaveLength(4);
    expect(screen.queryByTestId('viz-legend')).toBeNull();
    const rows = within(screen.getByRole('table', { name: 'Bar chart' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['Categoryapidb', '22:13:2013', '22:14:2024']);
  });
});
