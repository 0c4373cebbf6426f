import { describe, expect, it } from 'vitest';
import { classicConditions, expressionsProblem, reduce, resample, threshold } from './expressions';
import { evaluateMath, MAX_MATH_NESTING, mathVariables } from './mathExpression';
import { expandTemplate } from './template';
import { labelsKey, valueOfFrames, type ExprValue } from './values';

const series = (labels: Record<string, string>, times: number[], values: Array<number | null>): ExprValue => ({
  kind: 'series',
  items: [{ labels, times, values }],
});
const numbers = (...items: Array<[Record<string, string>, number | null]>): ExprValue => ({
  kind: 'number',
  items: items.map(([labels, value]) => ({ labels, value })),
});

describe('math', () => {
  it('follows operator precedence and functions', () => {
    const vars = new Map<string, ExprValue>();
    const scalar = (text: string) => (evaluateMath(text, vars) as { value: number }).value;
    expect(scalar('1 + 2 * 3')).toBe(7);
    expect(scalar('(1 + 2) * 3')).toBe(9);
    expect(scalar('2 ** 3 ** 2')).toBe(512);
    expect(scalar('10 % 4')).toBe(2);
    expect(scalar('1 < 2 && 3 > 4 || 1')).toBe(1);
    expect(scalar('abs(-3) + ceil(1.2) + floor(1.8) + round(2.5)')).toBe(3 + 2 + 1 + 3);
    expect(scalar('-2 + 5')).toBe(3);
    expect(scalar('!0')).toBe(1);
    expect(scalar('is_nan(log(-1))')).toBe(1);
    expect(scalar('is_inf(1/0)')).toBe(1);
  });

  it('compares numbers with a constant per label set', () => {
    const vars = new Map([['A', numbers([{ host: 'a' }, 3], [{ host: 'b' }, 7])]]);
    expect(evaluateMath('$A > 5', vars)).toEqual(numbers([{ host: 'a' }, 0], [{ host: 'b' }, 1]));
    expect(mathVariables('${A} + $B_1 * 2')).toEqual(['A', 'B_1']);
  });

  it('joins two sets by labels: subsets match, the larger label set is kept', () => {
    const vars = new Map([
      ['A', numbers([{ host: 'a', job: 'x' }, 10], [{ host: 'b', job: 'x' }, 20])],
      ['B', numbers([{ host: 'a' }, 2], [{ host: 'b' }, 4])],
    ]);
    expect(evaluateMath('$A / $B', vars)).toEqual(numbers([{ host: 'a', job: 'x' }, 5], [{ host: 'b', job: 'x' }, 5]));
  });

  it('joins series point by point and series with numbers', () => {
    const vars = new Map([
      ['A', series({ h: 'a' }, [1, 2, 3], [1, 2, 3])],
      ['B', series({ h: 'a' }, [2, 3, 4], [10, 10, 10])],
      ['C', numbers([{ h: 'a' }, 100])],
    ]);
    expect(evaluateMath('$A + $B', vars)).toEqual(series({ h: 'a' }, [2, 3], [12, 13]));
    expect(evaluateMath('$C - $A', vars)).toEqual(series({ h: 'a' }, [1, 2, 3], [99, 98, 97]));
  });

  it('takes long flat expressions and bounds nesting, without overflowing the stack', () => {
    const vars = new Map<string, ExprValue>([['B', { kind: 'scalar', value: 2 }]]);
    const scalar = (text: string) => (evaluateMath(text, vars) as { value: number }).value;
    expect(scalar(Array(20_000).fill('$B').join('+'))).toBe(40_000);
    expect(scalar(Array(20_000).fill('$B').join(' - '))).toBe(2 - 19_999 * 2);
    expect(scalar(`1 ${'** 1 '.repeat(20_000)}`)).toBe(1);
    expect(scalar(`${'-'.repeat(50_001)}$B`)).toBe(-2);
    expect(scalar(`${'!'.repeat(3)}0`)).toBe(1);
    expect(scalar('1 - 2 - 3')).toBe(-4);
    expect(scalar('-2 ** 2')).toBe(4);
    expect(scalar('2 * 3 + 4 * 5 - 6 / 3 == 24 && 1')).toBe(1);
    const nested = (levels: number) => `${'abs('.repeat(levels / 2)}${'('.repeat(levels / 2)}$B${')'.repeat(levels)}`;
    expect(scalar(nested(MAX_MATH_NESTING))).toBe(2);
    expect(() => evaluateMath(nested(MAX_MATH_NESTING + 2), vars)).toThrow(
      `the math expression nests deeper than ${MAX_MATH_NESTING} levels`,
    );
    expect(() => evaluateMath(`${'('.repeat(50_000)}$B${')'.repeat(50_000)}`, vars)).toThrow(/nests deeper than/);
    expect(mathVariables(Array(20_000).fill('$B').join('*'))).toEqual(['B']);
  });

  it('refuses unknown words and variables, and passes no data on', () => {
    expect(() => evaluateMath('$A > foo', new Map([['A', numbers([{}, 1])]]))).toThrow(/unknown word "foo"/);
    expect(() => evaluateMath('$Z > 1', new Map())).toThrow(/\$Z/);
    expect(evaluateMath('$A > 1', new Map([['A', { kind: 'nodata' } as ExprValue]]))).toEqual({ kind: 'nodata' });
  });
});

