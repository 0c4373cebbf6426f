import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { userEvent } from '../../../test/user';
import { AnnotationToggles } from './AnnotationToggles';

const toggle = (index: number, name: string, extra: Partial<Parameters<typeof AnnotationToggles>[0]['toggles'][number]> = {}) => ({
  index,
  name,
  hidden: false,
  enabled: true,
  loading: false,
  ...extra,
});

describe('AnnotationToggles', () => {
  it('gives each shown query a labelled switch, none to hidden ones, and reports a switch change by index', async () => {
    const onToggle = vi.fn();
    renderWithProviders(
      <AnnotationToggles
        toggles={[toggle(0, 'Annotations & Alerts', { hidden: true }), toggle(1, 'Deploys'), toggle(2, 'Restarts', { enabled: false })]}
        onToggle={onToggle}
      />,
    );
    expect(screen.getAllByRole('switch')).toHaveLength(2);
    expect(screen.getByRole('switch', { name: 'Restarts' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'Deploys' }));
    expect(onToggle).toHaveBeenCalledWith(1, false);
  });

  it('marks a failed query with its message, hidden or not', () => {
    renderWithProviders(
      <AnnotationToggles
        toggles={[
          toggle(0, 'Built-in', { hidden: true, error: 'database is locked' }),
          toggle(1, 'Deploys', { error: 'parse error at 1:4' }),
        ]}
        onToggle={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Annotations Deploys failed: parse error at 1:4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annotations Built-in failed: database is locked' })).toBeInTheDocument();
  });

  it('shows nothing when every query is hidden and well', () => {
    const { container } = renderWithProviders(
      <AnnotationToggles toggles={[toggle(0, 'Built-in', { hidden: true })]} onToggle={() => {}} />,
    );
    expect(container.querySelector('section')).toBeNull();
  });
});
