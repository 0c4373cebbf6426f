import { currentCompletions } from '@codemirror/autocomplete';
import { EditorView } from '@codemirror/view';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QueryResponse } from '../../contract/query';
import type { DataSourceSummary } from '../api/dataSources';
import { startSession } from '../api/session';
import { renderWithProviders } from '../test/render';
import { API, connectedSession, server } from '../test/server';
import { userEvent } from '../test/user';
import { QueryEditor } from './QueryEditor';
import type { DataQuery } from './queryKinds';
import { preloadEditor } from './registry';

// CodeMirror measures text ranges; jsdom has no layout.
Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

beforeAll(async () => {
  await Promise.all((['promql', 'logql', 'sql', 'testdata'] as const).map(preloadEditor));
}, 60_000);

const prometheus: DataSourceSummary = { uid: 'prom', name: 'Prometheus', type: 'prometheus', isDefault: true };
const loki: DataSourceSummary = { uid: 'logs', name: 'Loki', type: 'loki', isDefault: false };
const postgres: DataSourceSummary = { uid: 'pg', name: 'Orders DB', type: 'grafana-postgresql-datasource', isDefault: false };
const testdata: DataSourceSummary = { uid: 'td', name: 'TestData', type: 'grafana-testdata-datasource', isDefault: false };

/** The editor with its query held as a parent holds it; `latest()` is what it last reported. */
function renderEditor(dataSource: DataSourceSummary, initial: DataQuery, error?: string) {
  startSession(connectedSession('Editor'));
  let current = initial;
  let runs = 0;
  function Holder() {
    const [query, setQuery] = useState(initial);
    return (
      <QueryEditor
        query={query}
        dataSource={dataSource}
        error={error}
        onChange={(next) => {
          current = next;
          setQuery(next);
        }}
        onRun={() => runs++}
      />
    );
  }
  renderWithProviders(<Holder />);
  return { latest: () => current, runs: () => runs };
}

async function editorOf(name: string): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error(`no CodeMirror view behind ${name}`);
  return view;
}

/** Types at the end as a person does: one input transaction, which opens completion. */
function typeAtEnd(view: EditorView, text: string) {
  const end = view.state.doc.length;
  act(() => view.dispatch({ changes: { from: end, insert: text }, selection: { anchor: end + text.length }, userEvent: 'input.type' }));
}

/** Picks an option of a Mantine Select from the keyboard, as the Explore tests do. */
async function choose(label: string, option: string) {
  const combobox = screen.getByRole('combobox', { name: label });
  await userEvent.click(combobox);
  const listbox = await screen.findByRole('listbox', { name: label, hidden: true });
  await userEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

const offered = (view: EditorView) => currentCompletions(view.state).map((c) => c.label);

function prometheusHandlers(asked: string[] = []) {
  const base = `${API}/api/datasources/uid/prom/resources/api/v1`;
  server.use(
    http.get(`${base}/label/__name__/values`, () =>
      HttpResponse.json({ status: 'success', data: ['prometheus_http_requests_total', 'process_cpu_seconds_total', 'up'] }),
    ),
    http.get(`${base}/metadata`, () =>
      HttpResponse.json({
        status: 'success',
        data: { prometheus_http_requests_total: [{ type: 'counter', help: 'Counter of HTTP requests.', unit: '' }] },
      }),
    ),
    http.get(`${base}/labels`, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('match[]') ?? '');
      return HttpResponse.json({ status: 'success', data: ['__name__', 'code', 'handler', 'job'] });
    }),
    http.get(`${base}/label/code/values`, () => HttpResponse.json({ status: 'success', data: ['200', '503'] })),
  );
}

