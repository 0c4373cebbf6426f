import { describe, expect, it } from 'vitest';
import { isWideLayout } from './statLayout';

describe('stat layout', () => {
  it('puts name and value side by side only in a box over 2.5 times as wide as high', () => {
    expect(isWideLayout(400, 100, true)).toBe(true);
    expect(isWideLayout(200, 100, true)).toBe(false);
    expect(isWideLayout(400, 100, false)).toBe(false);
  });
});
