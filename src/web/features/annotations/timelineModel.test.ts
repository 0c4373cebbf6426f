import { describe, expect, it } from 'vitest';
import type { Annotation } from '../../../contract/annotations';
import { buildLanes, hitTest, marksOf, timeAt, xOf, type Scale } from './timelineModel';

let id = 0;
function annotation(time: number, extra: Partial<Annotation> = {}): Annotation {
  return {
    id: ++id,
    dashboardId: 0,
    dashboardUID: null,
    panelId: 0,
    userId: 1,
    login: 'sa-admin',
    email: '',
    avatarUrl: '',
    time,
    timeEnd: time,
    text: `a${id}`,
    tags: [],
    created: 0,
    updated: 0,
    ...extra,
  };
}
const scale: Scale = { from: 0, to: 1000, left: 100, width: 1000 };

describe('timeline model', () => {
  it('maps time to pixels and back', () => {
    expect(xOf(scale, 0)).toBe(100);
    expect(xOf(scale, 500)).toBe(600);
    expect(timeAt(scale, 600)).toBe(500);
  });

  it('lays annotations into lanes by dashboard or by tag', () => {
    const items = [
      annotation(1, { dashboardUID: 'web', tags: ['deploy', 'web'] }),
      annotation(2),
      annotation(3, { dashboardUID: 'db', tags: ['deploy'] }),
    ];
    const titles: Record<string, string> = { web: 'Web', db: 'Database' };
    expect(buildLanes(items, 'dashboard', (uid) => titles[uid]!).map((l) => [l.label, l.items.length])).toEqual([
      ['Database', 1],
      ['Web', 1],
      ['Organization', 1],
    ]);
    expect(buildLanes(items, 'tag', () => '').map((l) => [l.label, l.items.length])).toEqual([
      ['deploy', 2],
      ['web', 1],
      ['No tag', 1],
    ]);
  });

  it('clusters close points into a count, keeps regions as bars, and skips what is out of range', () => {
    const lane = {
      key: 'org',
      label: 'Organization',
      items: [annotation(100), annotation(103), annotation(105), annotation(400), annotation(600, { timeEnd: 700 }), annotation(5000)],
    };
    const marks = marksOf(lane, scale);
    expect(marks.map((m) => m.kind).sort()).toEqual(['cluster', 'point', 'region']);
    const cluster = marks.find((m) => m.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', from: 100, to: 105 });
    expect((cluster as { items: unknown[] }).items).toHaveLength(3);
    // Zoomed in, the cluster comes apart.
    const zoomed = marksOf(lane, { from: 95, to: 110, left: 100, width: 1000 });
    expect(zoomed.map((m) => m.kind)).toEqual(['point', 'point', 'point']);
  });

  it('finds the mark under the pointer', () => {
    const lane = { key: 'org', label: 'Organization', items: [annotation(400), annotation(600, { timeEnd: 700 })] };
    const marks = marksOf(lane, scale);
    expect(hitTest(marks, 503)).toMatchObject({ kind: 'point' });
    expect(hitTest(marks, 750)).toMatchObject({ kind: 'region' });
    expect(hitTest(marks, 950)).toBeUndefined();
  });
});