describe('QueryEditor: Prometheus', () => {
  it('completes functions with their signature and metric names from the data source, picked from the keyboard', async () => {
    prometheusHandlers();
    const { latest } = renderEditor(prometheus, { refId: 'A', expr: '' });
    const view = await editorOf('PromQL query A');

    typeAtEnd(view, 'rat');
    await waitFor(() => expect(offered(view)).toContain('rate'));
    const rate = currentCompletions(view.state).find((c) => c.label === 'rate');
    expect(rate?.detail).toBe('(v range-vector)');
    expect(String(rate?.info)).toMatch(/^rate\(v range-vector\)\n\nThe per-second average rate/);

    act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '' } }));
    typeAtEnd(view, 'prometheus_ht');
    await waitFor(() => expect(offered(view)).toEqual(['prometheus_http_requests_total']));
    expect(currentCompletions(view.state)[0]?.detail).toBe('counter');
    // The list is on screen, and Enter takes its first option.
    expect(await screen.findByRole('option', { name: /prometheus_http_requests_total/ })).toBeInTheDocument();
    view.contentDOM.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(latest().expr).toBe('prometheus_http_requests_total'));
  });

  it('completes label names of the metric inside {} and then their values', async () => {
    const asked: string[] = [];
    prometheusHandlers(asked);
    const { latest } = renderEditor(prometheus, { refId: 'A', expr: '' });
    const view = await editorOf('PromQL query A');

    typeAtEnd(view, 'up{co');
    await waitFor(() => expect(offered(view)).toEqual(['code']));
    expect(asked).toContain('up');
    view.contentDOM.focus();
    await userEvent.keyboard('{Enter}');
    // The name is written with its matcher, and the values open between the quotes.
    await waitFor(() => expect(offered(view)).toEqual(['200', '503']));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(latest().expr).toMatch(/^up\{code="503"/));
  });

  it('offers durations inside [] and Grafana’s interval variables', async () => {
    prometheusHandlers();
    renderEditor(prometheus, { refId: 'A', expr: '' });
    const view = await editorOf('PromQL query A');
    typeAtEnd(view, 'rate(up[');
    act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: '5' }, userEvent: 'input.type' }));
    typeAtEnd(view, '');
    await waitFor(() => expect(offered(view)).toContain('5m'));
  });

  it('shows a parse error under the query, linked to it, beside the server’s error', async () => {
    renderEditor(prometheus, { refId: 'A', expr: 'sum(rate(up[5m])' }, 'bad_data: parse error');
    const view = await editorOf('PromQL query A');
    const message = await screen.findByText(/Syntax error at line 1, column 17: the query ends too soon/);
    const describedBy = view.contentDOM.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy).toContain(message.id);
    expect(describedBy).toContain(screen.getByRole('alert').id);

    act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: ')' }, userEvent: 'input.type' }));
    await waitFor(() => expect(screen.queryByText(/Syntax error/)).not.toBeInTheDocument());
    expect(view.contentDOM.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('has Grafana’s options: legend modes, format, range/instant/both, min step and exemplars; Shift+Enter runs', async () => {
    const { latest, runs } = renderEditor(prometheus, { refId: 'A', expr: 'up', range: true, instant: false });
    const view = await editorOf('PromQL query A');

    expect(screen.getByRole('combobox', { name: 'Legend' })).toHaveValue('Verbose');
    await choose('Legend', 'Custom');
    expect(latest().legendFormat).toBe('{{label_name}}');
    const template = screen.getByRole('textbox', { name: 'Legend format' });
    await userEvent.clear(template);
    await userEvent.type(template, '{{{{job}}');
    expect(latest().legendFormat).toBe('{{job}}');

    await choose('Format', 'Heatmap');
    expect(latest().format).toBe('heatmap');

    await userEvent.click(screen.getByRole('radio', { name: 'Both' }));
    expect(latest()).toMatchObject({ range: true, instant: true });
    await userEvent.type(screen.getByRole('textbox', { name: 'Min step' }), '30s');
    expect(latest().interval).toBe('30s');
    const exemplars = screen.getByRole('switch', { name: 'Exemplars' });
    expect(exemplars).not.toBeChecked();
    await userEvent.click(exemplars);
    expect(latest().exemplar).toBe(true);

    view.contentDOM.focus();
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    expect(runs()).toBeGreaterThan(0);
  });
});

