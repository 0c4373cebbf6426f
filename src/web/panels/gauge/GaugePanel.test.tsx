import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Panel } from '../layout';
import { PanelRenderer } from '../PanelRenderer';
import { renderWithProviders } from '../../test/render';
import { seriesFrame } from '../testing';
import { gaugeGeometry, gaugeScale, scaleLabels } from './gaugeLayout';
import type { FieldDisplay } from '../fieldDisplay';

beforeAll(async () => {
  await import('./GaugePanel');
}, 60_000);

const range = { from: 1_700_000_000_000, to: 1_700_003_600_000 };

function renderGauge(panel: Panel, values: number[] = [20, 75]) {
  return renderWithProviders(
    <PanelRenderer
      panel={panel}
      frames={[seriesFrame({ times: values.map((_, i) => i + 1), values })]}
      width={400}
      height={200}
      timeRange={range}
    />,
  );
}

const thresholds = {
  mode: 'absolute',
  steps: [
    { color: 'green', value: null },
    { color: 'orange', value: 50 },
    { color: 'red', value: 80 },
    { color: 'purple', value: 150 },
  ],
};

describe('gauge threshold labels', () => {
  it('writes the min, the max and every threshold inside them around the arc when showThresholdLabels is on', async () => {
    renderGauge({
      type: 'gauge',
      options: { showThresholdLabels: true },
      fieldConfig: { defaults: { min: 0, max: 100, thresholds }, overrides: [] },
    });
    const labels = await screen.findByRole('img', { name: 'Thresholds: 0, 100, 50, 80' });
    expect([...labels.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['0', '100', '50', '80']);
    // Turned along the arc: the min at the start (-108°), the max at the end (+108°).
    expect(labels.querySelector('text')?.getAttribute('transform')).toMatch(/^rotate\(-108\.00 /);
    expect(labels.querySelectorAll('text')[1]?.getAttribute('transform')).toMatch(/^rotate\(108\.00 /);
  });

  it('writes none by default', async () => {
    renderGauge({ type: 'gauge', fieldConfig: { defaults: { min: 0, max: 100, thresholds }, overrides: [] } });
    expect(await screen.findByText('75')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Thresholds/ })).not.toBeInTheDocument();
  });

  it('runs percentage thresholds from 0 to 100, and rounds the ends to the field’s decimals', async () => {
    renderGauge(
      {
        type: 'gauge',
        options: { showThresholdLabels: true },
        fieldConfig: {
          defaults: {
            min: 0.123,
            max: 9.876,
            decimals: 1,
            thresholds: {
              mode: 'percentage',
              steps: [
                { color: 'green', value: null },
                { color: 'red', value: 90 },
              ],
            },
          },
          overrides: [],
        },
      },
      [3],
    );
    expect(await screen.findByRole('img', { name: 'Thresholds: 0, 100, 90' })).toBeInTheDocument();
  });
});

describe('gaugeScale', () => {
  const item = (config: Record<string, unknown>, range = { min: 0, max: 100 }) =>
    ({ name: 'v', display: { text: '1', numeric: 1, color: '#123456' }, field: { config }, range }) as unknown as FieldDisplay;

  it('keeps only the stops inside the range, each coloured by the band it ends (Grafana’s getFormattedThresholds)', () => {
    const scale = gaugeScale(item({ thresholds }, { min: 60, max: 120 }), 'dark');
    expect(scale.stops.map((s) => s.value)).toEqual([60, 80, 120]);
    expect(scaleLabels(scale).map((l) => l.text)).toEqual(['60', '120', '80']);
  });

  it('has one band of the value’s colour when the field is not coloured by thresholds', () => {
    const scale = gaugeScale(item({ thresholds, color: { mode: 'fixed', fixedColor: 'blue' } }), 'dark');
    expect(scale.stops).toEqual([
      { value: 0, color: '#123456' },
      { value: 100, color: '#123456' },
    ]);
  });
});

describe('gaugeGeometry', () => {
  // A 4-row panel: 4 × 30 px rows and 3 × 8 px gaps, less the 30 px header and 8 px of padding.
  for (const [width, height, name, labels] of [
    [170, 104, 0, false],
    [400, 104, 0, false],
    [100, 300, 0, false],
    [170, 104, 14, false],
    [400, 200, 0, true],
    [200, 300, 20, true],
  ] as const) {
    it(`keeps the arc, its ring${labels ? ' and labels' : ''} inside a ${width} × ${height} box`, () => {
      const g = gaugeGeometry({ width, height, text: '75%', labelChars: 3, markers: true, labels, nameHeight: name });
      expect(g.cy - g.extent).toBeGreaterThanOrEqual(-0.01);
      expect(g.cy + g.below).toBeLessThanOrEqual(height - name + 0.01);
      expect(g.cx - g.extent).toBeGreaterThanOrEqual(-0.01);
      expect(g.cx + g.extent).toBeLessThanOrEqual(width + 0.01);
      expect(g.labelR > g.markerR).toBe(labels);
      // And it uses the room it has: it comes within flot's 5 px cell margin of the box on one side.
      expect(Math.min(height - name - (g.cy + g.below), g.cy - g.extent, g.cx - g.extent)).toBeLessThan(11);
    });
  }
});
