import { describe, expect, it } from 'vitest';
import { paletteColor, paletteIndexByName } from '../colors';
import { decodeFrames } from '../frames';
import { seriesFrame, tableFrame } from '../testing';
import { greenThenRed } from '../thresholdsForTests';
import { timelineLanes, timelineOptionsOf, timelineStates, timeTicks } from './timelineData';

const t0 = 1_700_000_000_000;
const times = [t0, t0 + 60_000, t0 + 120_000, t0 + 180_000, t0 + 240_000];
const upMappings = {
  defaults: {
    mappings: [{ type: 'value', options: { '0': { text: 'down', color: 'red' }, '1': { text: 'up', color: 'green' } } }],
  },
  overrides: [],
};

describe('state timeline data', () => {
  it('maps values to states, merges equal neighbours and leaves gaps for nulls', () => {
    const frames = decodeFrames([seriesFrame({ times, values: [1, 1, 0, null, 1], labels: { instance: 'a:9100' } })]);
    const lanes = timelineLanes({ type: 'state-timeline', fieldConfig: upMappings }, frames, { rangeEnd: t0 + 300_000 });
    expect(lanes).toHaveLength(1);
    expect(lanes[0]!.name).toBe('a:9100');
    expect(lanes[0]!.spans).toEqual([
      { start: t0, end: t0 + 120_000, text: 'up', color: '#73BF69' },
      { start: t0 + 120_000, end: t0 + 180_000, text: 'down', color: '#F2495C' },
      { start: t0 + 240_000, end: t0 + 300_000, text: 'up', color: '#73BF69' },
    ]);
    const unmerged = timelineLanes({ type: 'state-timeline', fieldConfig: upMappings, options: { mergeValues: false } }, frames, {
      rangeEnd: t0 + 300_000,
    });
    expect(unmerged[0]!.spans).toHaveLength(4);
    expect(timelineStates(lanes)).toEqual([
      { text: 'up', color: '#73BF69' },
      { text: 'down', color: '#F2495C' },
    ]);
  });

  it('colours numbers by thresholds and text states by name', () => {
    const frames = decodeFrames([
      tableFrame([
        { name: 'time', type: 'time', values: [t0, t0 + 60_000] },
        { name: 'load', values: [10, 95] },
        { name: 'health', values: ['ok', 'degraded'] },
      ]),
    ]);
    const lanes = timelineLanes(
      {
        type: 'state-timeline',
        fieldConfig: {
          defaults: {
            thresholds: greenThenRed(90),
          },
          overrides: [],
        },
      },
      frames,
      { rangeEnd: t0 + 120_000 },
    );
    expect(lanes.map((l) => l.name)).toEqual(['load', 'health']);
    expect(lanes[0]!.spans.map((s) => s.color)).toEqual(['#73BF69', '#F2495C']);
    expect(lanes[1]!.spans.map((s) => [s.text, s.color])).toEqual([
      ['ok', paletteColor(paletteIndexByName('ok'))],
      ['degraded', paletteColor(paletteIndexByName('degraded'))],
    ]);
  });

  it('reads options and places round time ticks', () => {
    expect(timelineOptionsOf({})).toEqual({ mergeValues: true, showValue: 'auto', rowHeight: 0.9 });
    expect(timelineOptionsOf({ mergeValues: false, showValue: 'never', rowHeight: 3 })).toEqual({
      mergeValues: false,
      showValue: 'never',
      rowHeight: 1,
    });
    expect(timeTicks(0, 3_600_000, 4)).toEqual([0, 900_000, 1_800_000, 2_700_000, 3_600_000]);
  });
});
