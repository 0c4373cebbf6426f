import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { DataFrame } from '../../../contract/query';
import { renderWithProviders } from '../../test/render';
import { userEvent } from '../../test/user';
import type { Panel } from '../layout';
import { seriesFrame } from '../testing';
import { greenThenRed } from '../thresholdsForTests';
import { OptionsPane } from './OptionsPane';

function renderPane(initial: Panel, frames: DataFrame[] = []) {
  const changes: Array<{ panel: Panel; coalesce?: string }> = [];
  function Harness() {
    const [panel, setPanel] = useState(initial);
    return (
      <OptionsPane
        panel={panel}
        frames={frames}
        onChange={(next, coalesce) => {
          changes.push({ panel: next, coalesce });
          setPanel(next);
        }}
      />
    );
  }
  const view = renderWithProviders(<Harness />);
  const last = () => changes[changes.length - 1]!.panel;
  return { ...view, changes, last };
}

/** A control's name from what labels it: aria-labelledby, aria-label, its <label>, or a button's text. */
function nameOf(control: HTMLElement): string {
  const labelledBy = control.getAttribute('aria-labelledby');
  if (labelledBy)
    return labelledBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
  const label = control.getAttribute('aria-label');
  if (label) return label.trim();
  const labels = (control as HTMLInputElement).labels;
  if (labels?.length)
    return [...labels]
      .map((l) => l.textContent ?? '')
      .join(' ')
      .trim();
  return control.tagName === 'BUTTON' ? (control.textContent ?? '').trim() : '';
}

/** Mantine keeps its dropdowns' options out of the accessibility tree while they animate in; find them by text. */
const findOption = (name: string) => screen.findByText(name, { selector: '[role=option] span' });

// Read straight from the DOM: role queries over the whole pane are slow on a busy machine.
const categoryTitles = () => [...document.querySelectorAll('button[aria-expanded="true"]')].map((b) => b.textContent);

