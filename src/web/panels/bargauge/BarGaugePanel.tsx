import type { CSSProperties } from 'react';
import { readableColor, resolveColor, withAlpha } from '../colors';
import { activeThreshold, getDisplayProcessor, panelDefaults, thresholdsOf, type FieldDisplay, type Scheme } from '../fieldDisplay';
import { NoData } from '../PanelStates';
import { statText } from '../stat/StatPanel';
import type { PanelProps } from '../types';
import { usePanelValues, ValueName } from '../ValueGrid';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface BarGaugeOptions {
  displayMode: 'gradient' | 'lcd' | 'basic';
  orientation: 'horizontal' | 'vertical' | 'auto';
  showUnfilled: boolean;
  valueMode: 'color' | 'text' | 'hidden';
  namePlacement: 'auto' | 'top' | 'left' | 'hidden';
}

export function barGaugeOptionsOf(options: unknown): BarGaugeOptions {
  const o = isObject(options) ? options : {};
  return {
    displayMode: o.displayMode === 'lcd' || o.displayMode === 'basic' ? o.displayMode : 'gradient',
    orientation: o.orientation === 'horizontal' || o.orientation === 'vertical' ? o.orientation : 'auto',
    showUnfilled: o.showUnfilled !== false,
    valueMode: o.valueMode === 'text' || o.valueMode === 'hidden' ? o.valueMode : 'color',
    namePlacement: o.namePlacement === 'top' || o.namePlacement === 'left' || o.namePlacement === 'hidden' ? o.namePlacement : 'auto',
  };
}

/** A CSS gradient through the threshold colours across the whole range (the `gradient` mode's fill). */
export function thresholdGradient(item: FieldDisplay, scheme: Scheme, direction: 'to right' | 'to top'): string {
  const { min, max } = item.range;
  const thresholds = thresholdsOf(item.field.config);
  const span = max - min || 1;
  const stops = thresholds.steps.map((step) => {
    const v = step.value === null || step.value === undefined ? null : Number(step.value);
    const fraction = v === null ? 0 : thresholds.mode === 'percentage' ? v / 100 : (v - min) / span;
    return `${resolveColor(step.color, scheme)} ${Math.round(Math.max(0, Math.min(1, fraction)) * 100)}%`;
  });
  const mode = item.field.config.color?.mode;
  if (mode && mode !== 'thresholds') return `linear-gradient(${direction}, ${withAlpha(item.display.color, 0.35)}, ${item.display.color})`;
  return stops.length > 1 ? `linear-gradient(${direction}, ${stops.join(', ')})` : (stops[0]?.split(' ')[0] ?? item.display.color);
}

function Bar({
  item,
  options,
  vertical,
  scheme,
  length,
}: {
  item: FieldDisplay;
  options: BarGaugeOptions;
  vertical: boolean;
  scheme: Scheme;
  length: number;
}) {
  const fraction = item.display.percent ?? 0;
  const track: CSSProperties = {
    position: 'relative',
    flex: 1,
    alignSelf: 'stretch',
    minWidth: 0,
    minHeight: 0,
    borderRadius: 2,
    overflow: 'hidden',
    background: options.showUnfilled ? 'var(--mantine-color-default-border)' : undefined,
    display: 'flex',
    flexDirection: vertical ? 'column-reverse' : 'row',
    gap: options.displayMode === 'lcd' ? 2 : 0,
  };
  if (options.displayMode === 'lcd') {
    const cells = Math.max(4, Math.min(60, Math.floor(length / 14)));
    const process = getDisplayProcessor(item.field, { scheme, range: item.range });
    return (
      <div style={{ ...track, background: undefined }} aria-hidden>
        {Array.from({ length: cells }, (_, i) => {
          const at = (i + 0.5) / cells;
          const lit = at <= fraction;
          const value = item.range.min + at * (item.range.max - item.range.min);
          const color =
            item.field.config.color?.mode && item.field.config.color.mode !== 'thresholds'
              ? process(value).color
              : resolveColor(activeThreshold(value, thresholdsOf(item.field.config), item.range).color, scheme);
          return <div key={i} style={{ flex: 1, borderRadius: 1, background: lit ? color : withAlpha(color, 0.15) }} />;
        })}
      </div>
    );
  }
  const fill: CSSProperties =
    options.displayMode === 'gradient'
      ? {
          background: thresholdGradient(item, scheme, vertical ? 'to top' : 'to right'),
          backgroundSize: vertical ? `100% ${fraction > 0 ? 100 / fraction : 100}%` : `${fraction > 0 ? 100 / fraction : 100}% 100%`,
          backgroundPosition: vertical ? 'bottom' : 'left',
        }
      : { background: item.display.color };
  return (
    <div style={track} aria-hidden>
      <div
        style={{
          ...fill,
          [vertical ? 'height' : 'width']: `${Math.round(fraction * 1000) / 10}%`,
          [vertical ? 'width' : 'height']: '100%',
        }}
      />
    </div>
  );
}

