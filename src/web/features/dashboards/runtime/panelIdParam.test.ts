import { describe, expect, it } from 'vitest';
import { panelIdParam } from './panelIdParam';

describe('panelIdParam', () => {
  it('reads both Grafana forms of a panel id', () => {
    expect(panelIdParam('2')).toBe(2);
    expect(panelIdParam('panel-2')).toBe(2);
    expect(panelIdParam('panel-12001')).toBe(12001);
  });

  it('is no id for anything else', () => {
    for (const raw of [null, '', 'panel-', 'panel-x', 'Panel-2', '2a', '-2', 'row-2', ' 2']) expect(panelIdParam(raw)).toBeUndefined();
  });
});
