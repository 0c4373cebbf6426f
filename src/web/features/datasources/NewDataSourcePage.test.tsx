import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateDataSourceRequest, dataSourceListSchema, dataSourceSchema, HealthCheckResult } from '../../../contract/datasources';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { answer, API, connectedSession, failWith, server } from '../../test/server';
import { dataSourceFixture, saved } from './testing';

afterEach(() => notifications.clean());

/** Opens the create form for `type` as an Admin, with `existing` data sources on the server. */
async function openForm(type: string, existing = [dataSourceFixture()]) {
  startSession(connectedSession('Admin'));
  server.use(answer<typeof dataSourceListSchema>('get', '/api/datasources', existing));
  const rendered = renderRoutes(appRoutes, `/datasources/new?type=${type}`);
  await screen.findByRole('textbox', { name: 'Name' });
  return rendered;
}

function recordPosts() {
  const posts: CreateDataSourceRequest[] = [];
  return {
    posts,
    answering: (respond: (body: CreateDataSourceRequest) => Response) =>
      http.post(`${API}/api/datasources`, async ({ request }) => {
        const body = (await request.json()) as CreateDataSourceRequest;
        posts.push(body);
        return respond(body);
      }),
  };
}

// Each test renders a whole form in jsdom; on a busy machine that takes seconds, not milliseconds.
describe('adding a data source', () => {
  it('offers the supported types as cards, filtered as one types', async () => {
    startSession(connectedSession('Admin'));
    server.use(answer<typeof dataSourceListSchema>('get', '/api/datasources', []));
    const { router } = renderRoutes(appRoutes, '/datasources/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add data source' })).toBeInTheDocument();
    for (const name of ['Prometheus', 'Loki', 'Tempo', 'Elasticsearch', 'InfluxDB', 'Graphite', 'PostgreSQL', 'MySQL', 'TestData']) {
      expect(screen.getByRole('link', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    await userEvent.type(screen.getByLabelText('Filter by name or type'), 'sql');
    expect(screen.getAllByRole('link', { name: /^(PostgreSQL|MySQL)/ })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /^Prometheus/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /^PostgreSQL/ }));
    expect(router.state.location.search).toBe('?type=grafana-postgresql-datasource');
    expect(await screen.findByRole('heading', { level: 1, name: 'New PostgreSQL data source' })).toBeInTheDocument();
  });

  it('suggests a free name, as Grafana does', async () => {
    await openForm('prometheus', [dataSourceFixture({ name: 'Prometheus' })]);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Prometheus-1');
  });

  it('checks the form before sending anything', async () => {
    const recorder = recordPosts();
    await openForm('grafana-postgresql-datasource');
    server.use(recorder.answering(() => HttpResponse.json({ message: 'should not be called' }, { status: 500 })));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Host URL' }), 'db:5432/path');
    await userEvent.click(screen.getByRole('button', { name: 'Save & test' }));

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(expect.stringContaining('Name cannot be empty'));
    expect(screen.getByRole('textbox', { name: 'Host URL' })).toHaveAccessibleDescription(
      expect.stringContaining('Host URL must be host:port, e.g. localhost:5432'),
    );
    expect(screen.getByRole('textbox', { name: 'Database name' })).toHaveAccessibleDescription(
      expect.stringContaining('Database name is required'),
    );
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(expect.stringContaining('Username is required'));
    // The first field with a message takes focus: it may be scrolled far above the button.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(recorder.posts).toEqual([]);
  });

  it('shows a 409 naming `field: name` on the Name field', async () => {
    const recorder = recordPosts();
    await openForm('prometheus');
    server.use(
      recorder.answering((body) =>
        HttpResponse.json({ message: `data source with the same name already exists: "${body.name}"`, field: 'name' }, { status: 409 }),
      ),
    );
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Prometheus main');
    await userEvent.type(screen.getByRole('textbox', { name: 'URL' }), 'http://prometheus:9090');
    await userEvent.click(screen.getByRole('button', { name: 'Save & test' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(expect.stringContaining('data source with the same name already exists: "Prometheus main"')),
    );
    expect(recorder.posts).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'New Prometheus data source' })).toBeInTheDocument();
  });

  it('shows a 400 on the field it names, in the server’s words: the type, then the URL', async () => {
    await openForm('loki');
    await userEvent.type(screen.getByRole('textbox', { name: 'URL' }), 'http://loki:3100');
    server.use(
      failWith('post', '/api/datasources', 400, { message: 'unknown data source type "loki"; known types: prometheus', field: 'type' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save & test' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Type' })).toHaveAccessibleDescription(
        'unknown data source type "loki"; known types: prometheus',
      ),
    );

    server.use(
      failWith('post', '/api/datasources', 400, {
        message: 'Validation error, invalid URL: "http://loki:3100" is not an http:// or https:// address',
        field: 'url',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save & test' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'URL' })).toHaveAccessibleDescription(
        expect.stringContaining('Validation error, invalid URL'),
      ),
    );
    expect(screen.getByRole('group', { name: 'Type' })).not.toHaveAccessibleDescription();
  });

  it('puts a 400 on the input its `field` names, whatever the message says', async () => {
    await openForm('prometheus');
    await userEvent.type(screen.getByRole('textbox', { name: 'URL' }), 'http://prometheus:9090');
    await userEvent.type(screen.getByRole('textbox', { name: 'Scrape interval' }), '15s');
    // The words mention the URL; the field says the scrape interval: the field wins.
    const message = 'bad request data: jsonData.timeInterval: longer than the URL allows';
    server.use(failWith('post', '/api/datasources', 400, { message, field: 'jsonData.timeInterval' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save & test' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Scrape interval' })).toHaveAccessibleDescription(expect.stringContaining(message)),
    );
    expect(screen.getByRole('textbox', { name: 'URL' })).not.toHaveAccessibleDescription(expect.stringContaining('bad request'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creates, tests, and opens the saved data source with the result', async () => {
    const recorder = recordPosts();
    await openForm('elasticsearch', []);
    const created = dataSourceFixture({
      uid: 'es1',
      name: 'Elasticsearch',
      type: 'elasticsearch',
      url: 'http://es:9200',
      jsonData: { index: 'logs-*', timeField: '@timestamp' },
    });
    server.use(
      recorder.answering(() => HttpResponse.json(saved(created, 'Datasource added'))),
      answer<typeof dataSourceSchema>('get', '/api/datasources/uid/es1', created),
      http.get(`${API}/api/datasources/uid/es1/health`, () =>
        HttpResponse.json({ status: 'ERROR', message: 'index "logs-*" not found at http://es:9200' } satisfies HealthCheckResult, {
          status: 400,
        }),
      ),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'URL' }), 'http://es:9200');
    await userEvent.type(screen.getByRole('textbox', { name: 'Index name' }), 'logs-*');
    await userEvent.selectOptions(screen.getByLabelText('Authentication method'), 'Basic authentication');
    await userEvent.type(screen.getByRole('textbox', { name: 'User' }), 'elastic');
    // The label reads "Password *" when required; the asterisk is hidden from screen readers.
    await userEvent.type(screen.getByLabelText(/^Password/), 'changeme');
    await userEvent.click(screen.getByRole('button', { name: 'Save & test' }));

    // The notification closes itself after a few seconds: looked for as it comes, not after the test result.
    expect(await screen.findByText('Data source added')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Elasticsearch' })).toBeInTheDocument();
    expect((await screen.findByText('Test failed')).closest('[role="alert"]')).toHaveTextContent(
      'index "logs-*" not found at http://es:9200',
    );
    expect(recorder.posts).toEqual([
      {
        name: 'Elasticsearch',
        type: 'elasticsearch',
        access: 'proxy',
        url: 'http://es:9200',
        user: '',
        database: '',
        basicAuth: true,
        basicAuthUser: 'elastic',
        withCredentials: false,
        isDefault: false,
        jsonData: { index: 'logs-*', timeField: '@timestamp' },
        secureJsonData: { basicAuthPassword: 'changeme' },
      },
    ]);
  });

  it('tells a Viewer that adding needs the Admin role', async () => {
    startSession(connectedSession('Viewer'));
    renderRoutes(appRoutes, '/datasources/new?type=prometheus');
    expect(await screen.findByText('Needs the Admin role')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save & test' })).not.toBeInTheDocument();
  });
});
