import { Alert, Box, Button, Code, Group, Modal, NativeSelect, Skeleton, Stack, Switch, Table, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useId, useMemo, useState, type JSX } from 'react';
import type { DataFrame } from '../../../../contract/query';
import JsonEditor from '../JsonEditor';
import { describeJsonError } from '../jsonErrors';
import type { Panel } from '../../../panels/layout';
import { displayText, getDisplayProcessor, prepareFields } from '../../../panels/fieldDisplay';
import { decodeFrames, type PanelFrame } from '../../../panels/frames';
import { applyTransformations } from '../../../panels/transformations';
import { csvFileName, downloadText, framesToTables, tablesToCsv, type TextTable } from './csv';
import type { InspectTab } from './PanelMenu';

export interface PanelInspectProps {
  opened: boolean;
  onClose(): void;
  panel: Panel;
  frames: DataFrame[];
  /** The /api/ds/query body last sent. */
  request?: unknown;
  /** The raw answer. */
  response?: unknown;
  /** Query error text, if any. */
  error?: string;
  /** The tab shown, when the caller keeps it (in the URL); otherwise `initialTab` starts it. */
  tab?: InspectTab;
  onTabChange?(tab: InspectTab): void;
  initialTab?: InspectTab;
  /** The first answer is on its way: the data tab shows a skeleton rather than "No data". */
  loading?: boolean;
  /** How long the last answer took, for the Stats tab. */
  requestMs?: number;
  /** The dashboard's `timezone`, for times in the data table and the CSV. */
  timeZone?: string;
  /** Absent when the viewer may not edit: then the JSON tab is read-only and says why. */
  onApplyPanelJson?(panel: Panel): void;
}

/** Rows drawn in the data table; the CSV download has them all. */
export const MAX_TABLE_ROWS = 1_000;

function panelTitle(panel: Panel): string {
  return (typeof panel.title === 'string' && panel.title.trim()) || 'Untitled panel';
}

/** Decoded frames back in the wire shape the table and CSV writers read. */
function encodeFrames(frames: PanelFrame[]): DataFrame[] {
  return frames.map((frame) => ({
    schema: {
      refId: frame.refId,
      name: frame.name,
      fields: frame.fields.map((field) => ({ name: field.name, type: field.type, labels: field.labels, config: field.config })),
    },
    data: { values: frame.fields.map((field) => field.values) },
  }));
}

/**
 * The frames as the panel shows them: value fields turned into their display text (units,
 * decimals, mappings) and named by the panel's display names. Time fields stay numbers so the
 * table can still join and write them as times.
 */
function formattedFrames(panel: Panel, frames: PanelFrame[], timeZone: string | undefined): DataFrame[] {
  return prepareFields(panel, frames).map((frame) => ({
    schema: {
      refId: frame.refId,
      name: frame.name,
      fields: frame.fields.map((field) => ({
        name: field.name,
        type: field.type === 'time' ? 'time' : 'string',
        labels: field.labels,
        config: { displayName: field.displayName },
      })),
    },
    data: {
      values: frame.fields.map((field) => {
        if (field.type === 'time') return field.values;
        const display = getDisplayProcessor(field, { timeZone });
        return field.values.map((value) => displayText(display(value)));
      }),
    },
  }));
}

/** Picker labels: a frame's title, with its columns when another frame has the same title. */
function frameChoices(tables: TextTable[]): Array<{ value: string; label: string }> {
  return tables.map((table, index) => {
    const repeated = tables.some((other, i) => i !== index && other.title === table.title);
    const columns = table.headers.slice(1).join(', ');
    return { value: String(index), label: repeated && columns ? `${table.title}: ${columns}` : table.title };
  });
}

