import type { Annotation } from '../../../contract/annotations';

export type LaneMode = 'dashboard' | 'tag';

export interface Lane {
  key: string;
  label: string;
  items: Annotation[];
}

export const AXIS_HEIGHT = 32;
export const LANE_HEIGHT = 30;
export const LABEL_WIDTH = 140;
/** Marks closer than this (px) in one lane are drawn as one cluster with a count. */
export const CLUSTER_PX = 8;

/** Lanes by dashboard (organization annotations first) or by tag (an annotation in each of its tags). */
export function buildLanes(annotations: Annotation[], mode: LaneMode, dashboardTitle: (uid: string) => string): Lane[] {
  const lanes = new Map<string, Lane>();
  const add = (key: string, label: string, a: Annotation) => {
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = { key, label, items: [] }));
    lane.items.push(a);
  };
  for (const a of annotations) {
    if (mode === 'dashboard') {
      if (a.dashboardUID) add(`d:${a.dashboardUID}`, dashboardTitle(a.dashboardUID), a);
      else add('org', 'Organization', a);
    } else if (a.tags.length === 0) {
      add('untagged', 'No tag', a);
    } else {
      for (const tag of a.tags) add(`t:${tag}`, tag, a);
    }
  }
  const ordered = [...lanes.values()].sort((x, y) => {
    const fixed = (k: string) => (k === 'org' || k === 'untagged' ? 1 : 0);
    return fixed(x.key) - fixed(y.key) || x.label.localeCompare(y.label);
  });
  for (const lane of ordered) lane.items.sort((a, b) => a.time - b.time);
  return ordered;
}

/** Time ↔ pixel for the plot area (right of the lane labels). */
export interface Scale {
  from: number;
  to: number;
  left: number;
  width: number;
}

export const xOf = (s: Scale, time: number) => s.left + ((time - s.from) / (s.to - s.from)) * s.width;
export const timeAt = (s: Scale, x: number) => s.from + ((x - s.left) / s.width) * (s.to - s.from);

export type Mark =
  | { kind: 'point'; annotation: Annotation; x: number }
  | { kind: 'region'; annotation: Annotation; x1: number; x2: number }
  | { kind: 'cluster'; items: Annotation[]; x: number; from: number; to: number };

/**
 * What one lane draws at this scale: regions as bars, points as marks, and points closer than
 * CLUSTER_PX merged into a cluster. Items outside the visible range are skipped.
 */
export function marksOf(lane: Lane, scale: Scale): Mark[] {
  const marks: Mark[] = [];
  let pending: Annotation[] = [];
  let pendingX = -Infinity;
  const flush = () => {
    if (pending.length === 1) marks.push({ kind: 'point', annotation: pending[0]!, x: xOf(scale, pending[0]!.time) });
    else if (pending.length > 1) {
      const xs = pending.map((a) => xOf(scale, a.time));
      marks.push({
        kind: 'cluster',
        items: pending,
        x: (Math.min(...xs) + Math.max(...xs)) / 2,
        from: pending[0]!.time,
        to: pending.at(-1)!.time,
      });
    }
    pending = [];
  };
  for (const a of lane.items) {
    if (a.timeEnd < scale.from || a.time > scale.to) continue;
    if (a.timeEnd > a.time) {
      marks.push({ kind: 'region', annotation: a, x1: xOf(scale, a.time), x2: xOf(scale, a.timeEnd) });
      continue;
    }
    const x = xOf(scale, a.time);
    if (pending.length > 0 && x - pendingX > CLUSTER_PX) flush();
    if (pending.length === 0) pendingX = x;
    pending.push(a);
  }
  flush();
  return marks;
}

/** The mark under (x, lane), points and clusters before regions; undefined when none is close. */
export function hitTest(marks: Mark[], x: number): Mark | undefined {
  let best: Mark | undefined;
  let bestDistance = 7;
  for (const mark of marks) {
    if (mark.kind === 'region') continue;
    const distance = Math.abs(mark.x - x);
    if (distance <= bestDistance) {
      best = mark;
      bestDistance = distance;
    }
  }
  if (best) return best;
  return marks.find((m) => m.kind === 'region' && x >= Math.min(m.x1, m.x2 - 2) && x <= Math.max(m.x2, m.x1 + 2));
}

/** Nice tick marks for the axis: about one per 110 px. */
export function ticks(scale: Scale): number[] {
  const span = scale.to - scale.from;
  const steps = [
    1000, 5000, 15_000, 60_000, 300_000, 900_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000, 604_800_000,
    2_592_000_000,
  ];
  const target = span / Math.max(1, scale.width / 110);
  const step = steps.find((s) => s >= target) ?? steps.at(-1)!;
  const offset = new Date().getTimezoneOffset() * 60_000;
  const first = Math.ceil((scale.from - offset) / step) * step + offset;
  const result: number[] = [];
  for (let t = first; t <= scale.to; t += step) result.push(t);
  return result;
}

export function tickLabel(time: number, span: number): string {
  const d = new Date(time);
  if (span <= 2 * 86_400_000)
    return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', ...(span < 600_000 ? { second: '2-digit' } : {}) });
  return (
    d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' }) +
    (span < 10 * 86_400_000 ? ` ${d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}` : '')
  );
}
