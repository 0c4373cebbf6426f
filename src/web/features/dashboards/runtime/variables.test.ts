import { describe, expect, it } from 'vitest';
import { ALL_VALUE, type InterpolationScope, type VariableModel, type VariableState } from './types';
import { interpolate, interpolateForDataSource, referencedVariables } from './interpolation';
import { builtinScope, resolveAutoInterval } from './intervals';
import { initialVariableState, parseCustomOptions, withOptions, withSelection } from './variables';

function variable(name: string, values: string[], extra: Partial<VariableState> = {}): VariableState {
  const options = extra.options ?? values.map((v) => ({ text: v, value: v }));
  return {
    name,
    type: 'custom',
    label: name,
    hide: 0,
    multi: values.length > 1,
    includeAll: false,
    options,
    value: values,
    text: values,
    loading: false,
    ...extra,
  };
}

const hostOptions = [
  { text: 'All', value: ALL_VALUE },
  { text: 'web-1', value: 'web.1' },
  { text: 'web-2', value: 'web|2' },
];

function scopeOf(...vars: VariableState[]): InterpolationScope {
  return {
    variables: Object.fromEntries(vars.map((v) => [v.name, v])),
    builtins: builtinScope({
      range: { from: 1_700_000_000_000, to: 1_700_003_600_000 },
      intervalMs: 60_000,
      dashboard: { uid: 'abc', title: 'Node exporter' },
    }),
  };
}

describe('interpolate', () => {
  const scope = scopeOf(
    variable('job', ['node']),
    variable('instance', ['a:9100', 'b:9100'], { multi: true }),
    variable('host', [ALL_VALUE], { includeAll: true, multi: true, options: hostOptions, text: ['All'] }),
    variable('hostAll', [ALL_VALUE], { includeAll: true, multi: true, allValue: '.*', options: hostOptions, text: ['All'] }),
  );

  it('replaces $var, ${var} and [[var]] and leaves unknown names as written', () => {
    expect(interpolate('up{job="$job"}', scope)).toBe('up{job="node"}');
    expect(interpolate('${job}_total [[job]] $nope ${nope:csv} [[nope]]', scope)).toBe('node_total node $nope ${nope:csv} [[nope]]');
    expect(interpolate('$__timeFilter(time)', scope)).toBe('$__timeFilter(time)');
  });

  it('writes multi values as a glob by default, as Grafana', () => {
    expect(interpolate('$instance', scope)).toBe('{a:9100,b:9100}');
  });

  it('applies explicit formats', () => {
    expect(interpolate('${instance:csv}', scope)).toBe('a:9100,b:9100');
    expect(interpolate('${instance:pipe}', scope)).toBe('a:9100|b:9100');
    expect(interpolate('${instance:json}', scope)).toBe('["a:9100","b:9100"]');
    expect(interpolate('${instance:queryparam}', scope)).toBe('var-instance=a%3A9100&var-instance=b%3A9100');
    expect(interpolate('${instance:singlequote}', scope)).toBe("'a:9100','b:9100'");
    expect(interpolate('${instance:doublequote}', scope)).toBe('"a:9100","b:9100"');
    expect(interpolate('${instance:distributed}', scope)).toBe('a:9100,instance=b:9100');
    expect(interpolate('${instance:lucene}', scope)).toBe('("a\\:9100" OR "b\\:9100")');
    expect(interpolate('${instance:percentencode}', scope)).toBe('%7Ba%3A9100%2Cb%3A9100%7D');
    expect(interpolate('[[instance:pipe]]', scope)).toBe('a:9100|b:9100');
    expect(interpolate('${instance:raw}', scope)).toBe('a:9100,b:9100');
  });

  it('regex-escapes, in parentheses only for more than one value', () => {
    expect(interpolate('${host:regex}', scope)).toBe('(web\\.1|web\\|2)');
    expect(interpolate('${job:regex}', scopeOf(variable('job', ['a.b/c'])))).toBe('a\\.b\\/c');
    expect(interpolate('${m:regex}', scopeOf(variable('m', ['x.y'], { multi: true })))).toBe('x\\.y');
  });

  it('quotes for SQL with doubled single quotes', () => {
    const s = scopeOf(variable('name', ["o'neil", 'smith'], { multi: true }));
    expect(interpolate('${name:sqlstring}', s)).toBe("'o''neil','smith'");
  });

  it('expands All to every option without allValue, to allValue unformatted with it', () => {
    expect(interpolate('${host:csv}', scope)).toBe('web.1,web|2');
    expect(interpolate('$host', scope)).toBe('{web.1,web|2}');
    expect(interpolate('${hostAll:regex}', scope)).toBe('.*');
    expect(interpolate('${hostAll:text} ${host:text}', scope)).toBe('All All');
    expect(interpolate('${host:queryparam}', scope)).toBe('var-host=$__all');
  });

  it('interpolates a custom All value that itself holds a variable', () => {
    const s = scopeOf(
      variable('job', ['node']),
      variable('x', [ALL_VALUE], { includeAll: true, allValue: '$job.*', options: hostOptions }),
    );
    expect(interpolate('$x', s)).toBe('node.*');
  });

  it('writes texts with the text format', () => {
    const s = scopeOf(variable('dc', ['eu', 'us'], { multi: true, text: ['Europe', 'America'] }));
    expect(interpolate('${dc:text}', s)).toBe('Europe + America');
  });

  it('takes a format function', () => {
    expect(interpolate('$instance', scope, { format: (values) => values.join(';') })).toBe('a:9100;b:9100');
  });

  it('replaces the built-ins', () => {
    expect(interpolate('rate(x[$__rate_interval]) $__interval $__interval_ms', scope)).toBe('rate(x[75s]) 1m 60000');
    expect(interpolate('$__range $__range_s $__range_ms', scope)).toBe('3600s 3600 3600000');
    expect(interpolate('$__from-${__to}', scope)).toBe('1700000000000-1700003600000');
    expect(interpolate('${__from:date:iso} ${__to:date:seconds}', scope)).toBe('2023-11-14T22:13:20.000Z 1700003600');
    expect(interpolate('$__dashboard ${__dashboard.uid}', scope)).toBe('Node exporter abc');
  });
});

