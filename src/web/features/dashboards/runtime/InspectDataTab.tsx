import { Alert, Box, Button, Group, NativeSelect, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState, type ChangeEvent } from 'react';
import { csvFileName, downloadText, tablesToCsv, type TextTable } from './csv';
import { frameChoices, hasTransformations, inspectTables } from './inspectTables';
import type { PanelInspectProps } from './PanelInspect';

/** Rows drawn in the data table; the CSV download has them all. */
export const MAX_TABLE_ROWS = 1_000;

/** Inspect's Data tab: the panel's data as a table, one frame at a time, and as a CSV download. */
export function InspectDataTab({
  panel,
  title,
  frames,
  error,
  timeZone,
  loading,
}: Pick<PanelInspectProps, 'panel' | 'frames' | 'error' | 'timeZone' | 'loading'> & {
  /** The panel's title, for the CSV file's name. */
  title: string;
}) {
  // On by default, as in Grafana: the numbers a person sees in the panel.
  const [formatted, setFormatted] = useState(true);
  // Off by default, as in Grafana: the data as the queries answered it.
  const [withTransforms, setWithTransforms] = useState(false);
  const [joinByTime, setJoinByTime] = useState(false);
  const [selected, setSelected] = useState(0);
  const [downloadError, setDownloadError] = useState<string>();

  const transforms = withTransforms && hasTransformations(panel);
  const tables = useMemo(
    () => inspectTables(panel, frames, { formatted, transforms, joinByTime, timeZone }),
    [panel, frames, timeZone, formatted, joinByTime, transforms],
  );
  const index = Math.min(selected, Math.max(0, tables.length - 1));
  const table = tables[index];

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
  // These switches change which tables there are, so the frame picker starts again at the first.
  const regroup = (setOption: (on: boolean) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    setOption(event.currentTarget.checked);
    setSelected(0);
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
          <Switch label="Apply panel transformations" checked={withTransforms} onChange={regroup(setWithTransforms)} />
        )}
        <Switch label="Formatted data" checked={formatted} onChange={(event) => setFormatted(event.currentTarget.checked)} />
        {frames.length > 1 && <Switch label="Series joined by time" checked={joinByTime} onChange={regroup(setJoinByTime)} />}
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
      <DataTable table={table} />
      {table.rows.length === 0 && <Text size="sm">This frame has no rows.</Text>}
    </Stack>
  );
}

/** One frame as a scrollable table of its first MAX_TABLE_ROWS rows. */
function DataTable({ table }: { table: TextTable }) {
  return (
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
  );
}
