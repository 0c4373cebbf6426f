import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../../test/user';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '../../../app/theme';
import { PanelMenu, type PanelMenuProps } from './PanelMenu';

function renderMenu(overrides: Partial<PanelMenuProps> = {}) {
  const props: PanelMenuProps = { title: 'CPU', viewing: false, canEdit: false, onView: vi.fn(), onInspect: vi.fn(), ...overrides };
  // env="test": jsdom lays nothing out, so Mantine would otherwise take the button for scrolled out of view and hide the menu.
  render(
    <MantineProvider theme={theme} env="test">
      <PanelMenu {...props} />
    </MantineProvider>,
  );
  return props;
}

async function openMenu(title = 'CPU') {
  await userEvent.click(screen.getByRole('button', { name: `Menu for panel ${title}` }));
  return screen.findByRole('menu');
}

const itemNames = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('PanelMenu', () => {
  it('offers View and the three inspect views, without editing for a viewer', async () => {
    renderMenu();
    await openMenu();
    expect(itemNames()).toEqual(['View', 'Inspect data', 'Inspect query', 'Panel JSON']);
  });

  it("lists the panel's links first, each a real link (a new tab only where the panel asks)", async () => {
    renderMenu({
      links: [
        { title: 'Runbook', href: 'https://runbooks.example/cpu', newTab: true },
        { title: 'Details', href: '/d/details', newTab: false },
      ],
    });
    await openMenu();
    expect(itemNames()).toEqual(['Runbook', 'Details', 'View', 'Inspect data', 'Inspect query', 'Panel JSON']);
    const runbook = screen.getByRole('menuitem', { name: 'Runbook' });
    expect(runbook).toHaveAttribute('href', 'https://runbooks.example/cpu');
    expect(runbook).toHaveAttribute('target', '_blank');
    expect(runbook).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('menuitem', { name: 'Details' })).not.toHaveAttribute('target');
  });

  it('offers Edit panel JSON to someone who may edit, opening the JSON tab', async () => {
    const props = renderMenu({ canEdit: true });
    await openMenu();
    expect(itemNames()).toContain('Edit panel JSON');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit panel JSON' }));
    expect(props.onInspect).toHaveBeenCalledWith('json');
  });

  it('calls onView, and says Exit view while the panel is shown alone', async () => {
    const props = renderMenu({ viewing: true });
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: 'View' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Exit view' }));
    expect(props.onView).toHaveBeenCalledTimes(1);
    // Picking an item closes the menu.
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('opens inspect on the tab each item names', async () => {
    const props = renderMenu();
    for (const [name, tab] of [
      ['Inspect data', 'data'],
      ['Inspect query', 'query'],
      ['Panel JSON', 'json'],
    ] as const) {
      await openMenu();
      await userEvent.click(screen.getByRole('menuitem', { name }));
      expect(props.onInspect).toHaveBeenLastCalledWith(tab);
    }
    expect(props.onInspect).toHaveBeenCalledTimes(3);
  });

  it('names its button after an untitled panel too, and opens from the keyboard on its first item', async () => {
    renderMenu({ title: '  ' });
    const button = screen.getByRole('button', { name: 'Menu for panel Untitled panel' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem')).toHaveLength(4);
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'View' })).toHaveFocus());
  });

  it('offers Edit, Duplicate, Copy and Remove in edit mode', async () => {
    const editing = { href: '/d/abc/shop?editPanel=3', onDuplicate: vi.fn(), onCopy: vi.fn(), onRemove: vi.fn() };
    render(
      <MantineProvider theme={theme} env="test">
        <MemoryRouter>
          <PanelMenu title="CPU" viewing={false} canEdit onView={vi.fn()} onInspect={vi.fn()} editing={editing} />
        </MemoryRouter>
      </MantineProvider>,
    );
    await openMenu();
    expect(screen.getByRole('menuitem', { name: /^Edit(?! panel)/ })).toHaveAttribute('href', '/d/abc/shop?editPanel=3');
    expect(itemNames()).toEqual(expect.arrayContaining(['Duplicate', 'Copy', 'Remove']));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove' }));
    expect(editing.onRemove).toHaveBeenCalled();
  });
});
