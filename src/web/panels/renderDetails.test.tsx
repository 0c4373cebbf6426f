import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataFrame } from '../../contract/query';
import { renderWithProviders } from '../test/render';
import type { Panel } from './layout';
import { contrastRatio } from './colors';
import { prepareFields } from './fieldDisplay';
import { PanelRenderer } from './PanelRenderer';
import { blendOver, statBackground } from './stat/statColors';
import { renderTextContent } from './text/TextPanel';
import { seriesFrame, tableFrame } from './testing';
import { textWidth } from './textMeasure';
import { buildGraphData } from './timeseries/graphData';
import { Legend, legendOptionsOf, rightLegendWidth } from './timeseries/Legend';
import { fillTooltip, setTooltipPinned, tooltipRows } from './timeseries/overlays';
import { seriesLinksAt } from './timeseries/overlays';
import { buildUplotOptions, rightPadding, tickDecimals } from './timeseries/uplotOptions';
import { panelFrames } from './transformations';

/** Rendering details Grafana users saw wrong (issue 28 item 6), one check each. */

beforeAll(async () => {
  await Promise.all([import('./stat/StatPanel'), import('./gauge/GaugePanel'), import('./text/TextPanel'), import('./table/TablePanel')]);
}, 60_000);

const range = { from: 1_700_000_000_000, to: 1_700_003_600_000 };
const times = [range.from, range.from + 1_800_000, range.to];

function graphOf(panel: Panel, frames: DataFrame[]) {
  return buildGraphData(panel, panelFrames(panel, frames));
}

function renderPanel(panel: Panel, frames: DataFrame[], extra: Partial<Parameters<typeof PanelRenderer>[0]> = {}) {
  return renderWithProviders(<PanelRenderer panel={panel} frames={frames} width={300} height={150} timeRange={range} {...extra} />);
}

describe('legends', () => {
  const many = Array.from({ length: 12 }, (_, i) => seriesFrame({ times, values: [i, i + 1, i + 2], displayNameFromDS: `series ${i}` }));

  it('caps a bottom table legend at 35 % of the panel height and scrolls the rest, as Grafana', () => {
    const panel: Panel = { type: 'timeseries', options: { legend: { displayMode: 'table', placement: 'bottom', calcs: ['mean'] } } };
    const graph = graphOf(panel, many);
    renderWithProviders(
      <Legend
        series={graph.series}
        options={legendOptionsOf(panel.options)}
        panelWidth={600}
        panelHeight={300}
        hidden={new Set()}
        onToggle={() => {}}
      />,
    );
    const legend = screen.getByTestId('graph-legend');
    expect(legend.style.maxHeight).toBe('105px');
    expect(legend.style.overflow).toBe('auto');
    expect(screen.getAllByRole('row')).toHaveLength(13);
  });

  it('sizes a right legend to its widest name and values, so short names are never cut', () => {
    const panel: Panel = { type: 'timeseries', options: { legend: { displayMode: 'table', placement: 'right', calcs: ['lastNotNull'] } } };
    const graph = graphOf(panel, [
      seriesFrame({ times, values: [1, 2, 39.04], displayNameFromDS: 'reads' }),
      seriesFrame({ times, values: [1, 2, 43.1], displayNameFromDS: 'write' }),
    ]);
    renderWithProviders(
      <Legend
        series={graph.series}
        options={legendOptionsOf(panel.options)}
        panelWidth={560}
        panelHeight={220}
        hidden={new Set()}
        onToggle={() => {}}
      />,
    );
    const width = parseFloat(screen.getByTestId('graph-legend').style.width);
    // Swatch and gap, the name, the cell paddings, and the value column's header.
    const needed = 20 + textWidth('write', 12) + 12 + textWidth('Last *', 12, 600) + 12;
    expect(width).toBeGreaterThanOrEqual(needed);
    expect(width).toBeLessThanOrEqual(560 * 0.6);
  });

  it('takes a right legend’s width from legend.width, and never more than 60 % of the panel', () => {
    const rows = [{ label: 'a very long series name indeed, longer than any panel', values: {} }];
    const options = legendOptionsOf({ legend: { displayMode: 'list', placement: 'right', width: 150 } });
    expect(rightLegendWidth(rows, options, 800)).toBe(150);
    expect(rightLegendWidth(rows, { ...options, width: undefined }, 400)).toBe(240);
  });
});

