import { EditorView } from '@codemirror/view';
import { act, screen, within } from '@testing-library/react';
import { userEvent } from '../../../test/user';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { Panel } from '../../../panels/layout';
import { seriesFrame, tableFrame } from '../../../panels/testing';
import { downloadText } from './csv';
import { MAX_TABLE_ROWS, PanelInspect, type PanelInspectProps } from './PanelInspect';

vi.mock('./csv', async (importOriginal) => ({ ...(await importOriginal<typeof import('./csv')>()), downloadText: vi.fn() }));

beforeAll(() => {
  // CodeMirror measures text with ranges, which jsdom does not lay out.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
afterEach(() => vi.mocked(downloadText).mockClear());

const T0 = Date.UTC(2024, 0, 2, 3, 4, 5, 0);

const panel: Panel = {
  id: 7,
  type: 'stat',
  title: 'CPU',
  targets: [{ refId: 'A', expr: 'up' }],
  fieldConfig: { defaults: { unit: 'percent' }, overrides: [] },
};

function renderInspect(overrides: Partial<PanelInspectProps> = {}) {
  const props: PanelInspectProps = {
    opened: true,
    onClose: vi.fn(),
    panel,
    frames: [seriesFrame({ times: [T0, T0 + 60_000], values: [42, 43.5], labels: { job: 'api' } })],
    timeZone: 'utc',
    ...overrides,
  };
  renderWithProviders(<PanelInspect {...props} />);
  return props;
}

/** The text of each body row of the data table. */
function bodyRows(): string[][] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

/** Replaces the text of the CodeMirror editor named `label`, as typing would. */
function replaceEditorText(label: string, text: string) {
  const content = screen.getByLabelText(label);
  const view = EditorView.findFromDOM(content)!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

describe('PanelInspect: data', () => {
  it('shows the data as a table, formatted as the panel shows it, or raw', async () => {
    renderInspect();
    expect(await screen.findByRole('dialog', { name: 'Inspect: CPU' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Time', 'api']);
    expect(bodyRows()).toEqual([
      ['2024-01-02T03:04:05.000Z', '42%'],
      ['2024-01-02T03:05:05.000Z', '43.5%'],
    ]);

    await userEvent.click(screen.getByRole('switch', { name: 'Formatted data' }));
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Time', 'Value {job="api"}']);
    expect(bodyRows()).toEqual([
      [String(T0), '42'],
      [String(T0 + 60_000), '43.5'],
    ]);
  });

  it('downloads the shown frame as <title>-data-<date>.csv and confirms it', async () => {
    renderInspect();
    await userEvent.click(await screen.findByRole('switch', { name: 'Formatted data' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloadText).toHaveBeenCalledTimes(1);
    const [filename, text] = vi.mocked(downloadText).mock.calls[0]!;
    expect(filename).toMatch(/^CPU-data-\d{4}-\d\d-\d\d \d\d-\d\d-\d\d\.csv$/);
    expect(text).toBe(`Time,"Value {job=""api""}"\r\n${T0},42\r\n${T0 + 60_000},43.5\r\n`);
    expect(await screen.findByText('CSV downloaded')).toBeInTheDocument();
  });

  it('downloads formatted values and ISO times when formatted', async () => {
    renderInspect();
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(vi.mocked(downloadText).mock.calls[0]![1]).toBe(
      'Time,api\r\n2024-01-02T03:04:05.000Z,42%\r\n2024-01-02T03:05:05.000Z,43.5%\r\n',
    );
  });

  it('picks among several frames, or joins them by time', async () => {
    const frames = [
      seriesFrame({ times: [T0], values: [1], labels: { job: 'a' } }),
      seriesFrame({ times: [T0 + 1000], values: [2], labels: { job: 'b' } }),
    ];
    renderInspect({ frames, panel: { id: 7, title: 'Jobs', targets: [{ refId: 'A' }] } });
    const picker = await screen.findByRole('combobox', { name: 'Frame' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['A: a', 'A: b']);
    expect(bodyRows()).toEqual([['2024-01-02T03:04:05.000Z', '1']]);
    await userEvent.selectOptions(picker, 'A: b');
    expect(bodyRows()).toEqual([['2024-01-02T03:04:06.000Z', '2']]);

    await userEvent.click(screen.getByRole('switch', { name: 'Series joined by time' }));
    expect(screen.queryByRole('combobox', { name: 'Frame' })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Time', 'a', 'b']);
    expect(bodyRows()).toEqual([
      ['2024-01-02T03:04:05.000Z', '1', ''],
      ['2024-01-02T03:04:06.000Z', '', '2'],
    ]);
  });

  it(`draws the first ${MAX_TABLE_ROWS} rows and says how many there are`, async () => {
    const values = Array.from({ length: MAX_TABLE_ROWS + 5 }, (_, i) => i);
    renderInspect({ frames: [tableFrame([{ name: 'n', values }])] });
    expect(await screen.findByText(/Showing the first 1,000 of 1,005 rows/)).toBeInTheDocument();
    // Counted without role queries, which take seconds over a thousand rows.
    expect(screen.getByRole('table').querySelectorAll('tbody tr')).toHaveLength(MAX_TABLE_ROWS);
  });

  it('says there is no data, or shows the query error, when there are no frames', async () => {
    renderInspect({ frames: [] });
    expect(await screen.findByText('No data: the query returned no frames.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('shows the query error in the data tab when the query failed', async () => {
    renderInspect({ frames: [], error: 'execution: query timed out' });
    expect(await screen.findByRole('alert')).toHaveTextContent('execution: query timed out');
  });
});

describe('PanelInspect: query', () => {
  const request = { from: 'now-6h', to: 'now', queries: [{ refId: 'A', expr: 'up' }] };
  const response = { results: { A: { status: 200, frames: [] } } };

  it('shows the request and response JSON and copies them to the clipboard', async () => {
    const user = userEvent.setup();
    renderInspect({ initialTab: 'query', request, response });
    const requestRegion = await screen.findByRole('region', { name: 'Request' });
    expect(within(requestRegion).getByText(/"expr": "up"/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Response' })).getByText(/"status": 200/)).toBeInTheDocument();

    await user.click(within(requestRegion).getByRole('button', { name: 'Copy to clipboard' }));
    expect(await navigator.clipboard.readText()).toBe(JSON.stringify(request, null, 2));
    expect(await screen.findByText('The request is on the clipboard')).toBeInTheDocument();
  });

  it('says when nothing was sent yet, and shows the query error as text', async () => {
    renderInspect({ initialTab: 'query', error: 'bad_data: parse error at char 3' });
    expect(await screen.findByText('No request yet')).toBeInTheDocument();
    expect(screen.getByText('No response yet')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('bad_data: parse error at char 3');
  });
});

describe('PanelInspect: JSON', () => {
  it('shows invalid JSON next to the editor and disables Apply', async () => {
    const props = renderInspect({ initialTab: 'json', onApplyPanelJson: vi.fn() });
    await screen.findByLabelText('Panel JSON');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();

    replaceEditorText('Panel JSON', '{ "id": 7, ');
    expect(await screen.findByRole('alert')).toHaveTextContent('The panel JSON is not valid');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();

    replaceEditorText('Panel JSON', '[1]');
    expect(screen.getByRole('alert')).toHaveTextContent('The panel must be a JSON object');
    replaceEditorText('Panel JSON', '{ "id": 8 }');
    expect(screen.getByRole('alert')).toHaveTextContent('The "id" must stay 7');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(props.onApplyPanelJson).not.toHaveBeenCalled();
  });

  it('applies valid JSON with the same id and reminds to save the dashboard', async () => {
    const props = renderInspect({ initialTab: 'json', onApplyPanelJson: vi.fn() });
    await screen.findByLabelText('Panel JSON');
    expect(screen.getByText(/save the dashboard afterwards/)).toBeInTheDocument();
    replaceEditorText('Panel JSON', JSON.stringify({ ...panel, title: 'CPU busy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(props.onApplyPanelJson).toHaveBeenCalledWith({ ...panel, title: 'CPU busy' });
    expect(await screen.findByText('Save the dashboard to keep the change.')).toBeInTheDocument();
  });

  it('keeps edits while another tab is looked at', async () => {
    renderInspect({ initialTab: 'json', onApplyPanelJson: vi.fn() });
    await screen.findByLabelText('Panel JSON');
    replaceEditorText('Panel JSON', '{ "id": 7, "title": "edited" }');
    await userEvent.click(screen.getByRole('tab', { name: 'Data' }));
    await userEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    expect(await screen.findByLabelText('Panel JSON')).toHaveTextContent('"title": "edited"');
  });

  it('is read-only, and says why, for someone who may not edit', async () => {
    renderInspect({ initialTab: 'json' });
    const editor = await screen.findByLabelText('Panel JSON');
    expect(editor).toHaveAttribute('aria-readonly', 'true');
    expect(editor).toHaveTextContent('"title": "CPU"');
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(screen.getByText(/changing it needs permission to edit the dashboard/)).toBeInTheDocument();
  });
});

describe('PanelInspect: URL-driven tabs, time zone, transformations and stats', () => {
  it('shows the tab it is given and asks to change it rather than changing it itself', async () => {
    const onTabChange = vi.fn();
    renderInspect({ tab: 'data', onTabChange });
    await screen.findByRole('dialog', { name: 'Inspect: CPU' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Data', 'Stats', 'JSON', 'Query']);
    await userEvent.click(screen.getByRole('tab', { name: 'Stats' }));
    expect(onTabChange).toHaveBeenCalledWith('stats');
    expect(screen.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true');
  });

  it('writes times in the dashboard’s time zone', async () => {
    renderInspect({ timeZone: 'Asia/Tokyo' });
    await screen.findByRole('table');
    expect(bodyRows()[0]).toEqual(['2024-01-02T12:04:05.000+09:00', '42%']);
  });

  it('applies the panel’s transformations only when asked, as Grafana', async () => {
    const transformed: Panel = {
      ...panel,
      transformations: [{ id: 'organize', options: { renameByName: { Value: 'Load' } } }],
      fieldConfig: { defaults: {}, overrides: [] },
    };
    renderInspect({ panel: transformed, frames: [seriesFrame({ times: [T0], values: [1] })] });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('switch', { name: 'Formatted data' }));
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Time', 'Value']);
    const apply = screen.getByRole('switch', { name: 'Apply panel transformations' });
    expect(apply).not.toBeChecked();
    await userEvent.click(apply);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Time', 'Load']);
  });

  it('offers no transformations switch for a panel without any', async () => {
    renderInspect();
    await screen.findByRole('table');
    expect(screen.queryByRole('switch', { name: 'Apply panel transformations' })).toBeNull();
  });

  it('shows a skeleton, not "No data", while the first answer is on its way', async () => {
    renderInspect({ frames: [], loading: true });
    expect(await screen.findByRole('status', { name: "Loading the panel's data" })).toBeInTheDocument();
    expect(screen.queryByText(/No data/)).toBeNull();
  });

  it('counts the queries, frames and rows, and the request time', async () => {
    renderInspect({ initialTab: 'stats', request: { queries: [{ refId: 'A' }, { refId: 'B' }] }, requestMs: 85 });
    const stats = await screen.findByRole('table', { name: 'Query statistics' });
    const rows = within(stats)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Total request time85 ms', 'Number of queries2', 'Number of frames1', 'Total number rows2']);
  });
});
