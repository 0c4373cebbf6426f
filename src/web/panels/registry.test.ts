import { describe, expect, it } from 'vitest';
import { migrateToPlugin, newPanelOfType, panelPlugin, panelPlugins } from './registry';
import { greenThenRed } from './thresholdsForTests';

describe('panel plugin registry', () => {
  it('lists every visualization with a name and a one-line description, old types resolving to today’s', () => {
    const list = panelPlugins();
    expect(list.map((p) => p.type)).toEqual([
      'timeseries',
      'barchart',
      'stat',
      'gauge',
      'bargauge',
      'table',
      'piechart',
      'state-timeline',
      'heatmap',
      'histogram',
      'text',
      'dashlist',
      'annolist',
      'logs',
    ]);
    for (const p of list) expect(p.name && p.description).toBeTruthy();
    expect(panelPlugin('graph')?.type).toBe('timeseries');
    expect(panelPlugin('singlestat')?.type).toBe('stat');
    expect(panelPlugin('table-old')?.type).toBe('table');
    expect(panelPlugin('geomap')).toBeUndefined();
    expect(migrateToPlugin({ type: 'graph', lines: true }).type).toBe('timeseries');
  });

  it('makes a fresh time series as Grafana saves one', () => {
    expect(newPanelOfType('timeseries')).toEqual({
      type: 'timeseries',
      options: {
        tooltip: { mode: 'single', sort: 'none', hideZeros: false },
        legend: { showLegend: true, displayMode: 'list', placement: 'bottom', calcs: [] },
      },
      fieldConfig: {
        defaults: {
          custom: {
            drawStyle: 'line',
            lineInterpolation: 'linear',
            barAlignment: 0,
            barWidthFactor: 0.6,
            lineWidth: 1,
            fillOpacity: 0,
            gradientMode: 'none',
            spanNulls: false,
            insertNulls: false,
            showPoints: 'auto',
            pointSize: 5,
            stacking: { mode: 'none', group: 'A' },
            axisPlacement: 'auto',
            axisLabel: '',
            axisColorMode: 'text',
            axisBorderShow: false,
            axisCenteredZero: false,
            scaleDistribution: { type: 'linear' },
            hideFrom: { tooltip: false, viz: false, legend: false },
            thresholdsStyle: { mode: 'off' },
          },
          color: { mode: 'palette-classic' },
          mappings: [],
          thresholds: greenThenRed(80),
        },
        overrides: [],
      },
    });
  });

  it('makes a fresh stat, gauge and table as Grafana saves them', () => {
    expect(newPanelOfType('stat').options).toEqual({
      reduceOptions: { values: false, calcs: ['lastNotNull'], fields: '' },
      orientation: 'auto',
      textMode: 'auto',
      wideLayout: true,
      colorMode: 'value',
      graphMode: 'area',
      justifyMode: 'auto',
      showPercentChange: false,
      percentChangeColorMode: 'standard',
    });
    expect(newPanelOfType('stat').fieldConfig).toMatchObject({ defaults: { color: { mode: 'thresholds' } } });
    expect(newPanelOfType('gauge').options).toMatchObject({
      showThresholdLabels: false,
      showThresholdMarkers: true,
      sizing: 'auto',
      minVizWidth: 75,
      minVizHeight: 75,
    });
    expect(newPanelOfType('table')).toMatchObject({
      options: { showHeader: true, cellHeight: 'sm', footer: { show: false, reducer: ['sum'], fields: '', countRows: false } },
      fieldConfig: { defaults: { custom: { align: 'auto', cellOptions: { type: 'auto' }, inspect: false } } },
    });
    expect(newPanelOfType('text')).toEqual({
      type: 'text',
      options: {
        mode: 'markdown',
        code: { language: 'plaintext', showLineNumbers: false, showMiniMap: false },
        content: '# Title\n\nFor markdown syntax help: [commonmark.org/help](https://commonmark.org/help/)',
      },
    });
  });
});