describe('field overrides after organize', () => {
  it('match the name organize gave the field (renameByName), as Grafana matches the displayed name', async () => {
    renderPanel(
      {
        type: 'stat',
        options: { reduceOptions: { calcs: ['lastNotNull'] } },
        transformations: [{ id: 'organize', options: { renameByName: { Value: 'Requests' } } }],
        fieldConfig: {
          defaults: {},
          overrides: [{ matcher: { id: 'byName', options: 'Requests' }, properties: [{ id: 'unit', value: 'percent' }] }],
        },
      },
      [seriesFrame({ times, values: [1, 2, 42] })],
    );
    expect(await screen.findByText('42%')).toBeInTheDocument();
  });

  it('still match the name before the rename when it is the one the override names', () => {
    const panel: Panel = {
      type: 'table',
      transformations: [{ id: 'organize', options: { renameByName: { Value: 'Requests' } } }],
      fieldConfig: {
        defaults: {},
        overrides: [{ matcher: { id: 'byName', options: 'Value' }, properties: [{ id: 'unit', value: 'ms' }] }],
      },
    };
    const [frame] = prepareFields(panel, panelFrames(panel, [seriesFrame({ times, values: [1, 2, 3] })]));
    const value = frame!.fields.find((f) => f.type === 'number')!;
    expect(value.displayName).toBe('Requests');
    expect(value.config.unit).toBe('ms');
  });
});

describe('graph axes', () => {
  const graph = graphOf({ type: 'timeseries' }, [seriesFrame({ times, values: [0.4, 1.1, 1.6] })]);
  const options = buildUplotOptions(graph, {
    width: 400,
    height: 200,
    scheme: 'light',
    getTimeRange: () => range,
    pxRatio: 1,
  });

  it('gives every tick label of an axis the decimals of the tick step: 0.5, 1.0, 1.5', () => {
    const values = options.axes![1]!.values as (u: unknown, splits: number[], axisIdx: number, space: number, incr: number) => string[];
    expect(values(null, [0.5, 1, 1.5], 1, 30, 0.5)).toEqual(['0.5', '1.0', '1.5']);
    expect(values(null, [0, 0.25, 0.5], 1, 30, 0.25)).toEqual(['0.00', '0.25', '0.50']);
    expect(values(null, [0, 5, 10], 1, 30, 5)).toEqual(['0', '5', '10']);
    expect(tickDecimals(0.1 + 0.2)).toBe(1);
  });

  it('keeps the field’s own decimals over the tick step’s', () => {
    const fixed = graphOf({ type: 'timeseries', fieldConfig: { defaults: { decimals: 2 }, overrides: [] } }, [
      seriesFrame({ times, values: [0.4, 1.1, 1.6] }),
    ]);
    const axis = buildUplotOptions(fixed, { width: 400, height: 200, scheme: 'light', getTimeRange: () => range }).axes![1]!;
    const values = axis.values as (u: unknown, splits: number[], axisIdx: number, space: number, incr: number) => string[];
    expect(values(null, [0.5, 1], 1, 30, 0.5)).toEqual(['0.50', '1.00']);
  });

  it('leaves room right of the plot for half of the widest time label, so the last one is not cut', () => {
    expect(options.padding![1]).toBe(rightPadding);
    const self = { axes: [{ _values: ['5:50pm', '6:40pm\n11/26'] }] } as unknown as Parameters<typeof rightPadding & object>[0];
    const padding = (rightPadding as (...args: unknown[]) => number)(self, 1, [false, false, true, true], 1);
    expect(padding).toBeGreaterThanOrEqual(textWidth('6:40pm', 11) / 2);
    // A right-hand axis already gives the room.
    expect((rightPadding as (...args: unknown[]) => number)(self, 1, [false, true, true, true], 1)).toBe(8);
  });
});

