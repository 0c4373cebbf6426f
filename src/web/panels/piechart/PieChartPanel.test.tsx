import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { contrastRatio } from '../colors';
import { seriesFrame } from '../testing';
import PieChartPanel from './PieChartPanel';

const range = { from: 1_700_000_000_000, to: 1_700_000_600_000 };
const times = [range.from, range.to];
// `sum by (pool) (ceph_pool_stored)`, as Prometheus answers a range query.
const frames = [
  seriesFrame({ times, values: [100, 300], labels: { pool: 'rbd' } }),
  seriesFrame({ times, values: [50, 100], labels: { pool: 'cephfs' } }),
];

afterEach(() => localStorage.clear());

describe.each(['light', 'dark'] as const)('pie chart panel (%s)', (scheme) => {
  it('names every slice with its value and share, in a legend table and a tooltip', () => {
    localStorage.setItem('mantine-color-scheme-value', scheme);
    renderWithProviders(
      <PieChartPanel
        panel={{
          type: 'piechart',
          title: 'Stored',
          options: {
            pieType: 'donut',
            displayLabels: ['percent'],
            legend: { displayMode: 'table', placement: 'right', values: ['value', 'percent'] },
            reduceOptions: { calcs: ['lastNotNull'] },
          },
          fieldConfig: { defaults: { unit: 'bytes' }, overrides: [] },
        }}
        frames={frames}
        width={400}
        height={200}
        timeRange={range}
      />,
    );
    expect(screen.getByRole('img', { name: 'Donut chart: rbd: 300 B (75%), cephfs: 100 B (25%)' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['NameValuePercent', 'rbd300 B75%', 'cephfs100 B25%']);
    // Focusing a legend row shows the slice's tooltip.
    fireEvent.focus(rows[2]!);
    expect(screen.getByRole('tooltip')).toHaveTextContent('cephfs: 100 B (25%)');
    fireEvent.blur(rows[2]!);
    expect(screen.queryByRole('tooltip')).toBeNull();
    // Labels on slices are black or white, whichever reads on the slice's colour.
    for (const label of document.querySelectorAll('svg text')) {
      const slice = [...document.querySelectorAll('svg path')][[...document.querySelectorAll('svg text')].indexOf(label)]!;
      expect(contrastRatio(label.getAttribute('fill')!, slice.getAttribute('fill')!)).toBeGreaterThanOrEqual(4.5);
    }
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', scheme);
  });

  it('shows a list legend with percentages and a tooltip on hover', () => {
    localStorage.setItem('mantine-color-scheme-value', scheme);
    renderWithProviders(
      <PieChartPanel
        panel={{ type: 'piechart', options: { legend: { displayMode: 'list', values: ['percent'] } } }}
        frames={frames}
        width={300}
        height={200}
        timeRange={range}
      />,
    );
    const list = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['rbd75%', 'cephfs25%']);
    fireEvent.mouseMove(document.querySelectorAll('svg path')[0]!, { clientX: 150, clientY: 50 });
    expect(screen.getByRole('tooltip')).toHaveTextContent('rbd: 300 (75%)');
  });
});
