import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../api/session';
import type { dataSourceListSchema } from '../../../../contract/datasources';
import { useUrlParams } from '../../../lib/useUrlParams';
import { renderRoutes, renderWithProviders } from '../../../test/render';
import { answer, API, connectedSession, failWith, fixtures, server } from '../../../test/server';
import { ALL_VALUE, type VariableModel, type VariableState } from './types';
import { useVariables } from './useVariables';
import { VariablesBar } from './VariablesBar';
import { interpolateForDataSource } from './interpolation';

function state(overrides: Partial<VariableState> & { name: string }): VariableState {
  return {
    type: 'custom',
    label: overrides.name,
    hide: 0,
    multi: false,
    includeAll: false,
    options: [
      { text: 'a', value: 'a' },
      { text: 'b', value: 'b' },
    ],
    value: ['a'],
    text: ['a'],
    loading: false,
    ...overrides,
  };
}

describe('VariablesBar', () => {
  it('labels each control by label or name, hides hidden ones, names hide=1 controls without a visible label', () => {
    renderWithProviders(
      <VariablesBar
        variables={[
          state({ name: 'env', label: 'Environment' }),
          state({ name: 'quiet', hide: 1 }),
          state({ name: 'secret', hide: 2 }),
          state({ name: 'c', type: 'constant' }),
        ]}
        setValue={() => {}}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Environment' })).toHaveValue('a');
    expect(screen.getByRole('combobox', { name: 'quiet' })).toBeInTheDocument();
    expect(screen.queryByText('quiet')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'secret' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
  });

  it('calls setValue with the picked option, from the keyboard', async () => {
    const setValue = vi.fn();
    renderWithProviders(<VariablesBar variables={[state({ name: 'env' })]} setValue={setValue} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'env' }));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(setValue).toHaveBeenCalledWith('env', ['b']);
  });

  it('commits a textbox on Enter, not on each key', async () => {
    const setValue = vi.fn();
    renderWithProviders(
      <VariablesBar variables={[state({ name: 'q', type: 'textbox', options: [], value: ['x'], text: ['x'] })]} setValue={setValue} />,
    );
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'q' });
    await user.clear(box);
    await user.type(box, 'abc');
    expect(setValue).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(setValue).toHaveBeenCalledWith('q', ['abc']);
  });

  it('says why options could not be loaded', () => {
    renderWithProviders(<VariablesBar variables={[state({ name: 'job', error: 'invalid parameter "match[]"' })]} setValue={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('invalid parameter "match[]"');
  });
});

const prometheus = fixtures.dataSource({ uid: 'prom1' });

const models: VariableModel[] = [
  { name: 'job', type: 'query', datasource: { uid: 'prom1' }, query: 'label_values(job)', refresh: 1, includeAll: true, multi: true },
  { name: 'instance', type: 'query', datasource: { uid: 'prom1' }, query: 'label_values(up{job=~"$job"}, instance)', refresh: 2 },
];
const range = { from: 1_700_000_000_000, to: 1_700_003_600_000 };

function Dashboard({ variableModels = models }: { variableModels?: VariableModel[] }) {
  const [params, setUrlParams] = useUrlParams();
  const { variables, scope, setValue, ready } = useVariables({
    models: variableModels,
    range,
    rangeKey: 'r1',
    dashboard: { uid: 'd1', title: 'D' },
    params,
    setUrlParams,
  });
  return (
    <>
      <VariablesBar variables={variables} setValue={setValue} />
      <output aria-label="query">
        {ready ? interpolateForDataSource('up{job=~"$job", instance="$instance"}', { ...scope, builtins: {} }, 'prometheus') : 'waiting'}
      </output>
    </>
  );
}

/**
 * The Prometheus data source's label values behind the proxy: `job` has two, `instance` answers
 * `instancesFor(match)`, the series selector it is asked with. Returns the selectors asked, in order.
 */
function servePrometheusLabels(instancesFor: (match: string) => string[]): string[] {
  const instanceMatches: string[] = [];
  server.use(
    answer<typeof dataSourceListSchema>('get', '/api/datasources', [prometheus]),
    http.get(`${API}/api/datasources/proxy/uid/prom1/api/v1/label/job/values`, () =>
      HttpResponse.json({ status: 'success', data: ['node', 'prometheus'] }),
    ),
    http.get(`${API}/api/datasources/proxy/uid/prom1/api/v1/label/instance/values`, ({ request }) => {
      const match = new URL(request.url).searchParams.get('match[]') ?? '';
      instanceMatches.push(match);
      return HttpResponse.json({ status: 'success', data: instancesFor(match) });
    }),
  );
  return instanceMatches;
}

