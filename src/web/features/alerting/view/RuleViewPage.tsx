import { Alert, Anchor, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { EXPRESSION_DATASOURCE_UID, type ProvisionedAlertRule } from '../../../../contract/alerting';
import { useDataSourceList } from '../../../api/dataSources';
import { paths } from '../../../app/paths';
import { useHasRole } from '../../../app/useSession';
import { Page } from '../../../components/Page';
import { ErrorState, LoadingRows } from '../../../components/States';
import { ruleQueryOptions, ruleStateQueryOptions } from '../api/rules';
import { StateBadge } from '../StateBadge';
import { ruleDisplayState, timeAgo } from '../states';
import { useNow } from '../useNow';
import { describeCondition, describeQuery, linkedPanel, queryText } from './describeRule';
import { InstancesTable, shownLabels } from './InstancesTable';
import { RuleActions } from './RuleActions';
import { RuleGraph } from './RuleGraph';
import { StateHistory } from './StateHistory';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Queries({ rule }: { rule: ProvisionedAlertRule }) {
  const dataSources = useDataSourceList().data ?? [];
  const nameOf = (uid: string) => dataSources.find((ds) => ds.uid === uid)?.name ?? uid;
  return (
    <Stack gap="sm">
      {rule.data.map((query) => (
        <Group key={query.refId} gap="sm" align="flex-start" wrap="nowrap">
          <Badge variant="outline" color={query.refId === rule.condition ? 'red' : 'gray'} style={{ flexShrink: 0 }}>
            {query.refId}
            {query.refId === rule.condition ? ' · condition' : ''}
          </Badge>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="sm">{describeQuery(query, nameOf)}</Text>
            {query.datasourceUid !== EXPRESSION_DATASOURCE_UID && (
              <Code block style={{ whiteSpace: 'pre-wrap' }}>
                {queryText(query.model)}
              </Code>
            )}
          </Stack>
        </Group>
      ))}
      <Text size="sm" fw={500}>
        {describeCondition(rule)}
      </Text>
    </Stack>
  );
}

function Details({ rule }: { rule: ProvisionedAlertRule }) {
  const panel = linkedPanel(rule);
  const annotations = Object.entries(rule.annotations ?? {}).filter(([key]) => !key.startsWith('__'));
  const labels = shownLabels(rule.labels ?? {});
  return (
    <Stack gap="xs">
      {panel && (
        <Text size="sm">
          Linked panel:{' '}
          <Anchor
            component={Link}
            to={`${paths.dashboard(panel.dashboardUid)}${panel.panelId !== undefined ? `?viewPanel=${panel.panelId}` : ''}`}
          >
            {panel.panelId !== undefined ? `panel ${panel.panelId} of dashboard ${panel.dashboardUid}` : `dashboard ${panel.dashboardUid}`}
          </Anchor>
        </Text>
      )}
      {labels.length > 0 && (
        <Group gap={4}>
          <Text size="sm">Labels:</Text>
          {labels.map(([name, value]) => (
            <Badge key={name} variant="default" tt="none" fw={400}>
              {name}={value}
            </Badge>
          ))}
        </Group>
      )}
      {annotations.map(([key, value]) => (
        <Text size="sm" key={key}>
          <Text span fw={500}>
            {key}:
          </Text>{' '}
          {/^https?:\/\//.test(value) ? (
            <Anchor href={value} target="_blank" rel="noreferrer">
              {value}
            </Anchor>
          ) : (
            value
          )}
        </Text>
      ))}
      {!panel && labels.length === 0 && annotations.length === 0 && <Text size="sm">No labels, annotations or linked panel.</Text>}
    </Stack>
  );
}

/** `/alerting/grafana/<uid>/view`: what the rule asks, a live graph, its instances and history, and actions. */
export function RuleViewPage() {
  const { uid = '' } = useParams();
  const canEdit = useHasRole('Editor');
  const rule = useQuery(ruleQueryOptions(uid));
  const state = useQuery(ruleStateQueryOptions(uid));
  const now = useNow();

  if (rule.isPending) {
    return (
      <Page title="Alert rule">
        <LoadingRows label="Loading the alert rule" rows={6} />
      </Page>
    );
  }
  if (rule.isError) {
    return (
      <Page title="Alert rule">
        <ErrorState error={rule.error} onRetry={() => void rule.refetch()} title="Could not load this alert rule" />
        <Anchor component={Link} to={paths.alertRules()}>
          Back to alert rules
        </Anchor>
      </Page>
    );
  }
  const definition = rule.data;
  const current = state.data;
  return (
    <Page title={definition.title} actions={<RuleActions rule={definition} canEdit={canEdit} />}>
      <Group gap="md" wrap="wrap">
        {current ? <StateBadge state={ruleDisplayState(current.rule)} /> : <Badge variant="default">State unknown</Badge>}
        {definition.isPaused && (
          <Badge variant="outline" color="gray">
            Paused
          </Badge>
        )}
        <Text size="sm">Health: {current?.rule.health ?? 'unknown'}</Text>
        <Text size="sm">
          <Anchor component={Link} to={paths.alertRules(`folder=${encodeURIComponent(definition.folderUID)}`)}>
            {current?.group.file ?? definition.folderUID}
          </Anchor>{' '}
          › {definition.ruleGroup}
        </Text>
        <Text size="sm">Evaluated {timeAgo(current?.rule.lastEvaluation ?? '', now)}</Text>
        {definition.provenance === 'file' && <Badge variant="outline">Provisioned from a file</Badge>}
      </Group>
      {current?.rule.lastError && (
        <Alert color="red" variant="light" role="alert" title="The last evaluation failed">
          {current.rule.lastError}
        </Alert>
      )}
      <Section title="Queries and condition">
        <Queries rule={definition} />
      </Section>
      <Section title="Last hour">
        <RuleGraph rule={definition} />
      </Section>
      <Section title="Alert instances">
        {state.isPending ? (
          <LoadingRows label="Loading the alert instances" rows={2} />
        ) : (
          <InstancesTable instances={current?.rule.alerts ?? []} canSilence={canEdit} />
        )}
      </Section>
      <Section title="State history">
        <StateHistory ruleId={definition.id} title={definition.title} />
      </Section>
      <Section title="Details">
        <Details rule={definition} />
      </Section>
    </Page>
  );
}
