import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { dataSourceListSchema } from '../../../../../../contract/datasources';
import { startSession } from '../../../../../api/session';
import { answer, API, connectedSession, fixtures, server } from '../../../../../test/server';
import { userEvent } from '../../../../../test/user';
import { renderSettings } from '../testing';

const prometheus = fixtures.dataSource({ uid: 'prom1' });

beforeEach(() => {
  startSession(connectedSession('Editor'));
  server.use(
    answer<typeof dataSourceListSchema>('get', '/api/datasources', [prometheus]),
    http.get(`${API}/api/datasources/proxy/uid/prom1/api/v1/label/job/values`, () =>
      HttpResponse.json({ status: 'success', data: ['api', 'web'] }),
    ),
  );
});

const templating = (model: Record<string, unknown>) => (model.templating as { list: Array<Record<string, unknown>> }).list;

describe('Settings → Variables', () => {
  it('adds a query variable: data source, query, a live preview of its values, and a name checked as Grafana does', async () => {
    const { probe } = renderSettings({ title: 'Checkout', panels: [] }, 'variables');
    await userEvent.click(screen.getByRole('button', { name: 'Add variable' }));
    expect(probe.editIndex).toBe(0);
    expect(await screen.findByRole('heading', { name: 'Variable query0' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Data source' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Prometheus (default)', hidden: true }));
    await userEvent.type(screen.getByLabelText('Query'), 'label_values(job)');
    const preview = await screen.findByRole('list', { name: 'Values of query0' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['api', 'web']);

    const name = screen.getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, '__job');
    expect(screen.getByText(/cannot begin with '__'/)).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'job');
    expect(screen.queryByText(/cannot begin with '__'/)).not.toBeInTheDocument();

    expect(templating(probe.edits.model)[0]).toEqual({
      name: 'job',
      type: 'query',
      label: '',
      description: '',
      hide: 0,
      skipUrlSync: false,
      current: {},
      options: [],
      multi: false,
      includeAll: false,
      allValue: null,
      datasource: { type: 'prometheus', uid: 'prom1' },
      query: { qryType: 1, query: 'label_values(job)', refId: 'PrometheusVariableQueryEditor-VariableQuery' },
      definition: 'label_values(job)',
      regex: '',
      refresh: 1,
      sort: 0,
    });

    await userEvent.click(screen.getByLabelText(/Multi-value/));
    await userEvent.click(screen.getByLabelText('Include All option'));
    await userEvent.type(screen.getByLabelText(/^Custom all value/), '.*');
    expect(templating(probe.edits.model)[0]).toMatchObject({ multi: true, includeAll: true, allValue: '.*' });

    await userEvent.click(screen.getByRole('button', { name: 'Back to list' }));
    const row = screen.getByRole('row', { name: /job/ });
    expect(within(row).getByText('label_values(job)')).toBeInTheDocument();
  });

  it('shows what uses a variable, duplicates, reorders, and deletes after naming its users, with Undo', async () => {
    const { probe } = renderSettings(
      {
        title: 'Checkout',
        panels: [{ id: 1, type: 'timeseries', title: 'CPU in $env', targets: [] }],
        templating: {
          list: [
            { name: 'env', type: 'custom', query: 'dev,prod', current: {}, options: [] },
            { name: 'region', type: 'constant', query: 'eu', hide: 2 },
          ],
        },
      },
      'variables',
    );
    await userEvent.click(screen.getByRole('button', { name: 'env' }));
    expect(await screen.findByRole('heading', { name: 'Variable env' })).toBeInTheDocument();
    const preview = await screen.findByRole('list', { name: 'Values of env' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['dev', 'prod']);
    expect(within(screen.getByRole('list', { name: 'Uses of env' })).getByText('Panel “CPU in $env”')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to list' }));

    await userEvent.click(screen.getByRole('button', { name: 'Duplicate env' }));
    expect(templating(probe.edits.model).map((v) => v.name)).toEqual(['env', 'copy_of_env', 'region']);
    await userEvent.click(screen.getByRole('button', { name: 'Move region up' }));
    expect(templating(probe.edits.model).map((v) => v.name)).toEqual(['env', 'region', 'copy_of_env']);

    await userEvent.click(screen.getByRole('button', { name: 'Delete env' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete variable env?' });
    expect(within(confirm).getByText('Panel “CPU in $env”')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete variable' }));
    await waitFor(() => expect(templating(probe.edits.model).map((v) => v.name)).toEqual(['region', 'copy_of_env']));

    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(templating(probe.edits.model).map((v) => v.name)).toEqual(['env', 'region', 'copy_of_env']));
    expect(screen.getByRole('button', { name: 'env' })).toBeInTheDocument();
  });

  it('edits each type with its own fields: custom values, interval auto options, data source type', async () => {
    const { probe } = renderSettings(
      { title: 'Checkout', templating: { list: [{ name: 'v', type: 'custom', query: '' }] } },
      'variables',
      0,
    );
    await userEvent.type(await screen.findByLabelText('Values separated by comma'), 'a, b : 2');
    const values = () =>
      within(screen.getByRole('list', { name: 'Values of v' }))
        .getAllByRole('listitem')
        .map((i) => i.textContent);
    await waitFor(() => expect(values()).toEqual(['a', 'b']));

    await userEvent.click(screen.getByRole('combobox', { name: 'Variable type' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Interval/, hidden: true }));
    expect(templating(probe.edits.model)[0]).toMatchObject({
      type: 'interval',
      query: '1m,10m,30m,1h,6h,12h,1d,7d,14d,30d',
      auto: false,
      refresh: 2,
    });
    await userEvent.click(screen.getByLabelText(/^Auto option/));
    expect(screen.getByLabelText(/^Min interval/)).toHaveValue('10s');
    expect(templating(probe.edits.model)[0]).toMatchObject({ auto: true, auto_count: 30, auto_min: '10s' });
    await waitFor(() => expect(values()[0]).toBe('auto'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Variable type' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Data source/, hidden: true }));
    expect(templating(probe.edits.model)[0]).toMatchObject({ type: 'datasource', query: 'prometheus', regex: '' });
    await waitFor(() => expect(values()).toEqual(['Prometheus', 'default']));
  });
});
