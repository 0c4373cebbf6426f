import { ActionIcon, Alert, Anchor, Button, Group, Loader, Modal, Pagination, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconTrash, IconUsersPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { createTeamRequestSchema, type Team } from '../../../contract/teams';
import { errorMessage, serverFieldError } from '../../api/errors';
import { paths } from '../../app/paths';
import { useHasRole } from '../../app/useSession';
import { Page } from '../../components/Page';
import { InlineError } from '../../components/RoleSelect';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { TEAMS_PER_PAGE, useCreateTeam, useDeleteTeam, useTeams } from './api';

function CreateTeamForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const create = useCreateTeam();
  const navigate = useNavigate();
  // A refusal naming the name (a taken one) belongs under the name; anything else below the form.
  const serverNameError = serverFieldError(create.error, 'name');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTeamRequestSchema.safeParse({ name, email });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'email' ? 'email' : 'name';
        next[field] ??= `${field === 'email' ? 'Email' : 'Name'} ${issue.message}`;
      }
      return setErrors(next);
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        notifications.show({ color: 'green', title: 'Team created', message: parsed.data.name });
        onClose();
        navigate(paths.team(created.teamId));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name ?? serverNameError}
          required
          data-autofocus
        />
        <TextInput
          label="Email"
          description="Optional: where the team can be reached."
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
        />
        {create.isError && !serverNameError && (
          <Alert color="red" variant="light" role="alert" title="The team was not created">
            {errorMessage(create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create team
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TeamRow({ team, isAdmin }: { team: Team; isAdmin: boolean }) {
  const remove = useDeleteTeam();
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete team',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Delete the team {team.name}? Every folder and dashboard permission given to the team is removed with it, so its{' '}
            {team.memberCount === 1 ? '1 member loses' : `${team.memberCount} members lose`} whatever access came only from the team.
          </Text>
          <Text size="sm">The members themselves stay in the organization.</Text>
        </Stack>
      ),
      labels: { confirm: 'Delete team', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(team.id, { onSuccess: () => notifications.show({ color: 'green', title: 'Team deleted', message: team.name }) }),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={paths.team(team.id)} size="sm" fw={500}>
          {team.name}
        </Anchor>
      </Table.Td>
      <Table.Td>{team.email}</Table.Td>
      <Table.Td>{team.memberCount}</Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-end">
          {isAdmin && (
            <Tooltip label={`Delete the team ${team.name}`}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Delete the team ${team.name}`}
                loading={remove.isPending}
                onClick={confirmDelete}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {remove.isError && <InlineError>{errorMessage(remove.error)}</InlineError>}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** `/org/teams`: the org's teams, searchable, with their member counts. */
export function TeamsPage() {
  const isAdmin = useHasRole('Admin');
  const [createOpened, create] = useDisclosure();
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [debounced] = useDebouncedValue(query, 250);
  const teams = useTeams(debounced, page);
  const setQuery = (value: string) => setParams(value ? { query: value } : {}, { replace: true, flushSync: true });
  const setPage = (next: number) => setParams({ ...(query ? { query } : {}), ...(next > 1 ? { page: String(next) } : {}) });
  const pages = teams.data ? Math.max(1, Math.ceil(teams.data.totalCount / TEAMS_PER_PAGE)) : 1;

  return (
    <Page
      title="Teams"
      actions={
        isAdmin && (
          <Button leftSection={<IconUsersPlus size={18} aria-hidden />} onClick={create.open}>
            New team
          </Button>
        )
      }
    >
      <Text size="sm" c="dimmed" maw={720}>
        Teams group people and service accounts, so a folder or dashboard permission can name a whole team at once.
      </Text>
      <TextInput
        label="Search teams"
        placeholder="Name or email"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={420}
      />
      {teams.isPending ? (
        <LoadingRows label="Loading teams" />
      ) : teams.isError ? (
        <ErrorState error={teams.error} onRetry={() => teams.refetch()} title="Could not load teams" />
      ) : teams.data.teams.length === 0 ? (
        query ? (
          <EmptyState
            title="No team matches"
            action={
              <Button variant="default" onClick={() => setQuery('')}>
                Clear search
              </Button>
            }
          >
            No team has a name or email containing “{query}”.
          </EmptyState>
        ) : (
          <EmptyState title="No teams yet" action={isAdmin && <Button onClick={create.open}>Create the first team</Button>}>
            Create a team, add its members, then grant it access on a folder’s permissions.
          </EmptyState>
        )
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Teams">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Members</Table.Th>
                  <Table.Th>
                    <Text size="sm" fw={700} ta="right">
                      Actions
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {teams.data.teams.map((team) => (
                  <TeamRow key={team.id} team={team} isAdmin={isAdmin} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Group gap="xs">
              <Text size="sm">
                {teams.data.totalCount} {teams.data.totalCount === 1 ? 'team' : 'teams'}
              </Text>
              {teams.isFetching && <Loader size="xs" aria-label="Refreshing the list" />}
            </Group>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages of teams" />}
          </Group>
        </>
      )}
      <Modal opened={createOpened} onClose={create.close} title="New team">
        <CreateTeamForm onClose={create.close} />
      </Modal>
    </Page>
  );
}
