import { Badge, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconCopy,
  IconEye,
  IconEyeOff,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { DataSourceSummary } from '../../../../api/dataSources';
import { TooltipIconButton } from '../../../../components/TooltipIconButton';
import { QueryEditor } from '../../../../queryEditors/QueryEditor';
import { defaultQuery, type DataQuery } from '../../../../queryEditors/queryKinds';
import { refIdProblem, toRef } from './targets';

export interface QueryRowProps {
  index: number;
  count: number;
  query: DataQuery;
  targets: readonly DataQuery[];
  mixed: boolean;
  dataSource: DataSourceSummary | undefined;
  dataSources: readonly DataSourceSummary[];
  error?: string;
  /** `field` names what changed, so typing into one field is one undo step. */
  onChange(next: DataQuery, field?: string): void;
  onDuplicate(): void;
  onRemove(): void;
  onMove(by: -1 | 1): void;
  onRun(): void;
}

/** The fields of `next` that differ from `previous`: the coalescing key of an edit. */
function changedFields(previous: DataQuery, next: DataQuery): string {
  const keys = new Set([...Object.keys(previous), ...Object.keys(next)]);
  return [...keys]
    .filter((k) => previous[k] !== next[k])
    .sort()
    .join(',');
}

/** One query of the panel: its name, data source (in a Mixed panel), actions, and its editor. */
export function QueryRow(props: QueryRowProps) {
  const { query, index, count, mixed, dataSource } = props;
  const [collapsed, setCollapsed] = useState(false);
  const hidden = query.hide === true;
  const name = query.refId;
  return (
    <Paper withBorder radius="sm" p="xs" data-query-row={name}>
      <Stack gap="xs">
        <Group gap={6} justify="space-between" wrap="wrap" align="flex-end">
          <Group gap={6} wrap="wrap" align="flex-end">
            <TooltipIconButton
              label={collapsed ? `Expand query ${name}` : `Collapse query ${name}`}
              onClick={() => setCollapsed(!collapsed)}
            >
              {collapsed ? <IconChevronRight size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
            </TooltipIconButton>
            <RefIdInput key={name} index={index} targets={props.targets} onRename={(refId) => props.onChange({ ...query, refId })} />
            {mixed ? (
              <Select
                label={`Data source of ${name}`}
                size="xs"
                w={220}
                searchable
                allowDeselect={false}
                data={props.dataSources.map((ds) => ({ value: ds.uid, label: ds.name }))}
                value={dataSource?.uid ?? null}
                // Its data source gone (deleted, or a uid from another org): the query cannot run until one is picked.
                error={dataSource ? undefined : 'Pick a data source: this query cannot run without one'}
                onChange={(uid) => {
                  const ds = props.dataSources.find((d) => d.uid === uid);
                  if (!ds) return;
                  // Another type's query would not parse: a new one of that type, keeping the name.
                  props.onChange(
                    ds.type === dataSource?.type
                      ? { ...query, datasource: toRef(ds) }
                      : { ...defaultQuery(name, toRef(ds)), hide: query.hide },
                  );
                }}
              />
            ) : (
              <Text size="xs" c="dimmed" pb={6}>
                {dataSource?.name ?? ''}
              </Text>
            )}
            {hidden && (
              <Badge size="sm" variant="light" color="gray" mb={6}>
                Hidden
              </Badge>
            )}
          </Group>
          <Group gap={2} wrap="nowrap">
            <TooltipIconButton label={`Move query ${name} up`} onClick={() => props.onMove(-1)} disabled={index === 0}>
              <IconArrowUp size={16} aria-hidden />
            </TooltipIconButton>
            <TooltipIconButton label={`Move query ${name} down`} onClick={() => props.onMove(1)} disabled={index === count - 1}>
              <IconArrowDown size={16} aria-hidden />
            </TooltipIconButton>
            <TooltipIconButton label={`Duplicate query ${name}`} onClick={props.onDuplicate}>
              <IconCopy size={16} aria-hidden />
            </TooltipIconButton>
            <TooltipIconButton
              label={`Hide query ${name}`}
              pressed={hidden}
              onClick={() => {
                const next = { ...query };
                if (hidden) delete next.hide;
                else next.hide = true;
                props.onChange(next);
              }}
            >
              {hidden ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
            </TooltipIconButton>
            <TooltipIconButton label={`Remove query ${name}`} onClick={props.onRemove}>
              <IconTrash size={16} aria-hidden />
            </TooltipIconButton>
          </Group>
        </Group>
        {!collapsed && (
          <QueryEditor
            query={query}
            dataSource={dataSource}
            error={props.error}
            onChange={(next) => props.onChange(next, changedFields(query, next))}
            onRun={props.onRun}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The query's name (refId): applied when it is unique and not empty, else the reason shows beside it. */
function RefIdInput({ index, targets, onRename }: { index: number; targets: readonly DataQuery[]; onRename(refId: string): void }) {
  const current = targets[index]!.refId;
  const [text, setText] = useState(current);
  const problem = text === current ? undefined : refIdProblem(targets, index, text);
  const apply = () => {
    if (text !== current && !problem) onRename(text);
  };
  return (
    <TextInput
      label="Query name"
      size="xs"
      w={110}
      value={text}
      error={problem}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => (problem ? setText(current) : apply())}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
        if (e.key === 'Escape') {
          e.preventDefault();
          setText(current);
        }
      }}
    />
  );
}
