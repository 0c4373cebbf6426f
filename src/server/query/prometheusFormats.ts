/**
 * Prometheus series regrouped as Grafana's other result formats: `table` (one frame, a row per
 * sample) and `heatmap` (each histogram's buckets as one `heatmap-rows` frame).
 */
import type { Field, Frame } from './frames';

/** Grafana's table format: one frame, Time, one column per label, Value; one row per sample. */
export function tableFrame(frames: Frame[], resultType: string): Frame {
  const labelNames = [...new Set(frames.flatMap((frame) => Object.keys(frame.fields[1]?.labels ?? {})))].sort();
  const times: number[] = [];
  const values: number[] = [];
  const columns = labelNames.map(() => [] as string[]);
  for (const frame of frames) {
    const [time, value] = frame.fields;
    if (!time || !value) continue;
    const labels = value.labels ?? {};
    for (let i = 0; i < time.values.length; i++) {
      times.push(time.values[i] as number);
      values.push(value.values[i] as number);
      labelNames.forEach((name, n) => columns[n]!.push(labels[name] ?? ''));
    }
  }
  return {
    meta: { type: 'table', typeVersion: [0, 1], custom: { resultType }, preferredVisualisationType: 'table' },
    fields: [
      { name: 'Time', type: 'time', values: times },
      ...labelNames.map((name, n): Field => ({ name, type: 'string', values: columns[n]! })),
      { name: 'Value', type: 'number', values },
    ],
  };
}

/** A bucket bound as Prometheus writes it (`0.5`, `+Inf`), as a number for sorting. */
function bucketBound(le: string | undefined): number {
  if (le === undefined) return Number.NaN;
  if (/^\+?inf(inity)?$/i.test(le)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(le)) return Number.NEGATIVE_INFINITY;
  return Number.parseFloat(le);
}

/**
 * Grafana's heatmap format (`transformToHistogramOverTime` in its Prometheus result transformer):
 * the `_bucket` series of each histogram (same labels but `le`) sorted by `le`, de-accumulated
 * (each bucket counts only what fell between its bound and the one below), and merged into one
 * `heatmap-rows` frame: Time, then one count field per bucket, named by its bound (or legend).
 */
export function heatmapFrames(frames: Frame[], legendFormat = ''): Frame[] {
  // Grafana names buckets by their bound unless the query names them itself.
  const ownLegend = legendFormat !== '' && legendFormat !== '__auto';
  const groups = new Map<string, Frame[]>();
  for (const frame of frames) {
    const labels = frame.fields[1]?.labels ?? {};
    const rest = Object.entries(labels).filter(([key]) => key !== 'le');
    const key = JSON.stringify(rest);
    groups.set(key, [...(groups.get(key) ?? []), frame]);
  }
  const out: Frame[] = [];
  for (const group of groups.values()) {
    const sorted = [...group].sort((a, b) => bucketBound(a.fields[1]?.labels?.le) - bucketBound(b.fields[1]?.labels?.le));
    // Series may miss samples: the rows are the union of their times, a missing sample is null.
    const times = [...new Set(sorted.flatMap((frame) => frame.fields[0]!.values as number[]))].sort((a, b) => a - b);
    const row = new Map(times.map((t, i) => [t, i]));
    const cumulative = sorted.map((frame) => {
      const column = new Array<number | null>(times.length).fill(null);
      const [time, value] = frame.fields;
      time!.values.forEach((t, i) => (column[row.get(t as number)!] = value!.values[i] as number));
      return column;
    });
    const counts = cumulative.map((column, b) =>
      column.map((v, i) => {
        if (v === null || b === 0) return v;
        const below = cumulative[b - 1]![i] ?? 0;
        const count = v - below;
        // Float noise from rate()/increase() is not a count.
        return count < 1e-9 ? 0 : count;
      }),
    );
    const first = sorted[0]!;
    out.push({
      name: undefined,
      meta: { ...first.meta, type: 'heatmap-rows', typeVersion: [0, 1] },
      fields: [
        { ...first.fields[0]!, values: times },
        ...sorted.map((frame, b): Field => {
          const value = frame.fields[1]!;
          const le = value.labels?.le;
          const name = (ownLegend ? value.config?.displayNameFromDS : le) || le || frame.name || 'Value';
          return { ...value, name, values: counts[b]!, config: { ...value.config, displayNameFromDS: name } };
        }),
      ],
    });
  }
  return out;
}
