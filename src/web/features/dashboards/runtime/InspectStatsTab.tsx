import { Table } from '@mantine/core';
import { decodeFrames } from '../../../panels/frames';
import type { PanelInspectProps } from './PanelInspect';

/** Grafana's Stats tab: what the last answer cost and held. */
export function InspectStatsTab({
  request,
  frames,
  requestMs,
  loading,
}: Pick<PanelInspectProps, 'request' | 'frames' | 'requestMs' | 'loading'>) {
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
