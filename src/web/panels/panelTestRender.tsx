import type { ComponentType } from 'react';
import { expect } from 'vitest';
import { renderWithProviders } from '../test/render';
import type { PanelProps } from './types';

/** The ten minutes a panel test's data spans. */
export const TEST_RANGE = { from: 1_700_000_000_000, to: 1_700_000_600_000 };

/**
 * Renders a panel as a dashboard would, 400×200 px over TEST_RANGE unless `props` says otherwise,
 * in the colour scheme a viewer chose (stored where the app keeps that choice; clear localStorage
 * after each test), and checks that the scheme took.
 */
export function renderPanel(
  Panel: ComponentType<PanelProps>,
  scheme: 'light' | 'dark',
  props: Pick<PanelProps, 'panel' | 'frames'> & Partial<PanelProps>,
) {
  localStorage.setItem('mantine-color-scheme-value', scheme);
  const result = renderWithProviders(<Panel width={400} height={200} timeRange={TEST_RANGE} {...props} />);
  expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', scheme);
  return result;
}
