import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PanelRenderer } from './PanelRenderer';
import { seriesFrame } from './testing';

vi.mock('./stat/StatPanel', () => ({
  default: () => {
    throw new Error('the renderer broke');
  },
}));

describe('a renderer that throws', () => {
  it('shows its error inside its own panel while the other panels draw', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const range = { from: 0, to: 1 };
    renderWithProviders(
      <>
        <PanelRenderer
          panel={{ type: 'stat' }}
          frames={[seriesFrame({ times: [1], values: [1] })]}
          width={200}
          height={100}
          timeRange={range}
        />
        <PanelRenderer
          panel={{ type: 'text', options: { content: 'Still here' } }}
          frames={[]}
          width={200}
          height={100}
          timeRange={range}
        />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This panel could not be drawn: the renderer broke');
    expect(await screen.findByText('Still here')).toBeInTheDocument();
  });
});
