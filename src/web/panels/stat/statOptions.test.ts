import { describe, expect, it } from 'vitest';
import { statOptionsOf } from './StatPanel';

describe('statOptionsOf', () => {
  it('colours the value by default, and a mode Grafana has no name for (a number) not at all, as Grafana', () => {
    expect(statOptionsOf({}).colorMode).toBe('value');
    expect(statOptionsOf({ colorMode: 'background' }).colorMode).toBe('background');
    expect(statOptionsOf({ colorMode: 2 }).colorMode).toBe('none');
    expect(statOptionsOf({ colorMode: 0 }).colorMode).toBe('none');
  });

  it('draws the sparkline unless graphMode is "none", whatever else it holds', () => {
    expect(statOptionsOf({ graphMode: 1 }).graphMode).toBe('area');
    expect(statOptionsOf({ graphMode: 'none' }).graphMode).toBe('none');
  });
});
