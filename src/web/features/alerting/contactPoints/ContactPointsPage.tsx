import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ContactPoint } from '../../../../contract/alertingNotify';
import { paths } from '../../../app/paths';
import { useHasRole } from '../../../app/useSession';
import { Page } from '../../../components/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../../components/States';
import { useUrlParams } from '../../../lib/useUrlParams';
import { contactPointsQueryOptions, policyTreeQueryOptions, receiverStatusesQueryOptions } from '../api/contactPoints';
import { ContactPointCard } from './ContactPointCard';
import { policiesByReceiver } from './policies';

/** Integrations grouped by name, as Grafana shows one contact point per name; the server's order kept. */
function groupByName(integrations: ContactPoint[]): Array<[string, ContactPoint[]]> {
  const groups = new Map<string, ContactPoint[]>();
  for (const integration of integrations) groups.set(integration.name, [...(groups.get(integration.name) ?? []), integration]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** `/alerting/notifications`: every contact point with its integrations, where they send and how their last delivery went. */
export function ContactPointsPage() {
  // Writing and testing contact points is an Admin's (`alert.notifications.receivers:write`/`:test`).
  const canEdit = useHasRole('Admin');
  const [params, setUrlParams] = useUrlParams();
  const search = params.get('search') ?? '';
  const contactPoints = useQuery(contactPointsQueryOptions());
  const statuses = useQuery(receiverStatusesQueryOptions());
  const tree = useQuery(policyTreeQueryOptions());
  const uses = useMemo(() => (tree.data ? policiesByReceiver(tree.data) : undefined), [tree.data]);
  const groups = useMemo(() => groupByName(contactPoints.data ?? []), [contactPoints.data]);
  const shown = groups.filter(([name]) => name.toLowerCase().includes(search.trim().toLowerCase()));

  const addButton = canEdit && (
    <Button component={Link} to={paths.newContactPoint()} leftSection={<IconPlus size={16} aria-hidden />}>
      Add contact point
    </Button>
  );
  return (
    <Page title="Contact points" actions={addButton}>
      {contactPoints.isPending ? (
        <LoadingRows label="Loading contact points" />
      ) : contactPoints.isError ? (
        <ErrorState error={contactPoints.error} onRetry={() => void contactPoints.refetch()} title="Could not load the contact points" />
      ) : groups.length === 0 ? (
        <EmptyState title="No contact points yet" action={addButton || undefined}>
          A contact point says where notifications go: a webhook, email addresses, Slack, Teams, Discord, PagerDuty, Telegram or an
          Alertmanager. Notification policies then route each firing alert to one.
        </EmptyState>
      ) : (
        <Stack gap="md">
          <TextInput
            label="Search by name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setUrlParams({ search: event.currentTarget.value })}
            maw={400}
          />
          {statuses.isError && (
            <Text size="sm" c="red" role="alert">
              The last deliveries could not be loaded: {statuses.error.message}
            </Text>
          )}
          {shown.length === 0 ? (
            <Text>No contact point’s name contains “{search}”.</Text>
          ) : (
            shown.map(([name, integrations]) => (
              <ContactPointCard
                key={name}
                name={name}
                integrations={integrations}
                status={statuses.data?.find((status) => status.name === name)}
                policies={uses ? (uses.get(name) ?? []) : undefined}
                canEdit={canEdit}
              />
            ))
          )}
        </Stack>
      )}
    </Page>
  );
}
