import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../../api/session';
import { answer, connectedSession, server } from '../../../../test/server';
import { userEvent } from '../../../../test/user';
import { renderSettings } from './testing';

beforeEach(() => {
  startSession(connectedSession('Editor'));
  server.use(answer('get', '/api/folders', []));
});

const dashboard = () => ({ title: 'Checkout', uid: 'abc', time: { from: 'now-6h', to: 'now' }, refresh: '', panels: [] });

describe('Settings → General', () => {
  it('sits in a side navigation of every settings page, the open one marked', async () => {
    const { probe } = renderSettings(dashboard(), 'settings');
    const nav = screen.getByRole('navigation', { name: 'Dashboard settings' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['General', 'Annotations', 'Variables', 'Links', 'Versions', 'Permissions', 'JSON Model']);
    expect(within(nav).getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'JSON Model' })).toHaveAttribute('href', '?editview=dashboard_json');
    await userEvent.click(within(nav).getByRole('link', { name: 'Versions' }));
    expect(probe.view).toBe('versions');
    expect(screen.getByText('Versions page')).toBeInTheDocument();
  });

  it('writes title, editable, time options and graph tooltip as Grafana names them, each one undo step', async () => {
    const { probe } = renderSettings(dashboard(), 'settings');
    await userEvent.type(screen.getByLabelText(/^Title/), ' v2');
    expect(probe.edits.model.title).toBe('Checkout v2');

    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Editable' })).getByLabelText('Read-only'));
    expect(probe.edits.model.editable).toBe(false);

    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Tokyo');
    await userEvent.click(await screen.findByRole('option', { name: 'Asia/Tokyo', hidden: true }));
    expect(probe.edits.model.timezone).toBe('Asia/Tokyo');

    await userEvent.click(screen.getByRole('combobox', { name: 'Week start' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Monday', hidden: true }));
    expect(probe.edits.model.weekStart).toBe('monday');

    await userEvent.type(screen.getByLabelText('Now delay'), '1m');
    await userEvent.click(screen.getByLabelText('Hide time picker'));
    const intervals = screen
      .getAllByLabelText('Auto refresh intervals')
      .find((el) => el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'hidden')!;
    await userEvent.type(intervals, '3h{Enter}');
    expect(probe.edits.model.timepicker).toEqual({
      nowDelay: '1m',
      hidden: true,
      refresh_intervals: ['5s', '10s', '30s', '1m', '5m', '15m', '30m', '1h', '2h', '1d', '3h'],
    });
    await userEvent.type(intervals, 'soon{Enter}');
    expect(await screen.findByText('Not a duration: soon')).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Graph tooltip' })).getByLabelText('Shared tooltip'));
    expect(probe.edits.model.graphTooltip).toBe(2);

    // Typing " v2" was one step: undoing back past every later edit leaves the title as loaded.
    const undo = screen.getByRole('button', { name: 'Undo edit' });
    await userEvent.click(undo);
    expect(probe.edits.model.graphTooltip).toBeUndefined();
    while (probe.edits.canUndo) await userEvent.click(undo);
    expect(probe.edits.model).toEqual(dashboard());
  });
});
