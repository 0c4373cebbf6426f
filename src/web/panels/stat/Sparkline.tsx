/** A small area chart behind a stat's value (`graphMode: area`), in SVG: cheap, no canvas needed. */

export function sparklinePath(
  times: number[],
  values: Array<number | null>,
  width: number,
  height: number,
): { line: string; area: string } | undefined {
  const points: Array<[number, number]> = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const t = times[i];
    if (typeof v === 'number' && Number.isFinite(v) && typeof t === 'number') points.push([t, v]);
  }
  if (points.length < 2) return undefined;
  let minT = Infinity;
  let maxT = -Infinity;
  let minV = Infinity;
  let maxV = -Infinity;
  for (const [t, v] of points) {
    minT = Math.min(minT, t);
    maxT = Math.max(maxT, t);
    minV = Math.min(minV, v);
    maxV = Math.max(maxV, v);
  }
  const spanT = maxT - minT || 1;
  const spanV = maxV - minV || 1;
  const x = (t: number) => ((t - minT) / spanT) * width;
  const y = (v: number) => height - ((v - minV) / spanV) * (height - 2) - 1;
  const line = points.map(([t, v], i) => `${i ? 'L' : 'M'}${x(t).toFixed(1)},${y(v).toFixed(1)}`).join('');
  const area = `${line}L${x(points.at(-1)![0]).toFixed(1)},${height}L${x(points[0]![0]).toFixed(1)},${height}Z`;
  return { line, area };
}

export function Sparkline({
  times,
  values,
  width,
  height,
  color,
}: {
  times: number[];
  values: Array<number | null>;
  width: number;
  height: number;
  color: string;
}) {
  const path = sparklinePath(times, values, width, height);
  if (!path || width < 4 || height < 4) return null;
  return (
    <svg width={width} height={height} aria-hidden style={{ position: 'absolute', left: 0, bottom: 0, pointerEvents: 'none' }}>
      <path d={path.area} fill={color} fillOpacity={0.18} />
      <path d={path.line} fill="none" stroke={color} strokeWidth={1.5} />
    </svg>
  );
}