describe('checking expressions before they run', () => {
  const query = (refId: string) => ({ refId, datasourceUid: 'ds', model: {} });
  const expression = (refId: string, model: Record<string, unknown>) => ({ refId, datasourceUid: '__expr__', model });

  it('takes inputs that run before: every data query, then the expressions above', () => {
    expect(expressionsProblem([expression('B', { type: 'reduce', reducer: 'max', expression: '$A' }), query('A')])).toBeUndefined();
    expect(
      expressionsProblem([
        query('A'),
        expression('B', { type: 'resample', expression: 'A', window: '1m' }),
        expression('C', { type: 'math', expression: '${B} * 2' }),
        expression('D', { type: 'classic_conditions', conditions: [{ query: { params: ['C'] }, evaluator: { type: 'gt', params: [1] } }] }),
      ]),
    ).toBeUndefined();
  });

  it('names the query and field at fault', () => {
    expect(expressionsProblem([query('A'), expression('B', { type: 'math', expression: '$B' })])).toEqual({
      index: 1,
      field: 'model.expression',
      message: 'expression B reads itself ($B)',
    });
    expect(expressionsProblem([query('A'), expression('B', { type: 'resample', expression: 'A', window: 'soon' })])).toMatchObject({
      field: 'model.window',
    });
    expect(
      expressionsProblem([
        query('A'),
        expression('B', { type: 'reduce', reducer: 'last', expression: 'A', settings: { mode: 'toString' } }),
      ]),
    ).toMatchObject({ field: 'model.settings.mode' });
    expect(expressionsProblem([query('A'), expression('B', { type: 'math', expression: '$A +' })])).toMatchObject({
      message: 'math expression B ends too early',
    });
    expect(expressionsProblem([expression('B', { type: 'bogus' })])).toMatchObject({ field: 'model.type' });
  });
});

describe('reduce', () => {
  const input = series({ h: 'a' }, [1, 2, 3, 4], [1, null, 5, NaN]);
  it('reduces strictly (NaN poisons), dropping or replacing non-numbers', () => {
    expect(reduce(input, 'mean', undefined, undefined)).toMatchObject({ items: [{ value: NaN }] });
    expect(reduce(input, 'mean', 'dropNN', undefined)).toEqual(numbers([{ h: 'a' }, 3]));
    expect(reduce(input, 'sum', 'replaceNN', 10)).toEqual(numbers([{ h: 'a' }, 26]));
    expect(reduce(input, 'count', undefined, undefined)).toEqual(numbers([{ h: 'a' }, 4]));
    for (const [reducer, expected] of [
      ['last', 5],
      ['min', 1],
      ['max', 5],
      ['sum', 6],
      ['count', 2],
    ] as const) {
      expect(reduce(input, reducer, 'dropNN', undefined)).toEqual(numbers([{ h: 'a' }, expected]));
    }
  });
});

describe('threshold', () => {
  const values = numbers([{ h: 'a' }, 3], [{ h: 'b' }, 7], [{ h: 'c' }, 12]);
  it('checks gt, lt and ranges', () => {
    const out = (type: string, params: number[]) =>
      (threshold(values, { type, params }) as { items: Array<{ value: number }> }).items.map((i) => i.value);
    expect(out('gt', [5])).toEqual([0, 1, 1]);
    expect(out('lt', [5])).toEqual([1, 0, 0]);
    expect(out('within_range', [5, 10])).toEqual([0, 1, 0]);
    expect(out('outside_range', [5, 10])).toEqual([1, 0, 1]);
  });
  it('keeps firing series firing until the recovery threshold is crossed', () => {
    const loaded = new Set([labelsKey({ h: 'a' }), labelsKey({ h: 'b' })]);
    const out = threshold(values, { type: 'gt', params: [10] }, { evaluator: { type: 'lt', params: [5] }, loaded });
    expect((out as { items: Array<{ value: number }> }).items.map((i) => i.value)).toEqual([0, 1, 1]);
  });
});