describe('interpolateForDataSource', () => {
  const single = variable('job', ["no.de'"]);
  const multi = variable('inst', ['a.b', 'c(d)'], { multi: true });
  const all = variable('host', [ALL_VALUE], { includeAll: true, options: hostOptions });
  const allCustom = variable('h2', [ALL_VALUE], { includeAll: true, allValue: '.*', options: hostOptions });
  const oneOfMulti = variable('one', ['x.y'], { multi: true });
  const scope = scopeOf(single, multi, all, allCustom, oneOfMulti);

  it('Prometheus: regex-escapes multi and All values as (a|b), plainly escapes single values', () => {
    expect(interpolateForDataSource('up{i=~"$inst"}', scope, 'prometheus')).toBe('up{i=~"(a\\\\.b|c\\\\(d\\\\))"}');
    expect(interpolateForDataSource('$host', scope, 'prometheus')).toBe('(web\\\\.1|web\\\\|2)');
    expect(interpolateForDataSource('$one', scope, 'prometheus')).toBe('x\\\\.y');
    expect(interpolateForDataSource('$job', scope, 'prometheus')).toBe("no.de\\\\'");
    expect(interpolateForDataSource('$h2', scope, 'prometheus')).toBe('.*');
    expect(interpolateForDataSource('${inst:csv}', scope, 'prometheus')).toBe('a.b,c(d)');
  });

  it('Loki: joins regex-escaped values with | only', () => {
    expect(interpolateForDataSource('$inst', scope, 'loki')).toBe('a\\\\.b|c\\\\(d\\\\)');
  });

  it('SQL: quotes multi and All values, leaves a single value unquoted with doubled quotes', () => {
    for (const type of ['grafana-postgresql-datasource', 'postgres', 'mysql']) {
      expect(interpolateForDataSource('IN ($inst)', scope, type)).toBe("IN ('a.b','c(d)')");
      expect(interpolateForDataSource('IN ($host)', scope, type)).toBe("IN ('web.1','web|2')");
      expect(interpolateForDataSource("= '$job'", scope, type)).toBe("= 'no.de'''");
    }
  });

  it('other data sources: glob', () => {
    expect(interpolateForDataSource('$inst', scope, 'grafana-testdata-datasource')).toBe('{a.b,c(d)}');
  });
});

describe('built-in variables', () => {
  it('builds the built-ins, with __rate_interval at least four scrapes', () => {
    const b = builtinScope({ range: { from: 0, to: 3_600_000 }, intervalMs: 2000, dashboard: { title: 'D' } });
    expect(b.__rate_interval).toBe('60s');
    expect(b.__interval).toBe('2s');
    const wide = builtinScope({ range: { from: 0, to: 3_600_000 }, intervalMs: 300_000, dashboard: {}, scrapeIntervalMs: 30_000 });
    expect(wide.__rate_interval).toBe('330s');
  });
});

