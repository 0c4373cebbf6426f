import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { seriesFrame } from '../testing';
import TimeSeriesPanel from './TimeSeriesPanel';

// jsdom has no canvas and no layout: a 2D context and Path2D that accept every call, and a plot box of 400 × 200.
const globals = globalThis as { Path2D?: unknown };
const originalPath2D = globals.Path2D;
const originalGetContext = HTMLCanvasElement.prototype.getContext;
const originalRect = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  globals.Path2D = function Path2D() {
    return new Proxy({} as Record<string | symbol, unknown>, { get: (target, prop) => (prop in target ? target[prop] : () => {}) });
  };
  const context: object = new Proxy(
    {},
    {
      get: (target: Record<string | symbol, unknown>, prop) => {
        if (prop === 'measureText') return () => ({ width: 20 });
        if (prop in target) return target[prop];
        return () => context;
      },
      set: (target: Record<string | symbol, unknown>, prop, value) => {
        target[prop] = value;
        return true;
      },
    },
  );
  HTMLCanvasElement.prototype.getContext = (() => context) as unknown as typeof HTMLCanvasElement.prototype.getContext;
  HTMLElement.prototype.getBoundingClientRect = function () {
    return { x: 0, y: 0, left: 0, top: 0, width: 400, height: 200, right: 400, bottom: 200, toJSON: () => ({}) } as DOMRect;
  };
});
afterAll(() => {
  globals.Path2D = originalPath2D;
  HTMLCanvasElement.prototype.getContext = originalGetContext;
  HTMLElement.prototype.getBoundingClientRect = originalRect;
});

const range = { from: 1_700_000_000_000, to: 1_700_000_600_000 };
const times = [range.from, range.from + 300_000, range.to];

describe('time series panel on uPlot', () => {
  it('draws into uPlot, adds annotations on Ctrl-click and shows annotation markers', async () => {
    const onCreateAnnotation = vi.fn();
    const onChangeTimeRange = vi.fn();
    const { container } = renderWithProviders(
      <TimeSeriesPanel
        panel={{ type: 'timeseries', title: 'CPU' }}
        frames={[seriesFrame({ times, values: [1, 2, 3], displayNameFromDS: 'cpu' })]}
        width={400}
        height={200}
        timeRange={range}
        timeZone="utc"
        annotations={[{ id: 7, time: range.from + 300_000, timeEnd: range.from + 400_000, text: 'Deploy', tags: ['ci'], author: 'admin' }]}
        onCreateAnnotation={onCreateAnnotation}
        onChangeTimeRange={onChangeTimeRange}
      />,
    );
    await waitFor(() => expect(container.querySelector('.uplot')).not.toBeNull());
    const marker = await screen.findByRole('button', {
      name: 'Annotation at 2023-11-14 22:18:20 to 2023-11-14 22:20:00: Deploy, tags: ci, by admin',
    });
    fireEvent.mouseEnter(marker);
    expect(screen.getByText('Tags: ci')).toBeInTheDocument();
    expect(screen.getByText('By admin')).toBeInTheDocument();

    const over = container.querySelector<HTMLElement>('.u-over')!;
    fireEvent.mouseDown(over, { clientX: 200, clientY: 50, ctrlKey: true, button: 0 });
    fireEvent.mouseUp(over, { clientX: 200, clientY: 50, ctrlKey: true, button: 0 });
    expect(onCreateAnnotation).toHaveBeenCalledTimes(1);
    const { time } = onCreateAnnotation.mock.calls[0]![0] as { time: number };
    expect(time).toBeGreaterThan(range.from);
    expect(time).toBeLessThan(range.to);

    // A plain click is neither an annotation nor a zoom.
    fireEvent.mouseDown(over, { clientX: 100, clientY: 50, button: 0 });
    fireEvent.mouseUp(over, { clientX: 100, clientY: 50, button: 0 });
    expect(onCreateAnnotation).toHaveBeenCalledTimes(1);
    expect(onChangeTimeRange).not.toHaveBeenCalled();

    // A drag across the plot zooms to the dragged range.
    fireEvent.mouseDown(over, { clientX: 100, clientY: 50, button: 0 });
    fireEvent.mouseMove(over, { clientX: 300, clientY: 60, movementX: 200, movementY: 10, button: 0 });
    fireEvent.mouseUp(document, { clientX: 300, clientY: 60, button: 0 });
    await waitFor(() => expect(onChangeTimeRange).toHaveBeenCalledTimes(1));
    const zoom = onChangeTimeRange.mock.calls[0]![0] as { from: number; to: number };
    expect(zoom.from).toBeGreaterThan(range.from);
    expect(zoom.to).toBeLessThan(range.to);
    expect(zoom.to).toBeGreaterThan(zoom.from);

    // Ctrl-drag marks a region instead.
    fireEvent.mouseDown(over, { clientX: 120, clientY: 50, ctrlKey: true, button: 0 });
    fireEvent.mouseMove(over, { clientX: 220, clientY: 60, movementX: 100, movementY: 10, ctrlKey: true, button: 0 });
    fireEvent.mouseUp(document, { clientX: 220, clientY: 60, ctrlKey: true, button: 0 });
    await waitFor(() => expect(onCreateAnnotation).toHaveBeenCalledTimes(2));
    const region = onCreateAnnotation.mock.calls[1]![0] as { time: number; timeEnd: number };
    expect(region.timeEnd).toBeGreaterThan(region.time);
    expect(onChangeTimeRange).toHaveBeenCalledTimes(1);

    // Hiding a series from the legend keeps the chart.
    fireEvent.click(screen.getByRole('button', { name: 'cpu' }));
    expect(container.querySelector('.uplot')).not.toBeNull();
  });
});
