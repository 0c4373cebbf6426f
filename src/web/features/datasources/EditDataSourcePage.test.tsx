import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  dataSourceListSchema,
  dataSourceSchema,
  DeleteDataSourceResponse,
  HealthCheckResult,
  UpdateDataSourceRequest,
} from '../../../contract/datasources';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { answer, API, connectedSession, failWith, server } from '../../test/server';
import { dataSourceFixture, saved } from './testing';

const postgres = dataSourceFixture({
  uid: 'orders',
  name: 'Orders DB',
  type: 'grafana-postgresql-datasource',
  typeName: 'PostgreSQL',
  url: 'db:5432',
  user: 'grafana',
  jsonData: { database: 'orders', sslmode: 'disable' },
  secureJsonFields: { password: true },
});

const health = (result: HealthCheckResult) =>
  http.get(`${API}/api/datasources/uid/:uid/health`, () => HttpResponse.json(result, { status: result.status === 'OK' ? 200 : 400 }));

// Notifications live in a store of their own that outlasts each render.
afterEach(() => notifications.clean());

// Each test renders a whole form in jsdom; on a busy machine that takes seconds, not milliseconds.
describe('the data source edit page', () => {
  it('shows a saved secret as "configured" with Reset, never its value, and sends a new one only after Reset', async () => {
    startSession(connectedSession('Admin'));
    let sent: UpdateDataSourceRequest | undefined;
    server.use(
      answer<typeof dataSourceSchema>('get', '/api/datasources/uid/orders', postgres),
      http.put(`${API}/api/datasources/uid/orders`, async ({ request }) => {
        sent = (await request.json()) as UpdateDataSourceRequest;
        return HttpResponse.json(saved({ ...postgres, version: 2 }));
      }),
      health({ status: 'OK', message: 'Database Connection OK' }),
    );
    renderRoutes(appRoutes, '/datasources/edit/orders');

    // The first render loads the page's code, which may take a moment on a busy machine.
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveValue('configured');
    expect(password).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Save & test' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).not.toHaveProperty('secureJsonData');
    expect(sent).toMatchObject({
      name: 'Orders DB',
      url: 'db:5432',
      user: 'grafana',
      version: 1,
      jsonData: { database: 'orders', sslmode: 'disable' },
    });
    expect((await screen.findByText('Test passed')).closest('[role="status"]')).toHaveTextContent('Database Connection OK');

    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    const fresh = screen.getByLabelText('Password');
    expect(fresh).toHaveValue('');
    await userEvent.type(fresh, 'n3w-pa55');
    await userEvent.click(screen.getByRole('button', { name: 'Save & test' }));
    await waitFor(() => expect(sent?.secureJsonData).toEqual({ password: 'n3w-pa55' }));
    // The answer says the secret is set: the form shows "configured" again, not what was typed.
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue('configured'));
    expect(document.body.innerHTML).not.toContain('n3w-pa55');
  });

  it('Save & test shows the OK and the ERROR result in the server’s words, keeping the last one', async () => {
    startSession(connectedSession('Admin'));
    const prometheus = dataSourceFixture();
    const results: HealthCheckResult[] = [
      { status: 'OK', message: 'Successfully queried the Prometheus API.' },
      { status: 'ERROR', message: 'connection refused at http://127.0.0.1:1: is the server running and listening on that port?' },
    ];
    server.use(
      answer<typeof dataSourceSchema>('get', '/api/datasources/uid/prom-main', prometheus),
      http.put(`${API}/api/datasources/uid/prom-main`, () => HttpResponse.json(saved(prometheus))),
      http.get(`${API}/api/datasources/uid/prom-main/health`, () => {
        const result = results.shift()!;
        return HttpResponse.json(result, { status: result.status === 'OK' ? 200 : 400 });
      }),
    );
    // Each result is brought into view: at the end of a long form it may be below the fold.
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    try {
      renderRoutes(appRoutes, '/datasources/edit/prom-main');

      const notified = screen.findByText('Data source saved');
      await userEvent.click(await screen.findByRole('button', { name: 'Save & test' }));
      const ok = (await screen.findByText('Test passed')).closest('[role="status"]')!;
      expect(ok).toHaveTextContent('Successfully queried the Prometheus API.');
      await notified;
      await waitFor(() => expect(scrolled.some((element) => element.contains(ok))).toBe(true));

      await userEvent.click(screen.getByRole('button', { name: 'Save & test' }));
      const error = (await screen.findByText('Test failed')).closest('[role="alert"]')!;
      expect(error).toHaveTextContent('connection refused at http://127.0.0.1:1');
      expect(screen.queryByText('Test passed')).not.toBeInTheDocument();
      await waitFor(() => expect(scrolled.some((element) => element.contains(error))).toBe(true));
    } finally {
      scroll.mockRestore();
    }
  });

  it('Save & test with a bad URL takes the person to the URL field and drops the result of the old settings', async () => {
    startSession(connectedSession('Admin'));
    const prometheus = dataSourceFixture();
    const puts: unknown[] = [];
    server.use(
      answer<typeof dataSourceSchema>('get', '/api/datasources/uid/prom-main', prometheus),
      http.put(`${API}/api/datasources/uid/prom-main`, async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(saved(prometheus));
      }),
      health({ status: 'ERROR', message: 'connection refused at http://prometheus:9090' }),
    );
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    try {
      renderRoutes(appRoutes, '/datasources/edit/prom-main');
      await userEvent.click(await screen.findByRole('button', { name: 'Test' }));
      expect(await screen.findByText('Test failed')).toBeInTheDocument();

      const url = screen.getByRole('textbox', { name: 'URL' });
      await userEvent.clear(url);
      await userEvent.type(url, 'not a url');
      // The failure was of the old URL: it no longer describes what the form holds.
      expect(screen.queryByText('Test failed')).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Save & test' }));
      expect(url).toHaveAccessibleDescription(expect.stringContaining('URL must be an http:// or https:// address'));
      await waitFor(() => expect(url).toHaveFocus());
      expect(scrolled).toContain(url);
      expect(puts).toEqual([]);
    } finally {
      scroll.mockRestore();
    }
  });

  it('Save & test drops the last result as soon as the save starts', async () => {
    startSession(connectedSession('Admin'));
    const prometheus = dataSourceFixture();
    let answerPut: () => void = () => undefined;
    server.use(
      answer<typeof dataSourceSchema>('get', '/api/datasources/uid/prom-main', prometheus),
      http.put(
        `${API}/api/datasources/uid/prom-main`,
        () => new Promise<Response>((resolve) => (answerPut = () => resolve(HttpResponse.json(saved(prometheus))))),
      ),
      health({ status: 'ERROR', message: 'connection refused at http://prometheus:9090' }),
    );
    renderRoutes(appRoutes, '/datasources/edit/prom-main');
    await userEvent.click(await screen.findByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Test failed')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save & test' }));
    expect(await screen.findByText('Saving…')).toBeInTheDocument();
    expect(screen.queryByText('Test failed')).not.toBeInTheDocument();
    answerPut();
    expect(await screen.findByText('Test failed')).toBeInTheDocument();
  });

  it('says so when the test cannot run at all', async () => {
    startSession(connectedSession('Admin'));
    server.use(
      answer<typeof dataSourceSchema>('get', '/api/datasources/uid/prom-main', dataSourceFixture()),
      failWith('get', '/api/datasources/uid/prom-main/health', 403, { message: 'You do not have permission to query this data source' }),
    );
    renderRoutes(appRoutes, '/datasources/edit/prom-main');
    await userEvent.click(await screen.findByRole('button', { name: 'Test' }));
    const alert = (await screen.findByText('Could not run the test')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('You do not have permission to query this data source');
  });

  it('gives a Viewer read-only fields and Test, but no Save or Delete', async () => {
    startSession(connectedSession('Viewer'));
    server.use(
      answer<typeof dataSourceSchema>('get', '/api/datasources/uid/orders', postgres),
      health({ status: 'ERROR', message: 'authentication failed for user "grafana" at db:5432: check user and password' }),
    );
    renderRoutes(appRoutes, '/datasources/edit/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders DB' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Host URL' })).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Password')).toHaveValue('configured');
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save & test' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Test' }));
    expect((await screen.findByText('Test failed')).closest('[role="alert"]')).toHaveTextContent(
      'authentication failed for user "grafana"',
    );
  });

  it('deletes only after a confirm that names what is lost', async () => {
    startSession(connectedSession('Admin'));
    let deleted = false;
    server.use(
      answer<typeof dataSourceSchema>('get', '/api/datasources/uid/orders', postgres),
      http.delete(`${API}/api/datasources/uid/orders`, () => {
        deleted = true;
        return HttpResponse.json({ id: postgres.id, message: 'Data source deleted' } satisfies DeleteDataSourceResponse);
      }),
      answer<typeof dataSourceListSchema>('get', '/api/datasources', []),
    );
    const { router } = renderRoutes(appRoutes, '/datasources/edit/orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Orders DB');
    expect(dialog).toHaveTextContent('Dashboards and panels that use it will stop working');
    expect(deleted).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete data source' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources'));
    expect(deleted).toBe(true);
    expect(await screen.findByText('Data source deleted')).toBeInTheDocument();
  });

  it('answers an unknown uid with "not found"', async () => {
    startSession(connectedSession('Admin'));
    server.use(failWith('get', '/api/datasources/uid/nope', 404, { message: 'Data source not found' }));
    renderRoutes(appRoutes, '/datasources/edit/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Data source not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Data source not found');
  });

  it('warns that the saved password goes when the address moves to another server, and stops warning once it is typed again', async () => {
    startSession(connectedSession('Admin'));
    server.use(answer<typeof dataSourceSchema>('get', '/api/datasources/uid/orders', postgres));
    renderRoutes(appRoutes, '/datasources/edit/orders');
    const host = await screen.findByRole('textbox', { name: 'Host URL' });
    await userEvent.clear(host);
    await userEvent.type(host, 'replica:5432');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Saved secrets will be dropped');
    expect(warning).toHaveTextContent('Password is removed when you save');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await userEvent.type(screen.getByLabelText('Password'), 'new-secret');
    await waitFor(() => expect(screen.queryByText('Saved secrets will be dropped')).not.toBeInTheDocument());
  });

  it('a provisioned data source says why it cannot be changed, with Save and Delete disabled', async () => {
    startSession(connectedSession('Admin'));
    server.use(answer<typeof dataSourceSchema>('get', '/api/datasources/uid/orders', { ...postgres, readOnly: true }));
    renderRoutes(appRoutes, '/datasources/edit/orders');
    expect(await screen.findByText(/provisioned from a file, so it is read-only here/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save & test' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Test' })).toBeEnabled();
  });
});
