import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { dashboardTagListSchema } from '../../../../../../contract/dashboards';
import { startSession } from '../../../../../api/session';
import { answer, connectedSession, server } from '../../../../../test/server';
import { userEvent } from '../../../../../test/user';
import { renderSettings } from '../testing';

beforeEach(() => {
  startSession(connectedSession('Editor'));
  server.use(
    answer<typeof dashboardTagListSchema>('get', '/api/dashboards/tags', [
      { term: 'payments', count: 3 },
      { term: 'ops', count: 1 },
    ]),
  );
});

const links = (model: Record<string, unknown>) => model.links as Array<Record<string, unknown>>;

describe('Settings → Links', () => {
  it('adds a dashboards-by-tag link and a URL link with their options, in Grafana’s shape; reorders, duplicates and deletes', async () => {
    const { probe } = renderSettings({ title: 'Checkout' }, 'links');
    await userEvent.click(screen.getByRole('button', { name: 'Add dashboard link' }));
    expect(probe.editIndex).toBe(0);
    const tags = screen.getAllByLabelText(/^With tags/).find((el) => el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'hidden')!;
    await userEvent.click(tags);
    await userEvent.click(await screen.findByRole('option', { name: 'payments', hidden: true }));
    await userEvent.click(screen.getByLabelText('Show as drop-down'));
    await userEvent.click(screen.getByLabelText('Include current time range'));
    expect(links(probe.edits.model)).toEqual([
      {
        asDropdown: true,
        icon: 'external link',
        includeVars: false,
        keepTime: true,
        tags: ['payments'],
        targetBlank: false,
        title: 'New link',
        tooltip: '',
        type: 'dashboards',
        url: '',
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Back to list' }));
    expect(within(screen.getByRole('row', { name: /New link/ })).getByText('Dashboards tagged payments')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Type' })).getByLabelText('Link'));
    const title = screen.getByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Runbook');
    await userEvent.type(screen.getByLabelText(/^URL/), 'https://runbooks.example/checkout');
    await userEvent.type(screen.getByLabelText('Tooltip'), 'How to fix it');
    await userEvent.click(screen.getByLabelText('Include current template variable values'));
    await userEvent.click(screen.getByLabelText('Open link in new tab'));
    expect(links(probe.edits.model)[1]).toEqual({
      asDropdown: false,
      icon: 'external link',
      includeVars: true,
      keepTime: false,
      tags: [],
      targetBlank: true,
      title: 'Runbook',
      tooltip: 'How to fix it',
      type: 'link',
      url: 'https://runbooks.example/checkout',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Back to list' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Runbook up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate Runbook' }));
    expect(links(probe.edits.model).map((l) => l.title)).toEqual(['Runbook', 'Runbook', 'New link']);
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete Runbook' })[0]!);
    await waitFor(() => expect(links(probe.edits.model).map((l) => l.title)).toEqual(['Runbook', 'New link']));
  });
});
