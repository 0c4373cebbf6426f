import { readableColor, withAlpha } from '../colors';
import { dataLinksFor, type DataLink } from '../dataLinks';
import { displayText, panelDefaults, type FieldDisplay } from '../fieldDisplay';
import { fitFontSize } from '../layoutValues';
import { NoData } from '../PanelStates';
import type { PanelProps } from '../types';
import { usePanelValues, ValueName } from '../ValueGrid';
import { Sparkline } from './Sparkline';
import { statBackground } from './statColors';
import { isWideLayout, STAT_SPACING } from './statLayout';
import { repeaterLayout } from '../vizRepeater';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface StatOptions {
  colorMode: 'value' | 'background' | 'background_solid' | 'none';
  graphMode: 'area' | 'none';
  textMode: 'auto' | 'value' | 'value_and_name' | 'name' | 'none';
  justifyMode: 'auto' | 'center';
  orientation: unknown;
  /** `options.text`: fixed sizes in pixels instead of fitting the box. */
  valueSize?: number;
  titleSize?: number;
  /** Name and value side by side in a wide box (Grafana's default). */
  wideLayout: boolean;
}

export function statOptionsOf(options: unknown): StatOptions {
  const o = isObject(options) ? options : {};
  // Grafana compares the mode with its names: an absent one is its default (value), while one it
  // has no name for (the numbers of Grafana 6's BigValue, 0 and 2) colours nothing.
  const colorMode =
    o.colorMode === undefined || o.colorMode === 'value'
      ? 'value'
      : o.colorMode === 'background' || o.colorMode === 'background_solid'
        ? o.colorMode
        : 'none';
  const textMode =
    o.textMode === 'value' || o.textMode === 'value_and_name' || o.textMode === 'name' || o.textMode === 'none' ? o.textMode : 'auto';
  const text = isObject(o.text) ? o.text : {};
  const size = (v: unknown) => (typeof v === 'number' && v > 0 && v < 400 ? v : undefined);
  return {
    colorMode,
    graphMode: o.graphMode === 'none' ? 'none' : 'area',
    textMode,
    justifyMode: o.justifyMode === 'center' ? 'center' : 'auto',
    orientation: o.orientation,
    valueSize: size(text.valueSize),
    titleSize: size(text.titleSize),
    wideLayout: o.wideLayout !== false,
  };
}

/** The text a stat shows for a value; an empty one is "No data", as in Grafana. */
export function statText(item: FieldDisplay): string {
  return displayText(item.display) || 'No data';
}

function StatValue({
  item,
  width,
  height,
  options,
  showName,
  showValue,
  scheme,
  link,
}: {
  item: FieldDisplay;
  width: number;
  height: number;
  options: StatOptions;
  showName: boolean;
  showValue: boolean;
  scheme: 'light' | 'dark';
  /** The field's first data link: the whole value leads there, as in Grafana. */
  link?: DataLink;
}) {
  const text = statText(item);
  const background =
    options.colorMode === 'background' || options.colorMode === 'background_solid'
      ? statBackground(item.display.color, options.colorMode, scheme)
      : undefined;
  // Grafana's BigValue: a wide box puts the name left of the value (its wide layouts), any other above it (its stacked ones).
  const wide = showName && showValue && isWideLayout(width, height, options.wideLayout);
  const valueSize = wide
    ? (options.valueSize ?? fitFontSize(text, width * 0.4 - 8, height, 0.62, 12, 110))
    : (options.valueSize ?? fitFontSize(text, width - 8, showName ? height * 0.7 : height, showName ? 0.5 : 0.62, 12, 110));
  const nameSize = wide
    ? (options.titleSize ?? Math.max(11, Math.min(Math.round(valueSize * 0.7), fitFontSize(item.name, width * 0.55, height, 0.5, 11, 40))))
    : (options.titleSize ?? Math.max(11, Math.min(20, Math.round(valueSize * 0.35))));
  // Grafana's threshold colours on white fail WCAG contrast; the same hue a little darker (or lighter on dark) passes.
  const valueColor = background
    ? background.text
    : options.colorMode === 'value'
      ? readableColor(item.display.color, scheme, valueSize >= 24 ? 3 : 4.5)
      : undefined;
  const sparkColor = background ? withAlpha(background.text, 0.6) : item.display.color;
  const showSparkline = options.graphMode === 'area' && item.sparkline && height > 50 && width > 60;
  const Box = link ? 'a' : 'div';
  return (
    <Box
      data-testid="stat-value"
      {...(link
        ? {
            href: link.href,
            title: link.title,
            target: link.newTab ? '_blank' : undefined,
            rel: link.newTab ? 'noopener noreferrer' : undefined,
          }
        : {})}
      style={{
        textDecoration: 'none',
        position: 'relative',
        width,
        height,
        overflow: 'hidden',
        borderRadius: 4,
        background: background?.css,
        color: background?.text ?? 'inherit',
        display: 'flex',
        flexDirection: wide ? 'row' : 'column',
        justifyContent: wide ? (options.justifyMode === 'center' ? 'center' : 'space-between') : 'center',
        alignItems: wide || options.justifyMode === 'center' || !showSparkline ? 'center' : 'flex-start',
        gap: wide ? 8 : undefined,
        padding: '0 8px',
        boxSizing: 'border-box',
      }}
    >
      {showSparkline && (
        <Sparkline
          times={item.sparkline!.times}
          values={item.sparkline!.values}
          width={width}
          height={Math.round(height * 0.45)}
          color={sparkColor}
        />
      )}
      {showName && (
        <ValueName
          name={item.name}
          style={{ position: 'relative', fontSize: nameSize, lineHeight: 1.2, maxWidth: wide ? '60%' : '100%' }}
        />
      )}
      {showValue && (
        <div
          style={{ position: 'relative', fontSize: valueSize, fontWeight: 500, lineHeight: 1.15, color: valueColor, whiteSpace: 'nowrap' }}
        >
          {text}
        </div>
      )}
    </Box>
  );
}

/** Grafana's stat (and the legacy singlestat): big reduced values, coloured by thresholds, with a sparkline. */
export default function StatPanel(props: PanelProps) {
  const { panel, width, height, timeRange, replaceVariables } = props;
  const { scheme, values } = usePanelValues(props);
  const options = statOptionsOf(panel.options);
  const linkOf = (item: FieldDisplay): DataLink | undefined =>
    dataLinksFor(item.field.config, {
      field: item.field,
      seriesName: item.field.displayName,
      frame: item.field.frame,
      value: item.display.numeric,
      valueText: statText(item),
      timeRange,
      replaceVariables,
    })[0];
  if (values.length === 0) return <NoData text={panelDefaults(panel).noValue} />;
  const { cells } = repeaterLayout(values.length, width, height, options.orientation, { spacing: STAT_SPACING });
  const showName =
    options.textMode === 'name' || options.textMode === 'value_and_name' || (options.textMode === 'auto' && values.length > 1);
  const showValue = options.textMode !== 'name' && options.textMode !== 'none';
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}>
      {values.map((item, i) => {
        const cell = cells[i]!;
        return (
          <div key={i} style={{ position: 'absolute', left: cell.left, top: cell.top, width: cell.width, height: cell.height }}>
            <StatValue
              item={item}
              width={cell.width}
              height={cell.height}
              options={options}
              showName={showName}
              showValue={showValue}
              scheme={scheme}
              link={linkOf(item)}
            />
          </div>
        );
      })}
    </div>
  );
}
