import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { userEvent } from '../../../test/user';
import { RefreshPicker } from './RefreshPicker';
import { ShortcutsHelp } from './ShortcutsHelp';

// env="test": jsdom lays nothing out, so Mantine would otherwise take a menu's button for scrolled away and hide the menu.
const wrapper = ({ children }: { children: ReactNode }) => (
  <MantineProvider theme={theme} env="test">
    {children}
  </MantineProvider>
);
const renderWithProviders = (ui: ReactNode) => render(ui, { wrapper });

describe('RefreshPicker', () => {
  it('reads its interval on the button, and offers the intervals as a menu with the current one marked', async () => {
    const onRefreshChange = vi.fn();
    const onRefreshNow = vi.fn();
    renderWithProviders(<RefreshPicker refresh="30s" refreshing={false} onRefreshChange={onRefreshChange} onRefreshNow={onRefreshNow} />);
    const picker = screen.getByRole('button', { name: 'Auto refresh: 30s' });
    expect(picker).toHaveTextContent('30s');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh dashboard' }));
    expect(onRefreshNow).toHaveBeenCalledOnce();

    await userEvent.click(picker);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: '30s' })).toHaveAttribute('aria-current', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Off' })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Off' }));
    expect(onRefreshChange).toHaveBeenCalledWith('');
  });

  it('says Off when nothing refreshes, and keeps an interval the list does not offer', async () => {
    const { rerender } = renderWithProviders(
      <RefreshPicker refresh="" refreshing={false} onRefreshChange={vi.fn()} onRefreshNow={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Auto refresh: Off' })).toHaveTextContent('Off');
    rerender(<RefreshPicker refresh="2m" refreshing={false} onRefreshChange={vi.fn()} onRefreshNow={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Auto refresh: 2m' }));
    expect(await screen.findByRole('menuitem', { name: '2m' })).toHaveAttribute('aria-current', 'true');
  });

  it('offers exactly the dashboard’s own choices (timepicker.refresh_intervals), and Off', async () => {
    renderWithProviders(
      <RefreshPicker refresh="" refreshing={false} choices={['1m', '10m']} onRefreshChange={vi.fn()} onRefreshNow={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Auto refresh: Off' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Off', '1m', '10m']);
  });
});

describe('ShortcutsHelp', () => {
  it('lists the shortcuts by group, with d s only for those who can open the settings', () => {
    const { rerender } = renderWithProviders(<ShortcutsHelp opened onClose={vi.fn()} canOpenSettings={false} />);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByRole('table', { name: 'Time range' })).toBeInTheDocument();
    expect(within(dialog).getByRole('rowheader', { name: 'T then Z' })).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: 'D then K Toggle kiosk mode (hides the navigation and header)' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Dashboard settings')).not.toBeInTheDocument();
    rerender(<ShortcutsHelp opened onClose={vi.fn()} canOpenSettings />);
    expect(within(screen.getByRole('dialog')).getByText('Dashboard settings')).toBeInTheDocument();
  });
});
