import { ActionIcon, Button, Group, Loader, Stack, Table, Text, TextInput, Tooltip, type TextInputProps } from '@mantine/core';
import { IconSearch, type Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/errors';
import { Page } from './Page';
import { InlineError } from './RoleSelect';
import { EmptyState, ErrorState, LoadingRows } from './States';
import { TableHead } from './TableHead';

// The parts every page that lists an organization's things is made of (users, teams, service
// accounts, a team's members), so each list looks, loads, fails and acts alike.

/** A list page: its heading and actions, one line saying what is listed, then the list. */
export function ListPage({
  title,
  actions,
  intro,
  children,
}: {
  title: string;
  actions?: ReactNode;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page title={title} actions={actions}>
      <Text size="sm" c="dimmed" maw={720}>
        {intro}
      </Text>
      {children}
    </Page>
  );
}

/** The search box above a list; the caller keeps the text (usually in the URL). */
export function SearchInput({
  onSearch,
  ...props
}: Omit<TextInputProps, 'onChange' | 'leftSection'> & { onSearch: (text: string) => void }) {
  return (
    <TextInput {...props} leftSection={<IconSearch size={16} aria-hidden />} onChange={(event) => onSearch(event.currentTarget.value)} />
  );
}

/** Grey rows while `query` loads, its failure with a retry, or `children` with what it loaded. */
export function WhenLoaded<T>({
  query,
  loadingLabel,
  loadingRows,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  loadingRows?: number;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingRows rows={loadingRows} label={loadingLabel} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} title={errorTitle} />;
  return children(query.data);
}

/** Nothing matches the search (or filter): said so, with the way back to the whole list. */
export function NoMatch({
  title,
  clearLabel = 'Clear search',
  onClear,
  children,
}: {
  title: string;
  clearLabel?: string;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <EmptyState
      title={title}
      action={
        <Button variant="default" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}

/** The list itself: striped rows under a header with an Actions column, scrolling sideways below `minWidth`. */
export function ListTable({
  label,
  columns,
  minWidth,
  highlightOnHover = true,
  children,
}: {
  label: string;
  columns: string[];
  minWidth: number;
  highlightOnHover?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={highlightOnHover} verticalSpacing="xs" aria-label={label}>
        <TableHead columns={columns} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** How many the list holds, and a spinner while it is fetched again. */
export function ListCount({ refreshing, children, ...text }: { refreshing: boolean; children: ReactNode; 'data-testid'?: string }) {
  return (
    <Group gap="xs">
      <Text size="sm" {...text}>
        {children}
      </Text>
      {refreshing && <Loader size="xs" role="status" aria-label="Refreshing the list" />}
    </Group>
  );
}

/** A row's last cell: its actions at the end, and below them why the last one failed. */
export function RowActions({ error, children }: { error: unknown; children: ReactNode }) {
  return (
    <Table.Td>
      <Stack gap={4} align="flex-end">
        {children}
        {error ? <InlineError>{errorMessage(error)}</InlineError> : null}
      </Stack>
    </Table.Td>
  );
}

/** An icon button of a row, named for screen readers and, on hover, for everyone. */
export function RowIconAction({
  label,
  tooltip = label,
  icon: Icon,
  color,
  loading,
  disabled,
  onClick,
}: {
  label: string;
  /** When the hover text says less than the name, e.g. where the row already says what it is. */
  tooltip?: string;
  icon: Icon;
  color?: 'red';
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" color={color} size="lg" aria-label={label} loading={loading} disabled={disabled} onClick={onClick}>
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
