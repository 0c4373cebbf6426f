import { Badge, Group, Pagination, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Annotation } from '../../../contract/annotations';
import { annotationPlainText } from '../../lib/annotationText';
import { formatDuration, formatTime } from './time';

const PAGE_SIZE = 50;

/** The same annotations as the timeline, as rows; selecting a row selects the mark and back. */
export function AnnotationTable({
  annotations,
  selectedId,
  onSelect,
  dashboardTitle,
  panelTitle,
}: {
  annotations: Annotation[];
  selectedId?: number;
  onSelect: (annotation: Annotation) => void;
  dashboardTitle: (uid: string) => string;
  panelTitle: (dashboardUID: string | null | undefined, panelId: number) => string;
}) {
  const [newestFirst, setNewestFirst] = useState(true);
  const [page, setPage] = useState(1);
  const sorted = [...annotations].sort((a, b) => (newestFirst ? b.time - a.time || b.id - a.id : a.time - b.time || a.id - b.id));
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const selectedIndex = sorted.findIndex((a) => a.id === selectedId);

  // Follow a selection made on the timeline to its page.
  const [followed, setFollowed] = useState<number | undefined>(undefined);
  if (selectedId !== followed) {
    setFollowed(selectedId);
    if (selectedIndex >= 0) setPage(Math.floor(selectedIndex / PAGE_SIZE) + 1);
  }
  const current = Math.min(page, pages);
  useEffect(() => {
    if (selectedId !== undefined) document.getElementById(`annotation-row-${selectedId}`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedId, current]);

  return (
    <>
      {/* On a narrow screen the table scrolls sideways inside its box, not the page. */}
      <Table.ScrollContainer minWidth={480} type="native">
        <Table striped highlightOnHover aria-label="Annotations in range">
          <Table.Thead>
            <Table.Tr>
              <Table.Th aria-sort={newestFirst ? 'descending' : 'ascending'}>
                <UnstyledButton
                  onClick={() => setNewestFirst((v) => !v)}
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
                >
                  Time {newestFirst ? <IconArrowDown size={14} aria-hidden /> : <IconArrowUp size={14} aria-hidden />}
                  <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    {newestFirst ? '(newest first; click for oldest first)' : '(oldest first; click for newest first)'}
                  </span>
                </UnstyledButton>
              </Table.Th>
              <Table.Th>Text</Table.Th>
              <Table.Th>Tags</Table.Th>
              <Table.Th>Dashboard</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((a) => (
              <Table.Tr
                key={a.id}
                id={`annotation-row-${a.id}`}
                aria-selected={a.id === selectedId}
                bg={a.id === selectedId ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onSelect(a)}
              >
                <Table.Td>
                  <UnstyledButton
                    onClick={() => onSelect(a)}
                    aria-label={`Select annotation at ${formatTime(a.time)}: ${annotationPlainText(a.text)}`}
                  >
                    <Text size="sm">{formatTime(a.time)}</Text>
                  </UnstyledButton>
                  {a.timeEnd > a.time && (
                    <Text size="xs" c="dimmed">
                      for {formatDuration(a.timeEnd - a.time)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {annotationPlainText(a.text)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {a.tags.map((tag) => (
                      <Badge key={tag} variant="outline" size="sm">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{a.dashboardUID ? dashboardTitle(a.dashboardUID) : 'Organization'}</Text>
                  {a.panelId > 0 && (
                    <Text size="xs" c="dimmed">
                      {panelTitle(a.dashboardUID, a.panelId)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{a.login}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      )}
    </>
  );
}