/** Copies text, confirming with a notification or saying next to the button why it could not. */
function CopyButton({ text, what }: { text: string; what: string }) {
  const [failure, setFailure] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setFailure(undefined);
      notifications.show({ color: 'green', title: 'Copied to clipboard', message: `The ${what} is on the clipboard` });
    } catch (error) {
      setFailure(`Could not copy: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" leftSection={<IconCopy size={14} aria-hidden />} onClick={() => void copy()}>
        Copy to clipboard
      </Button>
      {failure && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
    </Group>
  );
}

/** A titled block of JSON: a region named by its heading, the text in a scrollable `<pre>`. */
function JsonBlock({ heading, value, emptyText, what }: { heading: string; value: unknown; emptyText: string; what: string }) {
  const headingId = useId();
  const text = useMemo(() => (value === undefined ? undefined : JSON.stringify(value, null, 2)), [value]);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={3} size="h5" id={headingId}>
          {heading}
        </Title>
        {text !== undefined && <CopyButton text={text} what={what} />}
      </Group>
      {text === undefined ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        // Focusable so that keyboard users can scroll a long answer.
        <Code block tabIndex={0} style={{ maxHeight: '40vh', overflow: 'auto' }}>
          {text}
        </Code>
      )}
    </Stack>
  );
}

function hasTransformations(panel: Panel): boolean {
  return Array.isArray(panel.transformations) && panel.transformations.length > 0;
}

function DataTab({
  panel,
  frames,
  error,
  timeZone,
  loading,
}: Pick<PanelInspectProps, 'panel' | 'frames' | 'error' | 'timeZone' | 'loading'>) {
  // On by default, as in Grafana: the numbers a person sees in the panel.
  const [formatted, setFormatted] = useState(true);
  // Off by default, as in Grafana: the data as the queries answered it.
  const [withTransforms, setWithTransforms] = useState(false);
  const [joinByTime, setJoinByTime] = useState(false);
  const [selected, setSelected] = useState(0);
  const [downloadError, setDownloadError] = useState<string>();

  const transforms = withTransforms && hasTransformations(panel);
  const tables = useMemo(() => {
    const decoded = transforms ? applyTransformations(panel, decodeFrames(frames)) : decodeFrames(frames);
    const source = formatted ? formattedFrames(panel, decoded, timeZone) : transforms ? encodeFrames(decoded) : frames;
    // Formatted times are written in the dashboard's time zone; raw ones as epoch ms, as the data source sent them.
    return framesToTables(source, { formattedTime: formatted, timeZone, joinByTime });
  }, [panel, frames, timeZone, formatted, joinByTime, transforms]);
  const index = Math.min(selected, Math.max(0, tables.length - 1));
  const table = tables[index];
  const title = panelTitle(panel);

  const download = () => {
    if (!table) return;
    const filename = csvFileName(title, Date.now(), timeZone);
    try {
      downloadText(filename, tablesToCsv([table]));
      setDownloadError(undefined);
      notifications.show({ color: 'green', title: 'CSV downloaded', message: filename });
    } catch (failure) {
      setDownloadError(`Could not download the CSV: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  };

  if (!table && loading) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading the panel's data">
        <Skeleton h={28} />
        <Skeleton h={200} />
      </Stack>
    );
  }
  if (!table) {
    return error ? (
      <Alert color="red" variant="light" title="The query failed" role="alert">
        {error}
      </Alert>
    ) : (
      <Text size="sm">No data: the query returned no frames.</Text>
    );
  }

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md">
        {tables.length > 1 && (
          <NativeSelect
            label="Frame"
            data={frameChoices(tables)}
            value={String(index)}
            onChange={(event) => setSelected(Number(event.currentTarget.value))}
            w={320}
          />
        )}
        {hasTransformations(panel) && (
          <Switch
            label="Apply panel transformations"
            checked={withTransforms}
            onChange={(event) => {
              setWithTransforms(event.currentTarget.checked);
              setSelected(0);
            }}
          />
        )}
        <Switch label="Formatted data" checked={formatted} onChange={(event) => setFormatted(event.currentTarget.checked)} />
        {frames.length > 1 && (
          <Switch
            label="Series joined by time"
            checked={joinByTime}
            onChange={(event) => {
              setJoinByTime(event.currentTarget.checked);
              setSelected(0);
            }}
          />
        )}
        <Group gap="xs" ml="auto">
          <Button size="sm" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
            Download CSV
          </Button>
          {downloadError && (
            <Text size="sm" c="red" role="alert">
              {downloadError}
            </Text>
          )}
        </Group>
      </Group>

      {table.rows.length > MAX_TABLE_ROWS && (
        <Text size="sm" c="dimmed">
          Showing the first {MAX_TABLE_ROWS.toLocaleString('en-US')} of {table.rows.length.toLocaleString('en-US')} rows. Download CSV to
          get them all.
        </Text>
      )}
      <Box
        role="region"
        aria-label={`Data: ${table.title}`}
        // Focusable so that the table scrolls from the keyboard.
        tabIndex={0}
        style={{ maxHeight: '55vh', overflow: 'auto' }}
      >
        <Table striped stickyHeader withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              {table.headers.map((header, column) => (
                <Table.Th key={column} scope="col" style={{ whiteSpace: 'nowrap' }}>
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.slice(0, MAX_TABLE_ROWS).map((row, rowIndex) => (
              <Table.Tr key={rowIndex}>
                {row.map((cell, column) => (
                  <Table.Td key={column}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      {table.rows.length === 0 && <Text size="sm">This frame has no rows.</Text>}
    </Stack>
  );
}

function QueryTab({ request, response, error }: Pick<PanelInspectProps, 'request' | 'response' | 'error'>) {
  return (
    <Stack gap="lg">
      <JsonBlock heading="Request" value={request} emptyText="No request yet" what="request" />
      {error && (
        <Alert color="red" variant="light" title="The query failed" role="alert">
          {error}
        </Alert>
      )}
      <JsonBlock heading="Response" value={response} emptyText="No response yet" what="response" />
    </Stack>
  );
}

type ParsedPanel = { ok: true; panel: Panel } | { ok: false; error: string };

/** An edited panel: a JSON object keeping the panel's `id`, which the layout and `viewPanel` refer to. */
export function parsePanelJson(text: string, id: Panel['id']): ParsedPanel {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: describeJsonError(text, error) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: 'The panel must be a JSON object ({ … })' };
  const panel = value as Panel;
  if (panel.id !== id) {
    return {
      ok: false,
      error: id === undefined ? 'The panel has no "id"; leave it out' : `The "id" must stay ${id}: the dashboard refers to the panel by it`,
    };
  }
  return { ok: true, panel };
}

function JsonTab({
  panel,
  text,
  onTextChange,
  onApply,
}: {
  panel: Panel;
  text: string;
  onTextChange(text: string): void;
  onApply?(panel: Panel): void;
}) {
  const errorId = useId();
  const parsed = useMemo(() => parsePanelJson(text, panel.id), [text, panel.id]);
  const readOnly = !onApply;
  const apply = () => {
    if (!parsed.ok || !onApply) return;
    onApply(parsed.panel);
    notifications.show({ color: 'green', title: 'Panel JSON applied', message: 'Save the dashboard to keep the change.' });
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {readOnly
            ? "You can read this panel's JSON; changing it needs permission to edit the dashboard."
            : 'Apply changes the panel on this page; save the dashboard afterwards to keep the change.'}
        </Text>
        <CopyButton text={text} what="panel JSON" />
      </Group>
      <JsonEditor value={text} onChange={onTextChange} label="Panel JSON" readOnly={readOnly} height="50vh" />
      {!parsed.ok && (
        <Alert id={errorId} color="red" variant="light" role="alert" title="The panel JSON is not valid">
          {parsed.error}
        </Alert>
      )}
      {!readOnly && (
        <Group justify="flex-end">
          <Button onClick={apply} disabled={!parsed.ok} aria-describedby={parsed.ok ? undefined : errorId}>
            Apply
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Grafana's Stats tab: what the last answer cost and held. */
function StatsTab({ request, frames, requestMs, loading }: Pick<PanelInspectProps, 'request' | 'frames' | 'requestMs' | 'loading'>) {
  const queries = (request as { queries?: unknown[] } | undefined)?.queries;
  const rows = decodeFrames(frames).reduce((sum, frame) => sum + frame.length, 0);
  const stats: Array<[string, string]> = [
    ['Total request time', requestMs === undefined ? (loading ? 'Waiting for the answer' : 'No request yet') : `${requestMs} ms`],
    ['Number of queries', String(Array.isArray(queries) ? queries.length : 0)],
    ['Number of frames', String(frames.length)],
    ['Total number rows', rows.toLocaleString('en-US')],
  ];
  return (
    <Table withTableBorder w="fit-content" miw={360} aria-label="Query statistics">
      <Table.Tbody>
        {stats.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row">{name}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The modal's content: mounted only while open, so each opening starts from the panel as it is. */
function InspectContent(props: PanelInspectProps) {
  const { panel, frames, request, response, error, initialTab, timeZone, onApplyPanelJson } = props;
  const [ownTab, setOwnTab] = useState<InspectTab>(initialTab ?? 'data');
  const tab = props.tab ?? ownTab;
  const changeTab = (next: InspectTab) => (props.onTabChange ? props.onTabChange(next) : setOwnTab(next));
  // Kept here, not in the editor, so that edits survive a look at another tab.
  const [jsonText, setJsonText] = useState(() => JSON.stringify(panel, null, 2));
  return (
    <Tabs value={tab} onChange={(value) => changeTab((value as InspectTab | null) ?? 'data')} keepMounted={false}>
      {/* Grafana's tabs, in its order. */}
      <Tabs.List mb="md">
        <Tabs.Tab value="data">Data</Tabs.Tab>
        <Tabs.Tab value="stats">Stats</Tabs.Tab>
        <Tabs.Tab value="json">JSON</Tabs.Tab>
        <Tabs.Tab value="query">Query</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="data">
        <DataTab panel={panel} frames={frames} error={error} timeZone={timeZone} loading={props.loading} />
      </Tabs.Panel>
      <Tabs.Panel value="stats">
        <StatsTab request={request} frames={frames} requestMs={props.requestMs} loading={props.loading} />
      </Tabs.Panel>
      <Tabs.Panel value="json">
        <JsonTab panel={panel} text={jsonText} onTextChange={setJsonText} onApply={onApplyPanelJson} />
      </Tabs.Panel>
      <Tabs.Panel value="query">
        <QueryTab request={request} response={response} error={error} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** Grafana's panel inspect: the panel's data as a table and CSV, its query request and answer, its JSON. */
export function PanelInspect(props: PanelInspectProps): JSX.Element {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Inspect: ${panelTitle(props.panel)}`} size="xl">
      <InspectContent {...props} />
    </Modal>
  );
}

export default PanelInspect;
