import { configure, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import type { Panel } from './layout';
import { rendererFor } from './migrations';
import { PanelRenderer } from './PanelRenderer';
import { seriesFrame } from './testing';

configure({ asyncUtilTimeout: 20_000 });

// Real dashboards exported from Grafana (Argo CD, Istio, Kubernetes views), kept with the server's test fixtures.
const dir = join(process.cwd(), 'src/server/testing/fixtures/dashboards');
const dashboards = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((file) => {
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { dashboard?: { panels?: Panel[] }; panels?: Panel[] };
    const panels: Panel[] = [];
    const walk = (list: Panel[] | undefined) => {
      for (const p of list ?? []) {
        if (p.type === 'row') walk(p.panels);
        else panels.push(p);
      }
    };
    walk((json.dashboard ?? json).panels);
    return { file, panels };
  });

beforeAll(async () => {
  await Promise.all([
    import('./timeseries/TimeSeriesPanel'),
    import('./stat/StatPanel'),
    import('./gauge/GaugePanel'),
    import('./bargauge/BarGaugePanel'),
    import('./table/TablePanel'),
    import('./text/TextPanel'),
    import('./piechart/PieChartPanel'),
    import('./barchart/BarChartPanel'),
    import('./histogram/HistogramPanel'),
    import('./state-timeline/StateTimelinePanel'),
  ]);
}, 60_000);

/** Two labelled series per query, as Prometheus would answer it. */
function framesFor(panel: Panel) {
  const targets = Array.isArray(panel.targets) && panel.targets.length ? panel.targets : [{ refId: 'A' }];
  const times = [1_700_000_000_000, 1_700_000_060_000, 1_700_000_120_000];
  return targets.flatMap((t, i) =>
    ['a', 'b'].map((instance, j) =>
      seriesFrame({
        refId: String(t.refId ?? String.fromCharCode(65 + i)),
        times,
        values: [i + j, null, i + j + 0.5],
        labels: { __name__: 'metric', instance, namespace: 'default', pod: `pod-${j}` },
      }),
    ),
  );
}

describe.each(dashboards)('$file', ({ panels }) => {
  it(`draws every panel without a crash (${panels.length} panels)`, async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const range = { from: 1_699_999_000_000, to: 1_700_000_200_000 };
    renderWithProviders(
      <>
        {panels.map((panel, i) => (
          <div key={i} data-testid="panel">
            <PanelRenderer panel={panel} frames={framesFor(panel)} width={400} height={200} timeRange={range} replaceVariables={(t) => t} />
          </div>
        ))}
      </>,
    );
    expect(await screen.findAllByTestId('panel')).toHaveLength(panels.length);
    // Every lazy renderer has resolved when no panel still says it is loading.
    await vi.waitFor(() => expect(screen.queryByRole('status', { name: 'Loading panel' })).toBeNull(), { timeout: 30_000 });
    expect(screen.queryByText(/This panel could not be drawn/)).toBeNull();
    const unsupported = panels.filter((p) => !rendererFor(String(p.type)));
    expect(screen.queryAllByText(/is not supported yet/)).toHaveLength(unsupported.length);
    expect(errors).not.toHaveBeenCalledWith('Panel failed to render', expect.anything(), expect.anything());
    errors.mockRestore();
  }, 60_000);
});