describe('variable state', () => {
  it('parses custom options with escaped commas and named values', () => {
    expect(parseCustomOptions('a, b\\,c ,Prod : prod-1')).toEqual([
      { text: 'a', value: 'a' },
      { text: 'b,c', value: 'b,c' },
      { text: 'Prod', value: 'prod-1' },
    ]);
  });

  it('takes URL values over current and adds All first', () => {
    const model: VariableModel = {
      name: 'env',
      type: 'custom',
      query: 'dev,prod,test',
      multi: true,
      includeAll: true,
      current: { text: ['dev'], value: ['dev'] },
    };
    const fromSaved = initialVariableState(model);
    expect(fromSaved.options.map((o) => o.value)).toEqual([ALL_VALUE, 'dev', 'prod', 'test']);
    expect(fromSaved.value).toEqual(['dev']);
    expect(initialVariableState(model, ['prod', 'test']).value).toEqual(['prod', 'test']);
    expect(initialVariableState(model, [ALL_VALUE]).text).toEqual(['All']);
    expect(initialVariableState(model, ['All']).value).toEqual([ALL_VALUE]);
  });

  it('selects the first option when the current value is gone', () => {
    const model: VariableModel = { name: 'env', type: 'custom', query: 'dev,prod', current: { text: 'gone', value: 'gone' } };
    expect(initialVariableState(model).value).toEqual(['dev']);
    const withAll = initialVariableState({ ...model, includeAll: true });
    expect(withAll.value).toEqual([ALL_VALUE]);
  });

  it('matches the current value by text when the value is not found', () => {
    const model: VariableModel = { name: 'env', type: 'custom', query: 'Prod : p1', current: { text: 'Prod', value: 'Prod' } };
    expect(initialVariableState(model).value).toEqual(['p1']);
  });

  it('keeps a textbox value from the URL, else current, else the query', () => {
    const model: VariableModel = { name: 'q', type: 'textbox', query: 'default' };
    expect(initialVariableState(model).value).toEqual(['default']);
    expect(initialVariableState({ ...model, current: { value: 'saved' } }).value).toEqual(['saved']);
    expect(initialVariableState(model, ['typed']).value).toEqual(['typed']);
  });

  it('hides a constant and gives its value', () => {
    const state = initialVariableState({ name: 'c', type: 'constant', query: 'x', hide: 0 });
    expect(state.hide).toBe(2);
    expect(state.value).toEqual(['x']);
  });

  it('offers interval options with auto, and resolves auto from the range', () => {
    const model: VariableModel = { name: 'iv', type: 'interval', query: '1m,10m,1h', auto: true, auto_count: 30, auto_min: '10s' };
    const state = initialVariableState(model, ['$__auto']);
    expect(state.options.map((o) => o.text)).toEqual(['auto', '1m', '10m', '1h']);
    expect(state.value).toEqual(['$__auto_interval_iv']);
    const resolved = resolveAutoInterval(state, model, { from: 0, to: 6 * 3_600_000 });
    expect(resolved.value).toEqual(['10m']);
  });

  it('starts query variables loading and checks the selection once options arrive', () => {
    const model: VariableModel = { name: 'job', type: 'query', query: 'label_values(job)', refresh: 1, current: { value: 'b', text: 'b' } };
    const state = initialVariableState(model);
    expect(state.loading).toBe(true);
    expect(state.value).toEqual(['b']);
    expect(withOptions(state, [{ text: 'a', value: 'a' }]).value).toEqual(['a']);
    expect(
      withOptions(state, [
        { text: 'a', value: 'a' },
        { text: 'b', value: 'b' },
      ]).value,
    ).toEqual(['b']);
  });

  it('keeps saved options of a query variable that never refreshes', () => {
    const model: VariableModel = { name: 'job', type: 'query', refresh: 0, options: [{ text: 'x', value: 'x' }], current: { value: 'x' } };
    const state = initialVariableState(model);
    expect(state.loading).toBe(false);
    expect(state.options).toEqual([{ text: 'x', value: 'x' }]);
  });

  it('picking All with other values keeps whichever was picked last', () => {
    const state = initialVariableState({ name: 'e', type: 'custom', query: 'a,b', multi: true, includeAll: true }, ['a']);
    expect(withSelection(state, ['a', ALL_VALUE]).value).toEqual([ALL_VALUE]);
    expect(withSelection(state, [ALL_VALUE, 'b']).value).toEqual(['b']);
  });

  it('finds the variables a query refers to', () => {
    expect(referencedVariables('up{job="$job", i=~"${inst:regex}"} [[x]] $__interval')).toEqual(['job', 'inst', 'x', '__interval']);
  });
});
