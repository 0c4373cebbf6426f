import { screen, within } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import type { Panel } from '../../panels/layout';
import { PanelGrid } from './PanelGrid';

const panels: Panel[] = [
  // Saved below a gap and overlapping: drawn compacted, in reading order.
  { id: 1, type: 'stat', title: 'Second', gridPos: { x: 0, y: 9, w: 12, h: 4 } },
  { id: 2, type: 'stat', title: 'First', gridPos: { x: 0, y: 3, w: 24, h: 2 } },
  {
    id: 3,
    type: 'row',
    title: 'Folded',
    collapsed: true,
    gridPos: { x: 0, y: 20, w: 24, h: 1 },
    panels: [{ id: 4, type: 'stat', title: 'Inside', gridPos: { x: 0, y: 21, w: 6, h: 3 } }],
  },
];

const renderPanel = (panel: Panel) => <section aria-label={panel.title}>{panel.title}</section>;
const place = (element: HTMLElement) => ['--x', '--y', '--w', '--h'].map((name) => element.style.getPropertyValue(name));

describe('PanelGrid', () => {
  it('draws the compacted layout in reading order and leaves the saved model alone', () => {
    const saved = structuredClone(panels);
    renderWithProviders(<PanelGrid panels={panels} renderPanel={renderPanel} />);
    const items = [...screen.getByTestId('panel-grid').querySelectorAll<HTMLElement>('[data-grid-key]')];
    expect(items.map((item) => [item.dataset.gridKey, ...place(item)])).toEqual([
      ['panel-2', '0', '0', '24', '2'],
      ['panel-1', '0', '2', '12', '4'],
      ['row-3', '0', '6', '24', '1'],
    ]);
    expect(screen.getByTestId('panel-grid').style.getPropertyValue('--rows')).toBe('7');
    expect(panels).toEqual(saved);
  });

  it('unfolds a folded row in place, drawing its panels only then', async () => {
    renderWithProviders(<PanelGrid panels={panels} renderPanel={renderPanel} />);
    expect(screen.queryByRole('region', { name: 'Inside' })).toBeNull();
    const heading = screen.getByRole('heading', { name: 'Folded' });
    await userEvent.click(within(heading).getByRole('button', { expanded: false }));
    expect(screen.getByRole('region', { name: 'Inside' })).toBeInTheDocument();
    expect(place(screen.getByRole('region', { name: 'Inside' }).parentElement!)).toEqual(['0', '7', '6', '3']);
    await userEvent.click(within(heading).getByRole('button', { expanded: true }));
    expect(screen.queryByRole('region', { name: 'Inside' })).toBeNull();
  });
});
