/**
 * A panel's alert rule state in its header, as Grafana's heart: the rules linked to the panel
 * (their `__dashboardUid__`/`__panelId__` annotations), their worst state as the icon's name.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartBroken } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ruleStatesResponseSchema, type RuleStatesResponse } from '../../../../contract/alerting';
import { apiFetch } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { paths } from '../../../app/paths';

/** Worst first: the state a panel shows when its rules disagree. */
const ORDER = ['Firing', 'Error', 'No data', 'Pending', 'Recovering', 'Normal'] as const;
type PanelRuleState = (typeof ORDER)[number];

function stateOf(rule: { state: string; health: string; isPaused?: unknown }): PanelRuleState {
  if (rule.state === 'firing') return 'Firing';
  if (rule.health === 'error') return 'Error';
  if (rule.health === 'nodata') return 'No data';
  if (rule.state === 'pending') return 'Pending';
  if (rule.state === 'recovering') return 'Recovering';
  return 'Normal';
}

export function panelRuleStates(answer: RuleStatesResponse, panelId: number) {
  const rules = answer.data.groups
    .flatMap((group) => group.rules)
    .filter((rule) => rule.annotations?.__panelId__ === String(panelId))
    .map((rule) => ({ uid: rule.uid, name: rule.name, state: stateOf(rule) }));
  if (rules.length === 0) return undefined;
  const worst = ORDER.find((state) => rules.some((rule) => rule.state === state))!;
  return { state: worst, rules };
}

/** Every panel of a dashboard reads one answer (one request), refreshed every 30 s. */
export function PanelAlertState({ dashboardUid, panelId }: { dashboardUid: string; panelId: number }) {
  const linked = useQuery({
    queryKey: queryKeys.alertRuleStatesOfDashboard(dashboardUid),
    queryFn: ({ signal }) =>
      apiFetch(`/api/prometheus/grafana/api/v1/rules?dashboard_uid=${encodeURIComponent(dashboardUid)}`, {
        schema: ruleStatesResponseSchema,
        signal,
      }),
    select: (answer) => panelRuleStates(answer, panelId),
    refetchInterval: 30_000,
    // Without alert rule access (or from a Grafana without alerting) the panel simply shows no state.
    retry: false,
  });
  const found = linked.data;
  if (!found) return null;
  const firing = found.state === 'Firing' || found.state === 'Error';
  const color = firing ? 'red' : found.state === 'Normal' ? 'green' : found.state === 'Pending' ? 'yellow' : 'gray';
  const names = found.rules.map((rule) => `${rule.name}: ${rule.state}`).join(' · ');
  return (
    <Tooltip label={names} withinPortal events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon
        component={Link}
        // The rule in the worst state: the one a person looks at first.
        to={paths.alertRule(found.rules.find((rule) => rule.state === found.state)!.uid)}
        variant="subtle"
        color={color}
        size="sm"
        aria-label={`Alert rule ${found.state}`}
        data-alert-state={found.state}
      >
        {firing ? <IconHeartBroken size={16} aria-hidden /> : <IconHeart size={16} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
