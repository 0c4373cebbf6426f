import { describe, expect, it } from 'vitest';
import { ShownModels } from './dashboardView';

const model = (id: number, bytes: number) => ({ id, version: 1, updated: 0, data: Buffer.alloc(bytes) });

describe('the models kept for dashboard reads', () => {
  it('keeps at most its bytes, dropping the least recently shown first', () => {
    const kept = new ShownModels(1_000);
    kept.set('1/a', model(1, 100));
    kept.set('1/b', model(2, 100));
    expect(kept.get('1/a')?.id).toBe(1); // now the most recently shown
    for (let i = 0; i < 9; i++) kept.set(`1/more-${i}`, model(10 + i, 100));
    expect(kept.get('1/b')).toBeUndefined();
    expect(kept.get('1/a')?.id).toBe(1);
    expect(kept.get('1/more-8')?.id).toBe(18);
  });

  it('replaces a dashboard’s older model, and keeps none larger than an eighth of its bytes', () => {
    const kept = new ShownModels(800);
    kept.set('1/a', model(1, 100));
    kept.set('1/a', { ...model(1, 50), version: 2 });
    expect(kept.get('1/a')?.version).toBe(2);
    kept.set('1/big', model(2, 101));
    expect(kept.get('1/big')).toBeUndefined();
  });
});
