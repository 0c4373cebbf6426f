import { screen, within } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { describe, expect, it } from 'vitest';
import type { dataSourceListSchema } from '../../../contract/datasources';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { answer, connectedSession, server } from '../../test/server';
import { dataSourceFixture } from './testing';

const list = [
  dataSourceFixture({ uid: 'p', name: 'Metrics', isDefault: true, url: 'http://prometheus:9090' }),
  dataSourceFixture({ uid: 'l', name: 'Logs', type: 'loki', typeName: 'Loki', url: 'http://loki:3100' }),
  // An alias as older provisioning files write it: listed and filtered as PostgreSQL.
  dataSourceFixture({ uid: 'd', name: 'Orders', type: 'postgres', typeName: 'PostgreSQL', url: 'db:5432' }),
];

describe('the data source list', () => {
  it('shows name, type, URL and the default marker, and filters by name and type in the URL', async () => {
    startSession(connectedSession('Admin'));
    server.use(answer<typeof dataSourceListSchema>('get', '/api/datasources', list));
    const { router } = renderRoutes(appRoutes, '/datasources');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Metricsdefault', 'Prometheus', 'http://prometheus:9090'],
      ['Logs', 'Loki', 'http://loki:3100'],
      ['Orders', 'PostgreSQL', 'db:5432'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Metrics' })).toHaveAttribute('href', '/datasources/edit/p');
    expect(screen.getByRole('link', { name: 'Add data source' })).toHaveAttribute('href', '/datasources/new');

    await userEvent.selectOptions(screen.getByLabelText('Type'), 'PostgreSQL');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=grafana-postgresql-datasource');

    await userEvent.selectOptions(screen.getByLabelText('Type'), 'All types');
    await userEvent.type(screen.getByLabelText('Search by name'), 'LOG');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'Logs' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 data sources')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search by name'), 'xyz');
    expect(screen.getByText('No data source matches')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findAllByRole('row')).toHaveLength(4);
  });

  it('offers no Add to a Viewer', async () => {
    startSession(connectedSession('Viewer'));
    server.use(answer<typeof dataSourceListSchema>('get', '/api/datasources', list));
    renderRoutes(appRoutes, '/datasources');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add data source' })).not.toBeInTheDocument();
  });

  it('invites an Admin to add the first one', async () => {
    startSession(connectedSession('Admin'));
    server.use(answer<typeof dataSourceListSchema>('get', '/api/datasources', []));
    renderRoutes(appRoutes, '/datasources');
    expect(await screen.findByText('No data sources yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add data source' })).toHaveLength(2);
  });
});
