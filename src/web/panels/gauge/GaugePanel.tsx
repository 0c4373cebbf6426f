import { readableColor } from '../colors';
import { panelDefaults, type FieldDisplay, type Scheme } from '../fieldDisplay';
import { NoData } from '../PanelStates';
import { statText } from '../stat/StatPanel';
import type { PanelProps } from '../types';
import { usePanelValues, ValueName } from '../ValueGrid';
import { repeaterLayout } from '../vizRepeater';
import { angleOf, arcPath, gaugeGeometry, gaugeScale, point, scaleBands, scaleLabels } from './gaugeLayout';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const sizeOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);

interface GaugeOptions {
  markers: boolean;
  labels: boolean;
  valueSize?: number;
  titleSize?: number;
}

function Gauge({
  item,
  width,
  height,
  showName,
  options,
  scheme,
}: {
  item: FieldDisplay;
  width: number;
  height: number;
  showName: boolean;
  options: GaugeOptions;
  scheme: Scheme;
}) {
  const text = statText(item);
  const scale = gaugeScale(item, scheme);
  const labels = options.labels ? scaleLabels(scale) : [];
  // Grafana writes a gauge's name under it, at a tenth of its width (20 px at most), on a line 1.5 times that.
  const nameSize = options.titleSize ?? Math.min(width * 0.1, 20);
  const nameHeight = showName ? nameSize * 1.5 : 0;
  const geometry = gaugeGeometry({
    width,
    height,
    text,
    labelChars: Math.max(0, ...labels.map((label) => label.text.length)),
    markers: options.markers,
    labels: options.labels,
    nameHeight,
    valueSize: options.valueSize,
  });
  const { cx, cy, outerR, gaugeWidth, markerR, markerStroke, labelR, labelFont, valueFont } = geometry;
  const arcR = outerR - gaugeWidth / 2;
  const fraction = item.display.percent ?? 0;
  return (
    <div style={{ position: 'relative', width, height }} data-testid="gauge">
      <svg width={width} height={height} aria-hidden style={{ position: 'absolute', inset: 0 }}>
        <path d={arcPath(cx, cy, arcR, 0, 1)} fill="none" stroke="var(--mantine-color-default-border)" strokeWidth={gaugeWidth} />
        <path d={arcPath(cx, cy, arcR, 0, fraction)} fill="none" stroke={item.display.color} strokeWidth={gaugeWidth} />
        {options.markers &&
          scaleBands(scale).map((band, i) => (
            <path key={i} d={arcPath(cx, cy, markerR, band.from, band.to)} fill="none" stroke={band.color} strokeWidth={markerStroke} />
          ))}
      </svg>
      {labels.length > 0 && (
        // The threshold labels, turned along the arc as flot turns them; read out as one list of the scale's marks.
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={`Thresholds: ${labels.map((l) => l.text).join(', ')}`}
          style={{ position: 'absolute', inset: 0 }}
        >
          {labels.map((label, i) => {
            const angle = angleOf(label.fraction);
            const [x, y] = point(cx, cy, labelR, angle);
            return (
              <text
                key={i}
                x={x}
                y={y}
                fontSize={labelFont}
                fill="currentColor"
                textAnchor="middle"
                dominantBaseline="central"
                transform={`rotate(${angle.toFixed(2)} ${x.toFixed(2)} ${y.toFixed(2)})`}
              >
                {label.text}
              </text>
            );
          })}
        </svg>
      )}
      <div
        style={{
          position: 'absolute',
          left: 0,
          right: 0,
          top: cy - valueFont * 0.6,
          textAlign: 'center',
          fontSize: valueFont,
          fontWeight: 500,
          lineHeight: 1.2,
          color: readableColor(item.display.color, scheme, valueFont >= 24 ? 3 : 4.5),
          whiteSpace: 'nowrap',
        }}
      >
        {text}
      </div>
      {showName && (
        <ValueName
          name={item.name}
          style={{
            position: 'absolute',
            top: geometry.nameTop,
            left: 0,
            right: 0,
            textAlign: 'center',
            fontSize: nameSize,
            lineHeight: `${nameHeight}px`,
          }}
        />
      )}
    </div>
  );
}

/**
 * Grafana's gauge: one arc per reduced value, coloured by thresholds, with the thresholds as an
 * outer ring and, with `showThresholdLabels`, their values around it.
 */
export default function GaugePanel(props: PanelProps) {
  const { panel, width, height } = props;
  const { scheme, values } = usePanelValues(props);
  if (values.length === 0) return <NoData text={panelDefaults(panel).noValue} />;
  const options = isObject(panel.options) ? panel.options : {};
  const text = isObject(options.text) ? options.text : {};
  const gaugeOptions: GaugeOptions = {
    markers: options.showThresholdMarkers !== false,
    labels: options.showThresholdLabels === true,
    valueSize: sizeOf(text.valueSize),
    titleSize: sizeOf(text.titleSize),
  };
  // Grafana's gauge: VizRepeater with 16 px between gauges, a grid for `auto`, and the least sizes
  // of manual sizing (a stack held at them scrolls).
  const manual = options.sizing === 'manual';
  const layout = repeaterLayout(values.length, width, height, options.orientation, {
    spacing: 16,
    minWidth: manual ? (sizeOf(options.minVizWidth) ?? 75) : 0,
    minHeight: manual ? (sizeOf(options.minVizHeight) ?? 75) : 0,
  });
  return (
    <div
      tabIndex={layout.scrolls ? 0 : undefined}
      style={{ position: 'relative', width: '100%', height: '100%', overflow: layout.scrolls ? 'auto' : 'hidden' }}
    >
      {values.map((item, i) => {
        const cell = layout.cells[i]!;
        return (
          <div key={i} style={{ position: 'absolute', left: cell.left, top: cell.top, width: cell.width, height: cell.height }}>
            <Gauge
              item={item}
              width={cell.width}
              height={cell.height}
              showName={values.length > 1}
              options={gaugeOptions}
              scheme={scheme}
            />
          </div>
        );
      })}
    </div>
  );
}