describe('QueryEditor: Loki', () => {
  it('completes stream labels and values, shows LogQL parse errors, and has Type, Line limit and Legend', async () => {
    server.use(
      http.get(`${API}/api/datasources/uid/logs/resources/labels`, () => HttpResponse.json({ status: 'success', data: ['app', 'level'] })),
      http.get(`${API}/api/datasources/uid/logs/resources/label/app/values`, () =>
        HttpResponse.json({ status: 'success', data: ['checkout'] }),
      ),
    );
    const { latest } = renderEditor(loki, { refId: 'A', expr: '' });
    const view = await editorOf('LogQL query A');
    typeAtEnd(view, '{a');
    await waitFor(() => expect(offered(view)).toEqual(['app']));
    view.contentDOM.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(offered(view)).toEqual(['checkout']));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(latest().expr).toMatch(/^\{app="checkout"/));

    act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '{app="checkout"} |= ' } }));
    expect(await screen.findByText(/Syntax error/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Instant' }));
    expect(latest().queryType).toBe('instant');
    await userEvent.type(screen.getByRole('textbox', { name: 'Line limit' }), '50');
    expect(latest().maxLines).toBe(50);
    expect(screen.getByRole('textbox', { name: 'Legend' })).toBeInTheDocument();
  });
});

describe('QueryEditor: SQL', () => {
  it('completes the database’s tables and columns and the macros, and shows the macro help', async () => {
    const asked: Array<Record<string, unknown>> = [];
    server.use(
      http.post(`${API}/api/ds/query`, async ({ request }) => {
        const body = (await request.json()) as { queries: Array<Record<string, unknown>> };
        asked.push(body.queries[0]!);
        const answer: QueryResponse = {
          results: {
            schema: {
              status: 200,
              frames: [
                {
                  schema: {
                    fields: [
                      { name: 'table_name', type: 'string' },
                      { name: 'column_name', type: 'string' },
                    ],
                  },
                  data: {
                    values: [
                      ['orders', 'orders', 'customers'],
                      ['id', 'created_at', 'name'],
                    ],
                  },
                },
              ],
            },
          },
        };
        return HttpResponse.json(answer);
      }),
    );
    renderEditor(postgres, { refId: 'A', rawSql: '', format: 'table' });
    const view = await editorOf('SQL query A');

    typeAtEnd(view, 'SELECT * FROM or');
    // The database is asked once a table is being named; its answer then completes.
    await waitFor(() => expect(asked).toHaveLength(1));
    await waitFor(() => expect(offered(view)).toContain('orders'));
    expect(asked[0]).toMatchObject({
      datasource: { uid: 'pg' },
      format: 'table',
      rawSql: expect.stringMatching(/information_schema\.columns/),
    });

    // Columns of the table the query names, and of a table by its name.
    typeAtEnd(view, 'ders WHERE cr');
    await waitFor(() => expect(offered(view)).toContain('created_at'));
    typeAtEnd(view, 'eated_at > 0 AND orders.i');
    await waitFor(() => expect(offered(view)).toContain('id'));

    typeAtEnd(view, 'd > 0 AND $__ti');
    await waitFor(() => expect(offered(view)).toContain('$__timeFilter'));
    expect(currentCompletions(view.state).find((c) => c.label === '$__timeFilter')?.detail).toBe('(column)');
    // One question of the database, however much is typed.
    expect(asked).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Show macros' }));
    const help = screen.getByRole('table', { name: 'SQL macros' });
    expect(within(help).getByText('$__timeGroup(column, interval[, fill])')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide macros' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('QueryEditor: TestData', () => {
  it('shows each scenario’s own fields', async () => {
    const { latest } = renderEditor(testdata, { refId: 'A', scenarioId: 'random_walk', seriesCount: 1 });
    expect(await screen.findByRole('textbox', { name: 'Series count' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Spread' })).toBeInTheDocument();

    await choose('Scenario', 'Predictable Pulse');
    expect(latest().scenarioId).toBe('predictable_pulse');
    expect(screen.queryByRole('textbox', { name: 'Series count' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'On count' }), '2');
    expect(latest().pulseWave).toEqual({ onCount: 2 });

    await choose('Scenario', 'CSV Content');
    expect(screen.getByRole('textbox', { name: 'CSV content' })).toBeInTheDocument();
  });
});