describe('stat on a coloured background', () => {
  it('chooses dark or light text by what the background looks like on the panel, transparency included', async () => {
    renderPanel(
      {
        type: 'stat',
        options: { colorMode: 'background_solid', graphMode: 'none', reduceOptions: { calcs: ['lastNotNull'] } },
        fieldConfig: { defaults: { color: { mode: 'fixed', fixedColor: 'rgba(0, 0, 0, 0.1)' } }, overrides: [] },
      },
      [seriesFrame({ times, values: [1, 2, 7] })],
    );
    const box = (await screen.findByText('7')).closest<HTMLElement>('[data-testid="stat-value"]')!;
    // A faint black over the white panel is light grey: the text is dark.
    expect(box.style.color).toBe('rgb(0, 0, 0)');
  });

  it('draws colorMode background as Grafana’s gradient, with text readable on both of its ends', async () => {
    renderPanel(
      {
        type: 'stat',
        options: { colorMode: 'background', graphMode: 'none', reduceOptions: { calcs: ['lastNotNull'] } },
        fieldConfig: { defaults: { color: { mode: 'fixed', fixedColor: '#F2495C' } }, overrides: [] },
      },
      [seriesFrame({ times, values: [1, 2, 7] })],
    );
    const box = (await screen.findByText('7')).closest<HTMLElement>('[data-testid="stat-value"]')!;
    expect(box.style.background).toMatch(/^linear-gradient\(120deg/);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`keeps value text at 4.5:1 or better on Grafana's solid colours (${scheme})`, () => {
      for (const color of ['#73BF69', '#FADE2A', '#F2495C', '#5794F2', '#B877D9', '#FF9830', '#1F60C4', '#C4162A', '#37872D', '#8AB8FF']) {
        const { css, text } = statBackground(color, 'background_solid', scheme);
        expect(contrastRatio(text, css)).toBeGreaterThanOrEqual(4.5);
      }
      const faint = statBackground('rgba(255, 255, 255, 0.1)', 'background_solid', scheme);
      expect(contrastRatio(faint.text, blendOver(faint.css, scheme === 'dark' ? '#242424' : '#ffffff'))).toBeGreaterThanOrEqual(4.5);
    });
  }
});

describe('text panel headings', () => {
  it('are real headings one level below the panel title', async () => {
    renderPanel(
      { type: 'text', options: { mode: 'markdown', content: '# Runbook\n\nText\n\n## Escalation\n\n<script>alert(1)</script>' } },
      [],
      {
        headingLevel: 2,
      },
    );
    expect(await screen.findByRole('heading', { level: 3, name: 'Runbook' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Escalation' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('start one lower under a row, and go past h6 as ARIA headings', () => {
    const html = renderTextContent('# One\n\n#### Four', 'markdown', 3);
    expect(html).toContain('<h4');
    expect(html).toMatch(/<p role="heading" aria-level="7"[^>]*>Four<\/p>/);
    expect(renderTextContent('<h2 onclick="x()">Two</h2>', 'html', 2)).toMatch(/^<h4 style="[^"]*">Two<\/h4>$/);
  });
});

describe('data links', () => {
  const links = [
    { title: 'Details of ${__series.name}', url: 'https://example.test/s?name=${__series.name}&v=${__value.raw}&${__url_time_range}' },
  ];

  it('are offered in the graph tooltip for the series under the pointer, and can be clicked once it is pinned', () => {
    const graph = graphOf({ type: 'timeseries', fieldConfig: { defaults: { links }, overrides: [] } }, [
      seriesFrame({ times, values: [1, 2, 3], displayNameFromDS: 'reads' }),
    ]);
    const [row] = tooltipRows(graph, 1, 'single', {});
    const found = seriesLinksAt(graph, row!.seriesIndex, 1, { timeRange: range });
    expect(found).toEqual([
      { title: 'Details of reads', href: `https://example.test/s?name=reads&v=2&from=${range.from}&to=${range.to}`, newTab: false },
    ]);
    const tip = document.createElement('div');
    tip.setAttribute('aria-hidden', 'true');
    fillTooltip(tip, times[1]!, [row!], 'utc', found);
    expect(tip.textContent).toContain('Click the graph to use the links');
    setTooltipPinned(tip, true);
    fillTooltip(tip, times[1]!, [row!], 'utc', found, true);
    document.body.appendChild(tip);
    const link = screen.getByRole('link', { name: 'Details of reads' });
    expect(link).toHaveAttribute('href', found[0]!.href);
    expect(tip.style.pointerEvents).toBe('auto');
    expect(tip.textContent).not.toContain('Click the graph');
    tip.remove();
  });

  it('make a table cell’s value a link, written for its own row', async () => {
    renderPanel(
      {
        type: 'table',
        title: 'Hosts',
        fieldConfig: {
          defaults: {},
          overrides: [
            {
              matcher: { id: 'byName', options: 'host' },
              properties: [
                {
                  id: 'links',
                  value: [{ title: 'Open ${__data.fields.host}', url: '/d/host?var-host=${__value.raw}&load=${__data.fields.load}' }],
                },
              ],
            },
          ],
        },
      },
      [
        tableFrame([
          { name: 'host', values: ['web-1', 'db 2'] },
          { name: 'load', values: [0.5, 2] },
        ]),
      ],
    );
    const link = await screen.findByRole('link', { name: 'db 2' });
    expect(link).toHaveAttribute('href', '/d/host?var-host=db%202&load=2');
    expect(link).toHaveAttribute('title', 'Open db 2');
    expect(screen.getByRole('link', { name: 'web-1' })).toHaveAttribute('href', '/d/host?var-host=web-1&load=0.5');
  });

  it('make a stat’s value a link', async () => {
    renderPanel(
      {
        type: 'stat',
        options: { reduceOptions: { calcs: ['lastNotNull'] } },
        fieldConfig: {
          defaults: { links: [{ title: 'Why ${__value.text}?', url: 'https://example.test/why?v=${__value.raw}', targetBlank: true }] },
          overrides: [],
        },
      },
      [seriesFrame({ times, values: [1, 2, 42] })],
    );
    const link = await screen.findByRole('link', { name: /42/ });
    expect(link).toHaveAttribute('href', 'https://example.test/why?v=42');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('title', 'Why 42?');
  });
});
