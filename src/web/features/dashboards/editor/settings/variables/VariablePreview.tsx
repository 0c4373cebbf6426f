import { Alert, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { DashboardModel } from '../../../api';
import { DEFAULT_RANGE, isValidTimeExpression, resolveRange } from '../../../runtime/time';
import { ALL_VALUE, type VariableModel } from '../../../runtime/types';
import { useVariables } from '../../../runtime/useVariables';
import { variableQueryText } from '../../../runtime/variables';
import { variableList } from '../listEdits';

const SHOWN = 50;
const unwritten = (m: VariableModel) => m.type === 'query' && variableQueryText(m).trim() === '';
const NO_PARAMS = new URLSearchParams();
const ignoreUrl = () => undefined;

/**
 * Grafana's "Preview of values": the variable's options as the dashboard would load them, with the
 * runtime's own code (`useVariables`: the same queries, regex, sort and dependencies), over the
 * dashboard's saved time range. Edits settle for a moment first, so typing a query does not ask
 * the data source at every key.
 */
export function VariablePreview({ model, name, dashboardUid }: { model: DashboardModel; name: string; dashboardUid: string }) {
  const definitions = JSON.stringify(variableList(model));
  const [settled] = useDebouncedValue(definitions, 400);
  // A query variable without a query has nothing to ask yet (Grafana asks nothing either).
  const models = useMemo(() => (JSON.parse(settled) as VariableModel[]).filter((m) => !unwritten(m)), [settled]);
  const time = (typeof model.time === 'object' && model.time !== null ? model.time : {}) as { from?: unknown; to?: unknown };
  const raw = {
    from: typeof time.from === 'string' && isValidTimeExpression(time.from) ? time.from : DEFAULT_RANGE.from,
    to: typeof time.to === 'string' && isValidTimeExpression(time.to) ? time.to : DEFAULT_RANGE.to,
  };
  const timeZone = typeof model.timezone === 'string' && model.timezone ? model.timezone : undefined;
  // The range as of opening the editor: values must not be asked again at every render.
  const [openedAt] = useState(() => Date.now());
  const range = useMemo(() => resolveRange({ from: raw.from, to: raw.to }, openedAt, timeZone), [raw.from, raw.to, openedAt, timeZone]);
  const dashboard = useMemo(
    () => ({ uid: dashboardUid, title: typeof model.title === 'string' ? model.title : '' }),
    [dashboardUid, model.title],
  );
  const { variables } = useVariables({
    models,
    range,
    rangeKey: `${raw.from}|${raw.to}`,
    dashboard,
    params: NO_PARAMS,
    setUrlParams: ignoreUrl,
  });
  const state = variables.find((v) => v.name === name);
  const editing = variableList(model).find((v) => v.name === name) as VariableModel | undefined;
  const values = (state?.options ?? []).filter((o) => o.value !== ALL_VALUE);

  return (
    <Stack gap={6} aria-live="polite">
      <Title order={3} size="h4">
        Preview of values
      </Title>
      {editing && unwritten(editing) ? (
        <Text size="sm" c="dimmed">
          Write a query to see its values.
        </Text>
      ) : !state || (state.loading && values.length === 0) ? (
        <Skeleton h={28} w="60%" aria-label="Loading the values" />
      ) : state.error ? (
        <Alert color="red" variant="light" title="Could not load the values">
          {state.error}
        </Alert>
      ) : values.length === 0 ? (
        <Text size="sm" c="dimmed">
          No values.
        </Text>
      ) : (
        <Group gap={6} aria-label={`Values of ${name}`} role="list">
          {values.slice(0, SHOWN).map((option) => (
            <Badge key={option.value} variant="light" tt="none" role="listitem">
              {option.text}
            </Badge>
          ))}
          {values.length > SHOWN && (
            <Text size="sm" c="dimmed">
              and {values.length - SHOWN} more
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
