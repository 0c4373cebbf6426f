import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { tableFrame } from '../testing';
import LogsPanel from './LogsPanel';

const range = { from: 1_700_000_000_000, to: 1_700_000_600_000 };
const lokiFrame = tableFrame([
  {
    name: 'labels',
    type: 'other',
    values: [
      { job: 'api', pod: 'a' },
      { job: 'api', pod: 'b' },
      { job: 'api', pod: 'b' },
      { job: 'api', pod: 'a' },
    ],
  },
  { name: 'Time', type: 'time', values: [range.from + 1000, range.from + 2000, range.from + 3000, range.from + 4000] },
  {
    name: 'Line',
    type: 'string',
    values: ['level=info started', 'level=error request failed', 'level=error request failed', 'level=warn slow'],
  },
  { name: 'tsNs', type: 'string', values: ['1', '2', '3', '4'].map((n) => `${range.from + Number(n) * 1000}000000`) },
  { name: 'id', type: 'string', values: ['l1', 'l2', 'l3', 'l4'] },
]);

afterEach(() => localStorage.clear());

// jsdom lays nothing out: give elements a size, so the virtualised list renders its lines.
const sizes = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'] as const;
const original = sizes.map((key) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
beforeAll(() => sizes.forEach((key) => Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => 300 })));
afterAll(() =>
  sizes.forEach((key, i) => Object.defineProperty(HTMLElement.prototype, key, original[i] ?? { configurable: true, get: () => 0 })),
);

describe.each(['light', 'dark'] as const)('logs panel (%s)', (scheme) => {
  it('lists lines newest first with time and level, folds duplicates, and opens a line to show its labels', () => {
    localStorage.setItem('mantine-color-scheme-value', scheme);
    renderWithProviders(
      <LogsPanel
        panel={{ type: 'logs', title: 'App logs', options: { showTime: true, dedupStrategy: 'exact', showLabels: true } }}
        frames={[lokiFrame]}
        width={600}
        height={300}
        timeRange={range}
        timeZone="utc"
      />,
    );
    const list = screen.getByRole('list', { name: 'Log lines of App logs: 3' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'warning2023-11-14 22:13:24.000pod=alevel=warn slow',
      'error2023-11-14 22:13:23.0002xpod=blevel=error request failed',
      'info2023-11-14 22:13:21.000pod=alevel=info started',
    ]);
    const line = within(items[1]!).getByRole('button', { expanded: false });
    fireEvent.click(line);
    expect(line).toHaveAttribute('aria-expanded', 'true');
    const details = within(items[1]!).getByRole('table', { name: 'Details of the line' });
    expect(within(details).getByRole('rowheader', { name: 'pod' })).toBeInTheDocument();
    expect(details).toHaveTextContent('jobapi');
  });

  it('oldest first without details or duplicates folded when the panel says so', () => {
    localStorage.setItem('mantine-color-scheme-value', scheme);
    renderWithProviders(
      <LogsPanel
        panel={{ type: 'logs', title: 'App logs', options: { sortOrder: 'Ascending', enableLogDetails: false, wrapLogMessage: true } }}
        frames={[lokiFrame]}
        width={600}
        height={300}
        timeRange={range}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Log lines of App logs: 4' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('level=info started');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