describe('resample', () => {
  it('downsamples by window and fills gaps', () => {
    const input = series({}, [1000, 2000, 9000], [1, 3, 10]);
    const mean = resample(input, '5s', 'mean', 'fillna', 0, 15_000) as { items: Array<{ times: number[]; values: unknown[] }> };
    expect(mean.items[0]!.times).toEqual([0, 5000, 10_000, 15_000]);
    expect(mean.items[0]!.values).toEqual([null, 2, 10, null]);
    const pad = resample(input, '5s', 'last', 'pad', 0, 15_000) as { items: Array<{ values: unknown[] }> };
    expect(pad.items[0]!.values).toEqual([null, 3, 10, 10]);
    const back = resample(input, '5s', 'max', 'backfilling', 0, 15_000) as { items: Array<{ values: unknown[] }> };
    expect(back.items[0]!.values).toEqual([1, 3, 10, null]);
  });
});

describe('classic conditions', () => {
  it('combines conditions with and/or over any series', () => {
    const vars = new Map([
      [
        'A',
        {
          kind: 'series',
          items: [
            { labels: { h: 'a' }, times: [1, 2], values: [1, 9] },
            { labels: { h: 'b' }, times: [1, 2], values: [1, 1] },
          ],
        } as ExprValue,
      ],
      ['B', series({}, [1], [0])],
    ]);
    const condition = (ref: string, type: string, params: number[], operator = 'and') => ({
      evaluator: { type, params },
      operator: { type: operator },
      query: { params: [ref] },
      reducer: { type: 'avg' },
    });
    expect(classicConditions([condition('A', 'gt', [4])], vars)).toEqual(numbers([{}, 1]));
    expect(classicConditions([condition('A', 'gt', [4]), condition('B', 'gt', [1])], vars)).toEqual(numbers([{}, 0]));
    expect(classicConditions([condition('A', 'gt', [40]), condition('B', 'lt', [1], 'or')], vars)).toEqual(numbers([{}, 1]));
  });
});

describe('frames', () => {
  it('reads a series frame, and an instant query as numbers', () => {
    const frames = [
      {
        fields: [
          { name: 'Time', type: 'time' as const, values: [], json: '[1000,2000]' },
          { name: 'Value', type: 'number' as const, values: [], json: '[1,2]', labels: { job: 'x' } },
        ],
      },
    ];
    expect(valueOfFrames(frames, false)).toEqual(series({ job: 'x' }, [1000, 2000], [1, 2]));
    expect(valueOfFrames(frames, true)).toEqual(numbers([{ job: 'x' }, 2]));
    expect(valueOfFrames([], true)).toEqual({ kind: 'nodata' });
  });
});

describe('templates', () => {
  const data = {
    labels: { instance: 'web-1', job: 'api' },
    values: { B: { value: 1234.5678, labels: { instance: 'web-1' } }, C: { value: 1, labels: {} } },
    valueString: "[ var='B' labels={instance=web-1} value=1234.5678 ]",
  };
  it('expands labels, values, $value, helpers and conditionals', () => {
    expect(expandTemplate('{{ $labels.instance }} is at {{ $values.B }}', data)).toBe('web-1 is at 1234.5678');
    expect(expandTemplate('{{ $values.B.Value | humanize }}', data)).toBe('1.235k');
    expect(expandTemplate('{{ printf "%.1f" $values.B.Value }}', data)).toBe('1234.6');
    expect(expandTemplate('{{ index $labels "job" }}', data)).toBe('api');
    expect(expandTemplate('{{ $value }}', data)).toBe(data.valueString);
    expect(expandTemplate('{{ if gt $values.B.Value 1000.0 }}high{{ else }}low{{ end }}', data)).toBe('high');
    expect(expandTemplate('a {{- " b " -}} c', data)).toBe('a b c');
    expect(expandTemplate('{{ humanizeDuration 3661 }}', data)).toBe('1h 1m 1s');
    expect(expandTemplate('{{ $labels.missing }}', data)).toBe('<no value>');
    expect(expandTemplate('{{ nope $labels }}', data)).toMatch(/^<error expanding template: /);
  });
});
