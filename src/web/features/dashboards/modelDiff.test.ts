import { describe, expect, it } from 'vitest';
import { comparableModel } from './modelDiff';

describe('comparableModel', () => {
  it('drops the top-level id and version that every save rewrites', () => {
    expect(comparableModel({ id: 4, version: 7, uid: 'a', title: 'T' })).toEqual({ title: 'T', uid: 'a' });
  });

  it('keeps ids below the top level (panel ids are content)', () => {
    expect(comparableModel({ panels: [{ id: 2, title: 'p' }] })).toEqual({ panels: [{ id: 2, title: 'p' }] });
  });

  it('puts keys in one order at every depth, so a moved key is no change', () => {
    const a = JSON.stringify(comparableModel({ title: 'T', time: { to: 'now', from: 'now-6h' }, tags: ['b', 'a'] }));
    const b = JSON.stringify(comparableModel({ tags: ['b', 'a'], time: { from: 'now-6h', to: 'now' }, title: 'T' }));
    expect(a).toBe(b);
  });

  it('keeps the order of arrays, which is meaningful', () => {
    expect(comparableModel({ tags: ['b', 'a'] })).toEqual({ tags: ['b', 'a'] });
  });
});
