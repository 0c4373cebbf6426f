import { describe, expect, it } from 'vitest';
import { jsonEqual } from './jsonEqual';

describe('jsonEqual', () => {
  it('says what comparing the two JSON documents says, key order aside', () => {
    const panel = { id: 1, type: 'timeseries', targets: [{ refId: 'A', expr: 'up' }] };
    const model = { title: 'A', panels: [panel, { id: 2 }], time: { from: 'now-6h', to: 'now' } };
    expect(jsonEqual(model, model)).toBe(true);
    expect(jsonEqual(model, structuredClone(model))).toBe(true);
    expect(jsonEqual(model, { ...model, panels: [{ ...panel, title: 'x' }, { id: 2 }] })).toBe(false);
    expect(jsonEqual(model, { ...model, panels: [panel] })).toBe(false);
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    // JSON leaves out a property that holds undefined.
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(jsonEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(jsonEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(jsonEqual(0, '0')).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });
});
