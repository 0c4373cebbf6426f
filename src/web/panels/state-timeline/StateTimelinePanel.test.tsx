import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { contrastRatio } from '../colors';
import { seriesFrame } from '../testing';
import StateTimelinePanel from './StateTimelinePanel';

const range = { from: 1_700_000_000_000, to: 1_700_000_600_000 };
const times = [range.from, range.from + 200_000, range.from + 400_000];

afterEach(() => localStorage.clear());

describe.each(['light', 'dark'] as const)('state timeline panel (%s)', (scheme) => {
  it('draws a lane per `up` series with mapped states, a legend of states, a tooltip and a data table', () => {
    localStorage.setItem('mantine-color-scheme-value', scheme);
    renderWithProviders(
      <StateTimelinePanel
        panel={{
          type: 'state-timeline',
          title: 'Targets',
          options: { showValue: 'always', legend: { displayMode: 'list', placement: 'bottom' } },
          fieldConfig: {
            defaults: {
              mappings: [{ type: 'value', options: { '0': { text: 'down', color: 'red' }, '1': { text: 'up', color: 'green' } } }],
            },
            overrides: [],
          },
        }}
        frames={[
          seriesFrame({ times, values: [1, 1, 0], labels: { instance: 'node-a' } }),
          seriesFrame({ times, values: [1, 0, 1], labels: { instance: 'node-b' } }),
        ]}
        width={500}
        height={200}
        timeRange={range}
        timeZone="utc"
      />,
    );
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', scheme);
    expect(screen.getByRole('img', { name: 'State timeline: node-a now down, node-b now up' })).toBeInTheDocument();
    expect(screen.getAllByTestId('timeline-lane')).toHaveLength(2);
    expect(screen.getAllByTestId('timeline-span')).toHaveLength(5);
    const states = within(screen.getByRole('list', { name: 'States of Targets' })).getAllByRole('listitem');
    expect(states.map((s) => s.textContent)).toEqual(['up', 'down']);
    const rows = within(screen.getByRole('table', { name: 'Targets' })).getAllByRole('row');
    expect(rows[1]!.textContent).toBe('node-aup2023-11-14 22:13:202023-11-14 22:20:006m 40s');
    // Values on spans are black or white, whichever reads on the state's colour.
    for (const span of screen.getAllByTestId('timeline-span')) {
      const label = span.nextElementSibling;
      if (label) expect(contrastRatio(label.getAttribute('fill')!, span.getAttribute('fill')!)).toBeGreaterThanOrEqual(4.5);
    }
    fireEvent.mouseMove(screen.getAllByTestId('timeline-span')[1]!, { clientX: 400, clientY: 50 });
    expect(screen.getByRole('tooltip')).toHaveTextContent('node-adown2023-11-14 22:20:00 – 2023-11-14 22:23:20 (3m 20s)');
  });
});