/** Grafana's bar gauge: a bar per reduced value, gradient, LCD or basic, coloured by thresholds. */
export default function BarGaugePanel(props: PanelProps) {
  const { panel, width, height } = props;
  const { scheme, values } = usePanelValues(props);
  if (values.length === 0) return <NoData text={panelDefaults(panel).noValue} />;
  const options = barGaugeOptionsOf(panel.options);
  const n = values.length;
  const vertical =
    options.orientation === 'vertical' ||
    (options.orientation === 'auto' && (n === 1 ? height > width : height / n < 22 && width / n >= 40));
  const showName = options.namePlacement !== 'hidden' && (n > 1 || options.namePlacement !== 'auto');
  const valueStyle = (item: FieldDisplay): CSSProperties => ({
    fontWeight: 500,
    whiteSpace: 'nowrap',
    color: options.valueMode === 'color' ? readableColor(item.display.color, scheme) : undefined,
  });
  if (vertical) {
    const cellWidth = Math.max(24, Math.floor(width / n) - 8);
    return (
      <div
        tabIndex={n * 32 > width ? 0 : undefined}
        style={{ display: 'flex', gap: 8, width: '100%', height: '100%', overflowX: 'auto', justifyContent: 'center' }}
      >
        {values.map((item, i) => (
          <div
            key={i}
            style={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'stretch',
              width: cellWidth,
              minWidth: 24,
              height: '100%',
              gap: 2,
            }}
            data-testid="bar-gauge"
          >
            {options.valueMode !== 'hidden' && (
              <div style={{ ...valueStyle(item), textAlign: 'center', fontSize: Math.max(11, Math.min(20, cellWidth / 4)) }}>
                {statText(item)}
              </div>
            )}
            <Bar item={item} options={options} vertical scheme={scheme} length={height - 40} />
            {showName && <ValueName name={item.name} style={{ textAlign: 'center', fontSize: 12 }} />}
          </div>
        ))}
      </div>
    );
  }
  const rowHeight = Math.max(18, Math.floor(height / n) - 4);
  const nameLeft = options.namePlacement === 'left' || (options.namePlacement === 'auto' && width > 400 && rowHeight < 40);
  const barHeight = showName && !nameLeft ? Math.max(8, rowHeight - 18) : rowHeight;
  const valueFont = Math.max(11, Math.min(24, barHeight * 0.6));
  return (
    <div
      tabIndex={n * 22 > height ? 0 : undefined}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 4,
        width: '100%',
        height: '100%',
        overflowY: 'auto',
        justifyContent: n === 1 ? 'center' : 'flex-start',
      }}
    >
      {values.map((item, i) => (
        <div
          key={i}
          data-testid="bar-gauge"
          style={{
            display: 'flex',
            flexDirection: nameLeft ? 'row' : 'column',
            gap: nameLeft ? 8 : 1,
            minHeight: rowHeight,
            alignItems: nameLeft ? 'center' : 'stretch',
          }}
        >
          {showName && (
            <ValueName
              name={item.name}
              style={{ fontSize: 12, lineHeight: '16px', width: nameLeft ? Math.min(200, width * 0.3) : undefined, flexShrink: 0 }}
            />
          )}
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, height: barHeight, flex: nameLeft ? 1 : undefined }}>
            <Bar item={item} options={options} vertical={false} scheme={scheme} length={width * 0.7} />
            {options.valueMode !== 'hidden' && (
              <div style={{ ...valueStyle(item), fontSize: valueFont, minWidth: 48, textAlign: 'right' }}>{statText(item)}</div>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