describe('useVariables with VariablesBar', () => {
  it('loads Prometheus label values through the proxy, chains them and writes the pick to the URL', async () => {
    startSession(connectedSession());
    const instanceMatches = servePrometheusLabels((match) => (match.includes('(node|prometheus)') ? ['a:9100', 'b:9090'] : ['a:9100']));
    const { router } = renderRoutes([{ path: '/d/:uid', element: <Dashboard /> }], '/d/d1?var-job=$__all');

    const query = screen.getByRole('status', { name: 'query' });
    await waitFor(() => expect(query).toHaveTextContent('up{job=~"(node|prometheus)", instance="a:9100"}'));
    expect(instanceMatches).toEqual(['up{job=~"(node|prometheus)"}']);
    // Written into the URL from the first load (replacing the entry), so a copied URL reproduces the view.
    const urlValues = () => {
      const search = new URLSearchParams(router.state.location.search);
      return { job: search.getAll('var-job'), instance: search.getAll('var-instance') };
    };
    await waitFor(() => expect(urlValues()).toEqual({ job: [ALL_VALUE], instance: ['a:9100'] }));

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'instance' }));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.search).toContain('var-instance=b%3A9090');
    await waitFor(() => expect(query).toHaveTextContent('instance="b:9090"'));

    // Back restores the previous pick.
    await router.navigate(-1);
    await waitFor(() => expect(query).toHaveTextContent('instance="a:9100"'));
    const bar = screen.getByRole('region', { name: 'Variables' });
    await waitFor(() => expect(within(bar).getByRole('combobox', { name: 'instance' })).toHaveValue('a:9100'));
    expect(urlValues()).toEqual({ job: [ALL_VALUE], instance: ['a:9100'] });
  });

  it('resolves a variable after one defined below it that it uses; the controls keep the dashboard order', async () => {
    startSession(connectedSession());
    const instanceMatches = servePrometheusLabels(() => ['a:9100']);
    renderRoutes([{ path: '/', element: <Dashboard variableModels={[models[1]!, models[0]!]} /> }], '/?var-job=node');
    const query = screen.getByRole('status', { name: 'query' });
    await waitFor(() => expect(query).toHaveTextContent('up{job=~"node", instance="a:9100"}'));
    expect(instanceMatches).toEqual(['up{job=~"node"}']);
    const bar = screen.getByRole('region', { name: 'Variables' });
    expect(
      within(bar)
        .getByRole('combobox', { name: 'instance' })
        .compareDocumentPosition(within(bar).getByRole('combobox', { name: 'job' })),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('says which variables use each other in a circle, and does not ask the data source', async () => {
    startSession(connectedSession());
    server.use(answer<typeof dataSourceListSchema>('get', '/api/datasources', [prometheus]));
    const circle: VariableModel[] = [
      { name: 'a', type: 'query', datasource: { uid: 'prom1' }, query: 'label_values(up{x="$b"}, a)', refresh: 1 },
      { name: 'b', type: 'query', datasource: { uid: 'prom1' }, query: 'label_values(up{x="$a"}, b)', refresh: 1 },
    ];
    renderRoutes([{ path: '/', element: <Dashboard variableModels={circle} /> }], '/');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const alert of screen.getAllByRole('alert')) expect(alert).toHaveTextContent('Circular dependency between variables: a → b → a');
  });

  it('shows the data source error under the control', async () => {
    startSession(connectedSession());
    server.use(
      answer<typeof dataSourceListSchema>('get', '/api/datasources', [prometheus]),
      failWith('get', '/api/datasources/proxy/uid/prom1/api/v1/label/job/values', 400, { message: 'Prometheus could not be reached' }),
    );
    renderRoutes([{ path: '/', element: <Dashboard /> }], '/');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const [jobError, instanceError] = screen.getAllByRole('alert');
    expect(jobError).toHaveTextContent('Prometheus could not be reached');
    expect(instanceError).toHaveTextContent('Uses variable job, whose options could not be loaded.');
    // Panels are not held back by a variable that cannot load.
    expect(screen.getByRole('status', { name: 'query' })).not.toHaveTextContent('waiting');
  });
});
