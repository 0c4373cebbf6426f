import { readableColor, resolveColor } from '../colors';
import { panelDefaults, thresholdsOf, type FieldDisplay, type Scheme } from '../fieldDisplay';
import { cellGrid, fitFontSize, orientationOf } from '../layoutValues';
import { NoData } from '../PanelStates';
import { statText } from '../stat/StatPanel';
import type { PanelProps } from '../types';
import { usePanelValues, ValueGrid, ValueName } from '../ValueGrid';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The gauge sweeps 240°, from -120° to +120° around 12 o'clock. */
const START = -120;
const SWEEP = 240;

function point(cx: number, cy: number, r: number, degrees: number): [number, number] {
  const rad = (degrees * Math.PI) / 180;
  return [cx + r * Math.sin(rad), cy - r * Math.cos(rad)];
}

export function arcPath(cx: number, cy: number, r: number, fromFraction: number, toFraction: number): string {
  const a0 = START + SWEEP * Math.max(0, Math.min(1, fromFraction));
  const a1 = START + SWEEP * Math.max(0, Math.min(1, toFraction));
  if (a1 - a0 < 0.01) return '';
  const [x0, y0] = point(cx, cy, r, a0);
  const [x1, y1] = point(cx, cy, r, a1);
  return `M${x0.toFixed(2)},${y0.toFixed(2)}A${r},${r} 0 ${a1 - a0 > 180 ? 1 : 0} 1 ${x1.toFixed(2)},${y1.toFixed(2)}`;
}

/** Threshold bands as fractions of the gauge (percentage thresholds or absolute values within min–max). */
export function thresholdBands(item: FieldDisplay, scheme: Scheme): Array<{ from: number; to: number; color: string }> {
  const thresholds = thresholdsOf(item.field.config);
  const { min, max } = item.range;
  const span = max - min || 1;
  const toFraction = (value: number | null) => {
    if (value === null || value === undefined || !Number.isFinite(Number(value))) return 0;
    const v = Number(value);
    return Math.max(0, Math.min(1, thresholds.mode === 'percentage' ? v / 100 : (v - min) / span));
  };
  return thresholds.steps.map((step, i) => ({
    from: toFraction(step.value),
    to: i + 1 < thresholds.steps.length ? toFraction(thresholds.steps[i + 1]!.value) : 1,
    color: resolveColor(step.color, scheme),
  }));
}

/** Where a gauge sits in its cell: centre, radius, arc width and the threshold ring's radius and width. */
export interface GaugeGeometry {
  cx: number;
  cy: number;
  r: number;
  stroke: number;
  markerR: number;
  markerStroke: number;
}

/**
 * The largest gauge that fits `width` × `height` below a name line of `nameHeight`: its 240° arc,
 * the arc's width and the threshold ring all stay inside the box, whatever its proportions.
 */
export function gaugeGeometry(width: number, height: number, nameHeight: number, markers: boolean): GaugeGeometry {
  const plotHeight = Math.max(0, height - nameHeight);
  // In units of r: the arc is 0.2 r wide; the threshold ring sits 0.1 r outside it (at least 2 px)
  // and is 0.05 r wide (at least 2 px).
  const ring = (r: number) => {
    const stroke = r * 0.2;
    const markerStroke = Math.max(2, stroke * 0.25);
    return { stroke, markerStroke, markerR: r + stroke * 0.5 + Math.max(2, stroke * 0.2) };
  };
  const outer = (r: number) => {
    const { stroke, markerStroke, markerR } = ring(r);
    return markers ? markerR + markerStroke / 2 : r + stroke / 2;
  };
  // Above the centre the outer edge is reached (the arc passes 12 o'clock), sideways too (it passes
  // 3 and 9 o'clock); below it only the arc's ends at ±120°, half the outer radius down.
  const fits = (r: number) => 1.5 * outer(r) <= plotHeight && 2 * outer(r) <= width;
  let low = 0;
  let high = Math.max(1, Math.min(width, plotHeight));
  for (let i = 0; i < 30; i++) {
    const mid = (low + high) / 2;
    if (fits(mid)) low = mid;
    else high = mid;
  }
  const r = Math.max(4, low);
  const { stroke, markerStroke, markerR } = ring(r);
  const extent = outer(r);
  return { cx: width / 2, cy: nameHeight + (plotHeight - 1.5 * extent) / 2 + extent, r, stroke, markerR, markerStroke };
}

function Gauge({
  item,
  width,
  height,
  showName,
  markers,
  scheme,
}: {
  item: FieldDisplay;
  width: number;
  height: number;
  showName: boolean;
  markers: boolean;
  scheme: Scheme;
}) {
  const nameHeight = showName ? Math.min(24, Math.max(14, height * 0.12)) : 0;
  const { cx, cy, r, stroke, markerR, markerStroke } = gaugeGeometry(width, height, nameHeight, markers);
  const fraction = item.display.percent ?? 0;
  const text = statText(item);
  // The value sits inside the arc: no wider than its inner chord, no taller than the room above the ends.
  const fontSize = fitFontSize(text, r * 1.3, r * 0.9, 0.5, Math.min(10, r * 0.5), 80);
  return (
    <div style={{ position: 'relative', width, height }} data-testid="gauge">
      {showName && (
        <ValueName
          name={item.name}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            right: 0,
            textAlign: 'center',
            fontSize: Math.min(14, nameHeight * 0.8),
            lineHeight: `${nameHeight}px`,
          }}
        />
      )}
      <svg width={width} height={height} aria-hidden style={{ position: 'absolute', inset: 0 }}>
        <path d={arcPath(cx, cy, r, 0, 1)} fill="none" stroke="var(--mantine-color-default-border)" strokeWidth={stroke} />
        <path d={arcPath(cx, cy, r, 0, fraction)} fill="none" stroke={item.display.color} strokeWidth={stroke} />
        {markers &&
          thresholdBands(item, scheme).map((band, i) => (
            <path key={i} d={arcPath(cx, cy, markerR, band.from, band.to)} fill="none" stroke={band.color} strokeWidth={markerStroke} />
          ))}
      </svg>
      <div
        style={{
          position: 'absolute',
          left: 0,
          right: 0,
          top: cy - fontSize * 0.65,
          textAlign: 'center',
          fontSize,
          fontWeight: 500,
          lineHeight: 1.2,
          color: readableColor(item.display.color, scheme, fontSize >= 24 ? 3 : 4.5),
          whiteSpace: 'nowrap',
        }}
      >
        {text}
      </div>
    </div>
  );
}

/** Grafana's gauge: one arc per reduced value, coloured by thresholds, with the thresholds as an outer ring. */
export default function GaugePanel(props: PanelProps) {
  const { panel, width, height } = props;
  const { scheme, values } = usePanelValues(props);
  if (values.length === 0) return <NoData text={panelDefaults(panel).noValue} />;
  const options = isObject(panel.options) ? panel.options : {};
  const orientation = orientationOf(options.orientation, width, height);
  const grid = cellGrid(values.length, width, height, orientation, { minWidth: 100, minHeight: 80, minCell: 40, gap: 0 });
  return (
    <ValueGrid grid={grid}>
      {values.map((item, i) => (
        <Gauge
          key={i}
          item={item}
          width={grid.cellWidth}
          height={grid.cellHeight}
          showName={values.length > 1}
          markers={options.showThresholdMarkers !== false}
          scheme={scheme}
        />
      ))}
    </ValueGrid>
  );
}
