import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPanel, TEST_RANGE } from '../panelTestRender';
import { seriesFrame } from '../testing';
import HistogramPanel from './HistogramPanel';

const times = Array.from({ length: 6 }, (_, i) => TEST_RANGE.from + i * 60_000);

afterEach(() => localStorage.clear());

describe.each(['light', 'dark'] as const)('histogram panel (%s)', (scheme) => {
  it('draws bucket counts of Prometheus series, with a legend, a tooltip and a data table', () => {
    // `histogram_quantile`-free latency samples: two series of a range query.
    const frames = [
      seriesFrame({ times, values: [12, 18, 25, 31, 33, 48], labels: { route: '/api' }, unit: 'ms' }),
      seriesFrame({ times, values: [5, 7, 11, 19, 22, 24], labels: { route: '/login' }, unit: 'ms' }),
    ];
    renderPanel(HistogramPanel, scheme, {
      panel: { type: 'histogram', title: 'Latency', options: { bucketSize: 10, legend: { displayMode: 'list' } } },
      frames,
    });
    expect(screen.getByRole('img', { name: 'Histogram: 5 buckets from 0 ms to 50 ms, /api, /login' })).toBeInTheDocument();
    expect(screen.getAllByTestId('histogram-series')).toHaveLength(2);
    const rows = within(screen.getByRole('table', { name: 'Latency' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Bucket/api/login',
      '0 ms – 10 ms02',
      '10 ms – 20 ms22',
      '20 ms – 30 ms12',
      '30 ms – 40 ms20',
      '40 ms – 50 ms10',
    ]);
    expect(within(screen.getByRole('list', { name: 'Legend of Latency' })).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.mouseMove(document.querySelectorAll('svg rect[fill="transparent"]')[1]!, { clientX: 100, clientY: 100 });
    expect(screen.getByRole('tooltip')).toHaveTextContent('10 ms – 20 ms/api: 2/login: 2');
  });
});