// The pane is a large form: on a busy 2-core machine one journey through it takes tens of seconds.
describe('OptionsPane', { timeout: 180_000 }, () => {
  it('lists a time series’ categories in Grafana’s order and writes the legend as Grafana does', async () => {
    const { last } = renderPane({ type: 'timeseries', title: 'CPU' });
    expect(categoryTitles()).toEqual([
      'Panel options',
      'Tooltip',
      'Legend',
      'Axis',
      'Graph styles',
      'Standard options',
      'Data links',
      'Value mappings',
      'Thresholds',
      'Overrides',
    ]);
    const legend = screen.getByRole('radiogroup', { name: 'Mode' });
    await userEvent.click(within(legend).getByLabelText('Table'));
    expect(last().options).toMatchObject({
      legend: { displayMode: 'table', placement: 'bottom', showLegend: true, calcs: [] },
      tooltip: { mode: 'single', sort: 'none' },
    });
    // A fresh panel's field config comes along, as Grafana saves it.
    expect(last().fieldConfig).toMatchObject({
      defaults: {
        color: { mode: 'palette-classic' },
        custom: { drawStyle: 'line', lineWidth: 1, fillOpacity: 0, stacking: { mode: 'none', group: 'A' } },
        thresholds: greenThenRed(80),
        mappings: [],
      },
      overrides: [],
    });
  });

  it('shows options only where they apply and keeps object options whole (stacking)', async () => {
    const { last } = renderPane({ type: 'timeseries' });
    expect(screen.queryByRole('radiogroup', { name: 'Bar alignment' })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Style' })).getByLabelText('Bars'));
    expect(screen.getByRole('radiogroup', { name: 'Bar alignment' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Stack series' })).getByLabelText('100%'));
    expect(last().fieldConfig).toMatchObject({ defaults: { custom: { drawStyle: 'bars', stacking: { mode: 'percent', group: 'A' } } } });
  });

  it('sets a unit from the picker, by search', async () => {
    const { last } = renderPane({ type: 'stat', title: 'Memory' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Unit' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Unit' }), 'bytes');
    await userEvent.click(await findOption('bytes(IEC)'));
    expect((last().fieldConfig as { defaults: { unit?: string } }).defaults.unit).toBe('bytes');
  });

  it('edits thresholds: a base stored with value null, steps ascending, percentage mode', async () => {
    const { last } = renderPane({ type: 'stat' });
    const step = screen.getByRole('textbox', { name: 'Threshold 1' });
    await userEvent.clear(step);
    await userEvent.type(step, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Add threshold' }));
    const thresholds = () => (last().fieldConfig as { defaults: { thresholds: unknown } }).defaults.thresholds;
    expect(thresholds()).toEqual({
      mode: 'absolute',
      steps: [
        { color: 'green', value: null },
        { color: 'red', value: 90 },
        { color: '#EAB839', value: 100 },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove threshold 2' }));
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Thresholds mode' })).getByLabelText('Percentage'));
    expect(thresholds()).toEqual({
      mode: 'percentage',
      steps: [
        { color: 'green', value: null },
        { color: 'red', value: 90 },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Threshold 1 color: red' }));
    await userEvent.click(await screen.findByRole('button', { name: 'dark-orange' }));
    expect(thresholds()).toEqual({
      mode: 'percentage',
      steps: [
        { color: 'green', value: null },
        { color: 'dark-orange', value: 90 },
      ],
    });
  });

  it('adds an override by field name with a unit property', async () => {
    const frames = [seriesFrame({ displayNameFromDS: 'x', times: [1, 2], values: [1, 2] })];
    const { last } = renderPane({ type: 'timeseries' }, frames);
    await userEvent.click(screen.getByRole('radio', { name: 'Overrides' }));
    expect(screen.queryByRole('button', { name: 'Legend' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Add field override' }));
    await userEvent.click(await findOption('Fields with name'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Fields with name' }));
    await userEvent.click(await findOption('x'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Add override property' }));
    await userEvent.click(await findOption('Standard options > Unit'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Unit' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Unit' }), 'bytes');
    await userEvent.click(await findOption('bytes(IEC)'));
    const fieldConfig = last().fieldConfig as { overrides: unknown[] };
    expect(fieldConfig.overrides[0]).toEqual({ matcher: { id: 'byName', options: 'x' }, properties: [{ id: 'unit', value: 'bytes' }] });
  });

  it('filters options by name across categories', async () => {
    renderPane({ type: 'timeseries' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search options' }), 'soft');
    expect(screen.getByRole('textbox', { name: 'Soft min' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Soft max' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(categoryTitles()).toEqual(['Axis']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search options' }), { target: { value: 'zzz' } });
    expect(screen.getByText('No options match “zzz”.')).toBeInTheDocument();
  });

  it('renders a stat pane with its value options, and one undo step per typed field', async () => {
    const { last, changes } = renderPane({ type: 'stat' });
    expect(categoryTitles()).toEqual([
      'Panel options',
      'Value options',
      'Stat styles',
      'Text size',
      'Standard options',
      'Data links',
      'Value mappings',
      'Thresholds',
      'Overrides',
    ]);
    await userEvent.type(within(screen.getByRole('region', { name: 'Panel options' })).getByRole('textbox', { name: 'Title' }), 'Up');
    expect(last().title).toBe('Up');
    expect(changes.map((c) => c.coalesce)).toEqual(['title', 'title']);
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Graph mode' })).getByLabelText('None'));
    expect(last().options).toMatchObject({
      reduceOptions: { values: false, calcs: ['lastNotNull'], fields: '' },
      graphMode: 'none',
      colorMode: 'value',
      justifyMode: 'auto',
      textMode: 'auto',
      orientation: 'auto',
    });
  });

  it('gives every control a label, and every input a visible one', () => {
    const { container } = renderPane({
      type: 'timeseries',
      fieldConfig: {
        defaults: { mappings: [{ type: 'value', options: { 1: { text: 'up' } } }], links: [{ title: 'a', url: '/' }] },
        overrides: [{ matcher: { id: 'byName', options: 'x' }, properties: [{ id: 'custom.stacking', value: { mode: 'normal' } }] }],
      },
    });
    const controls = container.querySelectorAll<HTMLElement>('input:not([type=hidden]), textarea, button, [role=slider]');
    expect(controls.length).toBeGreaterThan(40);
    const text = container.textContent ?? '';
    for (const control of [...controls].filter((c) => !c.closest('[aria-hidden=true]'))) {
      const name = nameOf(control);
      expect(name, control.outerHTML).not.toBe('');
      if (control.tagName !== 'BUTTON') expect(text.includes(name), `${name} is visible`).toBe(true);
    }
  });
});
