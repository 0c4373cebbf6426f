import { describe, expect, it } from 'vitest';
import type { VariableModel } from './types';
import { resolutionOrder } from './variableOrder';

const variable = (name: string, query = '', extra: Partial<VariableModel> = {}): VariableModel => ({
  name,
  type: 'query',
  query,
  ...extra,
});
const names = (models: VariableModel[]) => models.map((model) => model.name);

describe('resolutionOrder', () => {
  it('keeps dashboard order where no variable uses another', () => {
    const { order, cycles } = resolutionOrder([variable('a'), variable('b'), variable('c')]);
    expect(names(order)).toEqual(['a', 'b', 'c']);
    expect(cycles.size).toBe(0);
  });

  it('puts a variable after those it uses, even when they are defined below it', () => {
    const { order } = resolutionOrder([
      variable('instance', 'label_values(up{job="$job", env="${env}"}, instance)'),
      variable('job', 'label_values(up{env=~"[[env]]"}, job)'),
      variable('env', 'label_values(up, env)'),
    ]);
    expect(names(order)).toEqual(['env', 'job', 'instance']);
  });

  it('follows the regex and the data source too, and ignores names that are not variables', () => {
    const { order } = resolutionOrder([
      variable('host', 'hosts', { regex: '/$prefix.*/', datasource: { uid: '${ds}' } }),
      variable('prefix', 'prefixes', { datasource: '$__interval' }),
      variable('ds', '', { type: 'datasource', query: 'prometheus' }),
    ]);
    expect(names(order)).toEqual(['prefix', 'ds', 'host']);
  });

  it('names the chain of a cycle for every variable in it, and still orders the others', () => {
    const { order, cycles } = resolutionOrder([variable('a', '$b'), variable('b', '$c'), variable('c', '$a'), variable('d', '$a')]);
    expect(names(order).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(cycles.get('a')).toEqual(['a', 'b', 'c', 'a']);
    expect(cycles.get('c')).toEqual(['a', 'b', 'c', 'a']);
    expect(cycles.has('d')).toBe(false);
    expect(names(order).indexOf('d')).toBeGreaterThan(names(order).indexOf('a'));
  });

  it('does not count a variable naming itself as a use', () => {
    const { order, cycles } = resolutionOrder([variable('self', 'up{x="$self"}')]);
    expect(names(order)).toEqual(['self']);
    expect(cycles.size).toBe(0);
  });
});
