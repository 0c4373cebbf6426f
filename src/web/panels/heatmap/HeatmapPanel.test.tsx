import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataFrame } from '../../../contract/query';
import { renderWithProviders } from '../../test/render';
import { seriesFrame } from '../testing';
import HeatmapPanel from './HeatmapPanel';

const range = { from: 1_700_000_000_000, to: 1_700_000_180_000 };
const times = [1, 2, 3].map((i) => range.from + i * 60_000);

/** What the server answers for a Prometheus query with `format: heatmap`. */
const bucketsFrame: DataFrame = {
  schema: {
    refId: 'A',
    meta: { type: 'heatmap-rows', typeVersion: [0, 1] },
    fields: [
      { name: 'Time', type: 'time', config: { interval: 60_000 } },
      ...['0.1', '0.5', '+Inf'].map((le) => ({ name: le, type: 'number', labels: { le }, config: { displayNameFromDS: le } })),
    ],
  },
  data: {
    values: [times, [4, 0, 1], [2, 6, 0], [0, 1, 3]],
  },
};

afterEach(() => localStorage.clear());

describe.each(['light', 'dark'] as const)('heatmap panel (%s)', (scheme) => {
  it('draws Prometheus buckets: a cell per non-empty count, bounds on the y axis, a colour scale, a tooltip and a table', () => {
    localStorage.setItem('mantine-color-scheme-value', scheme);
    renderWithProviders(
      <HeatmapPanel
        panel={{ type: 'heatmap', title: 'Latency', options: { color: { mode: 'scheme', scheme: 'Spectral', steps: 16 } } }}
        frames={[bucketsFrame]}
        width={400}
        height={240}
        timeRange={range}
        timeZone="utc"
      />,
    );
    expect(screen.getByRole('img', { name: 'Heatmap: 3 buckets over 3 intervals, value from 0 to 6' })).toBeInTheDocument();
    // Zeros are left empty, as Grafana's default filter does.
    expect(screen.getByTestId('heatmap-cells').querySelectorAll('rect')).toHaveLength(6);
    for (const bound of ['0', '0.1', '0.5', '+Inf']) expect(screen.getAllByText(bound, { selector: 'text' }).length).toBeGreaterThan(0);
    expect(screen.getByTestId('heatmap-legend')).toHaveTextContent('06');
    const rows = within(screen.getByRole('table', { name: 'Latency' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Time0 – 0.10.1 – 0.50.5 – +Inf',
      '2023-11-14 22:14:20420',
      '2023-11-14 22:15:20061',
      '2023-11-14 22:16:20103',
    ]);
    // Pointing at the middle column's middle row: 0.1 – 0.5, count 6.
    const svg = screen.getByRole('img', { name: /^Heatmap/ });
    fireEvent.mouseMove(svg, { clientX: 210, clientY: 95 });
    expect(screen.getByRole('tooltip')).toHaveTextContent('2023-11-14 22:15:20Bucket: 0.1 – 0.5Value: 6');
  });

  it('calculates buckets from raw values when asked', () => {
    localStorage.setItem('mantine-color-scheme-value', scheme);
    renderWithProviders(
      <HeatmapPanel
        panel={{
          type: 'heatmap',
          title: 'Spread',
          options: { calculate: true, calculation: { xBuckets: { mode: 'size', value: '1m' }, yBuckets: { mode: 'size', value: '5' } } },
        }}
        frames={[seriesFrame({ times, values: [1, 7, 12] }), seriesFrame({ times, values: [2, 3, 14] })]}
        width={400}
        height={240}
        timeRange={range}
        timeZone="utc"
      />,
    );
    expect(screen.getByRole('img', { name: 'Heatmap: 3 buckets over 3 intervals, count from 0 to 2' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Spread' })).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Time0 – 55 – 1010 – 15');
    // Columns start on whole minutes.
    expect(rows.slice(1).map((r) => r.textContent)).toEqual(['2023-11-14 22:14:00200', '2023-11-14 22:15:00110', '2023-11-14 22:16:00002']);
  });
});
