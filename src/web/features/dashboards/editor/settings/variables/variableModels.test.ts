import { describe, expect, it } from 'vitest';
import { copyName, freeName, nameProblem, queryFields, usesOfVariable } from './variableModels';

describe('variable names', () => {
  it('follows Grafana: required, a word, not __-prefixed, unique', () => {
    expect(nameProblem('', [])).toMatch(/needs a name/);
    expect(nameProblem('__job', [])).toMatch(/cannot begin with '__'/);
    expect(nameProblem('my job', [])).toMatch(/Only letters, digits and _/);
    expect(nameProblem('job', ['job'])).toMatch(/already has this name/);
    expect(nameProblem('job_2', ['job'])).toBeUndefined();
  });

  it('names new variables and copies as Grafana does', () => {
    expect(freeName('query', ['query0', 'query1'])).toBe('query2');
    expect(copyName('job', ['job'])).toBe('copy_of_job');
    expect(copyName('job', ['job', 'copy_of_job'])).toBe('copy_of_job_1');
  });
});

describe('usesOfVariable', () => {
  it('finds $name, ${name} and [[name]] in panels, other variables, annotations and links, and repeats by it', () => {
    const model = {
      panels: [
        { id: 1, title: 'CPU of $job', targets: [] },
        { id: 2, type: 'row', panels: [{ id: 3, title: 'Folded', targets: [{ expr: 'up{job="${job:regex}"}' }] }] },
        { id: 4, title: 'Repeated', repeat: 'job' },
        { id: 5, title: 'Unrelated $jobs' },
      ],
      templating: {
        list: [
          { name: 'job', type: 'query', query: 'label_values(job)' },
          { name: 'instance', type: 'query', query: 'label_values(up{job="[[job]]"}, instance)' },
        ],
      },
      annotations: { list: [{ name: 'Deploys', target: { expr: 'deploys{job="$job"}' } }] },
      links: [{ title: 'Logs', url: '/d/logs?var-job=${job}' }],
    };
    expect(usesOfVariable(model, 'job')).toEqual([
      { kind: 'panel', name: 'CPU of $job' },
      { kind: 'panel', name: 'Folded' },
      { kind: 'panel', name: 'Repeated' },
      { kind: 'variable', name: 'instance' },
      { kind: 'annotation', name: 'Deploys' },
      { kind: 'link', name: 'Logs' },
    ]);
  });
});

describe('queryFields', () => {
  it('stores a Prometheus query as its editor does, others as text', () => {
    expect(queryFields('prometheus', 'label_values(up, job)')).toEqual({
      query: { qryType: 1, query: 'label_values(up, job)', refId: 'PrometheusVariableQueryEditor-VariableQuery' },
      definition: 'label_values(up, job)',
    });
    expect(queryFields('grafana-postgresql-datasource', 'SELECT 1')).toEqual({ query: 'SELECT 1', definition: 'SELECT 1' });
  });
});
