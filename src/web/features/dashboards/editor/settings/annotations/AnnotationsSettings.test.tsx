import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { dataSourceListSchema } from '../../../../../../contract/datasources';
import { startSession } from '../../../../../api/session';
import { answer, connectedSession, fixtures, server } from '../../../../../test/server';
import { userEvent } from '../../../../../test/user';
import { BUILT_IN_ANNOTATION } from '../listEdits';
import { renderSettings } from '../testing';

const dataSource = (uid: string, name: string, type: string) =>
  fixtures.dataSource({ uid, name, type, typeName: name, url: 'http://db:5432', isDefault: false });

beforeEach(() => {
  startSession(connectedSession('Editor'));
  server.use(
    answer<typeof dataSourceListSchema>('get', '/api/datasources', [
      dataSource('prom1', 'Prometheus', 'prometheus'),
      dataSource('pg1', 'Orders DB', 'grafana-postgresql-datasource'),
      dataSource('es1', 'Search', 'elasticsearch'),
    ]),
  );
});

const annotations = (model: Record<string, unknown>) => (model.annotations as { list: Array<Record<string, unknown>> }).list;
const pick = async (label: string, option: string | RegExp) => {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
};

describe('Settings → Annotations', () => {
  it('lists the built-in query (which stays), adds Grafana, Prometheus and SQL queries in Grafana’s shapes', async () => {
    const { probe } = renderSettings({ title: 'Checkout' }, 'annotations');
    expect(screen.getByRole('button', { name: 'Annotations & Alerts' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Annotations & Alerts' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New query' }));
    expect(probe.editIndex).toBe(1);
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Filter by' })).getByLabelText('Tags'));
    await userEvent.type(
      screen.getAllByLabelText(/^Tags/).find((el) => (el as HTMLInputElement).type === 'text')!,
      'deploy{Enter}',
    );
    await userEvent.click(screen.getByLabelText(/^Match any/));
    expect(annotations(probe.edits.model)).toEqual([
      BUILT_IN_ANNOTATION,
      {
        datasource: { type: 'grafana', uid: '-- Grafana --' },
        enable: true,
        hide: false,
        iconColor: 'red',
        name: 'New annotation',
        target: { limit: 100, matchAny: true, tags: ['deploy'], type: 'tags' },
      },
    ]);

    await pick('Data source', 'Prometheus');
    const name = screen.getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Restarts');
    await userEvent.type(screen.getByLabelText('PromQL query'), 'changes(process_start_time_seconds[[2m]) > 0');
    await userEvent.type(screen.getByLabelText(/^Min step/), '60s');
    await userEvent.type(screen.getByLabelText(/^Title/), '{{{{job}}');
    await userEvent.type(screen.getAllByLabelText(/^Tags/)[0]!, 'job');
    await userEvent.click(screen.getByLabelText(/^Series value as timestamp/));
    await userEvent.click(screen.getByLabelText(/^Hidden/));
    expect(annotations(probe.edits.model)[1]).toEqual({
      datasource: { type: 'prometheus', uid: 'prom1' },
      enable: true,
      hide: true,
      iconColor: 'red',
      name: 'Restarts',
      target: { expr: 'changes(process_start_time_seconds[2m]) > 0', refId: 'Anno' },
      step: '60s',
      titleFormat: '{{job}}',
      tagKeys: 'job',
      textFormat: '',
      useValueForTime: true,
    });

    await pick('Data source', 'Orders DB');
    await userEvent.type(screen.getByLabelText(/^SQL query/), 'SELECT 1');
    expect(annotations(probe.edits.model)[1]).toMatchObject({
      datasource: { type: 'grafana-postgresql-datasource', uid: 'pg1' },
      name: 'Restarts',
      target: { refId: 'Anno', rawSql: 'SELECT 1', format: 'table', rawQuery: true, editorMode: 'code' },
    });
    expect(screen.queryByRole('option', { name: 'Search', hidden: true })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back to list' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Restarts up' }));
    expect(annotations(probe.edits.model).map((a) => a.name)).toEqual(['Restarts', 'Annotations & Alerts']);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Restarts' }));
    await waitFor(() => expect(annotations(probe.edits.model).map((a) => a.name)).toEqual(['Annotations & Alerts']));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(annotations(probe.edits.model).map((a) => a.name)).toEqual(['Restarts', 'Annotations & Alerts']));
  });
});
