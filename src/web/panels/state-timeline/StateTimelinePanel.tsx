import { useMemo, useState } from 'react';
import { textOn } from '../colors';
import { panelDefaults } from '../fieldDisplay';
import { NoData, PanelNotice, useScheme } from '../PanelStates';
import { HiddenDataTable } from '../HiddenDataTable';
import { formatDuration, pointerIn, timeLabelPattern } from '../svgChart';
import { panelFrames } from '../transformations';
import type { PanelProps } from '../types';
import { formatDateTime } from '../valueFormats';
import { VizLegend, vizLegendOptionsOf, VizTooltip, VizTooltipSwatch } from '../VizLegend';
import { ChartWithLegend, chartArea } from '../ChartWithLegend';
import { timelineLanes, timelineOptionsOf, timelineStates, timeTicks, type TimelineSpan } from './timelineData';

const FONT = 11;
const CHAR = 6.5;

/** Grafana's state timeline in SVG: a lane per series, coloured spans, a legend of states, a tooltip with the span. */
export default function StateTimelinePanel({ panel, frames: rawFrames, width, height, timeRange, timeZone, replaceVariables }: PanelProps) {
  const scheme = useScheme();
  const frames = useMemo(() => panelFrames(panel, rawFrames), [panel, rawFrames]);
  const lanes = useMemo(
    () => timelineLanes(panel, frames, { scheme, timeZone, rangeEnd: timeRange.to, replaceVariables }),
    [panel, frames, scheme, timeZone, timeRange.to, replaceVariables],
  );
  const [hover, setHover] = useState<{ lane: number; span: TimelineSpan; x: number; y: number } | null>(null);
  const options = timelineOptionsOf(panel.options);
  const legend = vizLegendOptionsOf(panel.options);
  if (frames.length && !frames.some((f) => f.fields.some((x) => x.type === 'time')))
    return <PanelNotice>Data does not have a time field</PanelNotice>;
  if (lanes.length === 0 || lanes.every((l) => l.spans.length === 0)) return <NoData text={panelDefaults(panel).noValue} />;

  const states = timelineStates(lanes);
  const legendItems = states.map((state, i) => ({ key: `${i}`, label: state.text, color: state.color }));
  // The states' list takes one line below the chart.
  const area = chartArea(legend, legendItems, 0, width, height, Math.min(height * 0.3, 26));
  const { chartWidth, chartHeight } = area;
  const from = timeRange.from;
  const to = Math.max(timeRange.to, from + 1);
  const margin = {
    left: Math.min(chartWidth * 0.35, Math.max(...lanes.map((l) => l.name.length)) * CHAR + 12),
    right: 8,
    top: 4,
    bottom: 20,
  };
  const plotW = Math.max(10, chartWidth - margin.left - margin.right);
  const plotH = Math.max(10, chartHeight - margin.top - margin.bottom);
  const laneHeight = plotH / lanes.length;
  const barHeight = Math.max(2, laneHeight * options.rowHeight);
  const x = (t: number) => margin.left + ((Math.min(to, Math.max(from, t)) - from) / (to - from)) * plotW;
  const pattern = timeLabelPattern(to - from);
  const ticks = timeTicks(from, to, Math.max(2, Math.floor(plotW / (pattern.length * CHAR + 24))));
  const when = (t: number) => formatDateTime(t, 'YYYY-MM-DD HH:mm:ss', timeZone);
  const title = panel.title ? String(panel.title) : 'State timeline';
  const hiddenRows = lanes.flatMap((lane) => lane.spans.map((span) => ({ lane, span }))).slice(0, 500);

  return (
    <ChartWithLegend
      area={area}
      label={`State timeline: ${lanes.map((l) => `${l.name} now ${l.spans.at(-1)?.text ?? 'no value'}`).join(', ')}`}
      onMouseLeave={() => setHover(null)}
      overlay={
        <>
          {hover && (
            <VizTooltip x={hover.x} y={hover.y} width={chartWidth} height={chartHeight}>
              <div style={{ fontWeight: 600 }}>{lanes[hover.lane]!.name}</div>
              <div>
                <VizTooltipSwatch color={hover.span.color} />
                <b>{hover.span.text}</b>
              </div>
              <div>
                {when(hover.span.start)} – {when(hover.span.end)} ({formatDuration(hover.span.end - hover.span.start)})
              </div>
            </VizTooltip>
          )}
          <HiddenDataTable
            caption={title}
            columns={['Series', 'State', 'From', 'To', 'Duration']}
            rows={hiddenRows.map(({ lane, span }) => ({
              header: lane.name,
              cells: [span.text, when(span.start), when(span.end), formatDuration(span.end - span.start)],
            }))}
          />
        </>
      }
      legend={
        <VizLegend
          items={legendItems}
          options={{ ...legend, displayMode: legend.displayMode === 'hidden' ? 'hidden' : 'list' }}
          label={`States of ${title}`}
        />
      }
    >
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={margin.top} y2={margin.top + plotH} stroke="currentColor" strokeOpacity={0.12} />
          <text x={x(t)} y={chartHeight - 5} fontSize={FONT} textAnchor="middle" fill="currentColor">
            {formatDateTime(t, pattern, timeZone)}
          </text>
        </g>
      ))}
      {lanes.map((lane, l) => {
        const top = margin.top + l * laneHeight + (laneHeight - barHeight) / 2;
        return (
          <g key={lane.key} data-testid="timeline-lane">
            <text
              x={margin.left - 6}
              y={margin.top + l * laneHeight + laneHeight / 2}
              fontSize={FONT}
              textAnchor="end"
              dominantBaseline="middle"
              fill="currentColor"
            >
              {lane.name.length > 40 ? `${lane.name.slice(0, 39)}…` : lane.name}
            </text>
            {lane.spans.map((span, i) => {
              if (span.end < from || span.start > to) return null;
              const left = x(span.start);
              const w = Math.max(1, x(span.end) - left);
              const fits = w >= span.text.length * CHAR + 6 && barHeight >= 14;
              const show = options.showValue === 'always' || (options.showValue === 'auto' && fits);
              return (
                <g key={i} onMouseMove={(e) => setHover({ lane: l, span, ...pointerIn(e) })}>
                  <rect
                    x={left}
                    y={top}
                    width={w}
                    height={barHeight}
                    fill={span.color}
                    stroke="var(--mantine-color-body)"
                    strokeWidth={0.5}
                    data-testid="timeline-span"
                  />
                  {show && (
                    <text
                      x={left + w / 2}
                      y={top + barHeight / 2}
                      fontSize={FONT}
                      textAnchor="middle"
                      dominantBaseline="middle"
                      fill={textOn(span.color)}
                      pointerEvents="none"
                    >
                      {span.text}
                    </text>
                  )}
                </g>
              );
            })}
          </g>
        );
      })}
    </ChartWithLegend>
  );
}
