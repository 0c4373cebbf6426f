import { describe, expect, it } from 'vitest';
import type { Panel } from '../../../panels/layout';
import { expandRepeats, scopeWithPanelVars } from './repeat';
import { ALL_VALUE, type InterpolationScope, type VariableState } from './types';
import { interpolate, interpolateForDataSource } from './interpolation';

function hostVariable(value: string[]): VariableState {
  const options = ['a', 'b', 'c', 'd', 'e'].map((v) => ({ text: v.toUpperCase(), value: v }));
  return {
    name: 'host',
    type: 'custom',
    label: 'host',
    hide: 0,
    multi: true,
    includeAll: true,
    options: [{ text: 'All', value: ALL_VALUE }, ...options],
    value,
    text: value.map((v) => (v === ALL_VALUE ? 'All' : v.toUpperCase())),
    loading: false,
  };
}
const scopeFor = (value: string[]): InterpolationScope => ({ variables: { host: hostVariable(value) }, builtins: {} });
const layout = (panels: Panel[]) => panels.map((p) => [p.id, p.gridPos?.x, p.gridPos?.y, p.gridPos?.w]);

describe('expandRepeats', () => {
  it('repeats a panel horizontally, as wide as the count allows, at most maxPerRow (default 4) to a row', () => {
    const panels: Panel[] = [
      { id: 2, type: 'timeseries', title: 'CPU $host', repeat: 'host', repeatDirection: 'h', gridPos: { x: 0, y: 0, w: 24, h: 8 } },
      { id: 3, type: 'stat', gridPos: { x: 0, y: 8, w: 12, h: 4 } },
    ];
    expect(layout(expandRepeats(panels, scopeFor(['a', 'b'])))).toEqual([
      [2, 0, 0, 12],
      [2001, 12, 0, 12],
      [3, 0, 8, 12],
    ]);
    // Five values, four to a row: the fifth wraps and the panel below moves down one row.
    expect(layout(expandRepeats(panels, scopeFor([ALL_VALUE])))).toEqual([
      [2, 0, 0, 6],
      [2001, 6, 0, 6],
      [2002, 12, 0, 6],
      [2003, 18, 0, 6],
      [2004, 0, 8, 6],
      [3, 0, 16, 12],
    ]);
    const three = expandRepeats([{ ...panels[0]!, maxPerRow: 2 }], scopeFor(['a', 'b', 'c']));
    expect(layout(three)).toEqual([
      [2, 0, 0, 12],
      [2001, 12, 0, 12],
      [2002, 0, 8, 12],
    ]);
  });

  it('gives each copy its value in scopedVars, and keeps repeat on the original only', () => {
    const [first, second] = expandRepeats(
      [{ id: 2, type: 'stat', repeat: 'host', gridPos: { x: 0, y: 0, w: 6, h: 4 } }],
      scopeFor(['a', 'c']),
    );
    expect(first).toMatchObject({ id: 2, repeat: 'host', scopedVars: { host: { text: 'A', value: 'a' } } });
    expect(second).toMatchObject({ id: 2001, repeatPanelId: 2, scopedVars: { host: { text: 'C', value: 'c' } } });
    expect(second!.repeat).toBeUndefined();
  });

  it('stacks vertical repeats', () => {
    const expanded = expandRepeats(
      [
        { id: 1, type: 'stat', repeat: 'host', repeatDirection: 'v', gridPos: { x: 0, y: 0, w: 8, h: 4 } },
        { id: 9, type: 'text', gridPos: { x: 0, y: 4, w: 24, h: 2 } },
      ],
      scopeFor(['a', 'b', 'c']),
    );
    expect(layout(expanded)).toEqual([
      [1, 0, 0, 8],
      [1001, 0, 4, 8],
      [1002, 0, 8, 8],
      [9, 0, 12, 24],
    ]);
  });

  it('repeats a row with the panels under it, one section per value', () => {
    const panels: Panel[] = [
      { id: 10, type: 'row', title: 'Host $host', repeat: 'host', gridPos: { x: 0, y: 0, w: 24, h: 1 } },
      { id: 11, type: 'timeseries', title: 'Load $host', gridPos: { x: 0, y: 1, w: 12, h: 6 } },
      { id: 20, type: 'row', title: 'Other', gridPos: { x: 0, y: 7, w: 24, h: 1 } },
      { id: 21, type: 'stat', gridPos: { x: 0, y: 8, w: 6, h: 3 } },
    ];
    const expanded = expandRepeats(panels, scopeFor(['a', 'b']));
    expect(expanded.map((p) => [p.id, p.type, p.gridPos?.y, p.scopedVars?.host?.value])).toEqual([
      [10, 'row', 0, 'a'],
      [11, 'timeseries', 1, 'a'],
      [10001, 'row', 7, 'b'],
      [11001, 'timeseries', 8, 'b'],
      [20, 'row', 14, undefined],
      [21, 'stat', 15, undefined],
    ]);
    const copy = expanded[3]!;
    expect(interpolate(copy.title ?? '', scopeWithPanelVars(scopeFor(['a', 'b']), copy))).toBe('Load b');
  });

  it('repeats a collapsed row with the panels inside it', () => {
    const panels: Panel[] = [
      {
        id: 5,
        type: 'row',
        collapsed: true,
        repeat: 'host',
        gridPos: { x: 0, y: 0, w: 24, h: 1 },
        panels: [{ id: 6, type: 'stat', gridPos: { x: 0, y: 1, w: 6, h: 3 } }],
      },
    ];
    const expanded = expandRepeats(panels, scopeFor(['a', 'b']));
    expect(expanded.map((p) => [p.id, p.gridPos?.y, (p.panels as Panel[] | undefined)?.map((c) => c.id)])).toEqual([
      [5, 0, [6]],
      [5001, 1, [6001]],
    ]);
  });

  it('leaves panels alone when the variable is unknown', () => {
    const panel: Panel = { id: 1, type: 'stat', repeat: 'nope', gridPos: { x: 0, y: 0, w: 6, h: 4 } };
    expect(expandRepeats([panel], scopeFor(['a']))).toEqual([panel]);
  });
});

describe('scopeWithPanelVars', () => {
  it('puts the copy’s value over the variable, escaped as the variable would be', () => {
    const scope = scopeFor(['a', 'b']);
    const panel: Panel = { scopedVars: { host: { text: 'X', value: 'x.1' } } };
    const local = scopeWithPanelVars(scope, panel);
    expect(interpolate('$host ${host:text}', local)).toBe('x.1 X');
    expect(interpolateForDataSource('up{host=~"$host"}', local, 'prometheus')).toBe('up{host=~"x\\\\.1"}');
    expect(scopeWithPanelVars(scope, {})).toBe(scope);
  });
});
