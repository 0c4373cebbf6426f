import { Anchor, Button, Group, Modal, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUsersPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { createTeamRequestSchema, type Team } from '../../../contract/teams';
import { paths } from '../../app/paths';
import { useHasRole } from '../../app/useSession';
import { confirmDestructive } from '../../components/confirmDestructive';
import { FormFooter } from '../../components/FormFooter';
import { FormRefusal } from '../../components/FormRefusal';
import { ListCount, ListPage, ListTable, NoMatch, RowActions, RowIconAction, SearchInput, WhenLoaded } from '../../components/ListPage';
import { EmptyState } from '../../components/States';
import { fieldIssues, placeRefusal } from '../../lib/fieldIssues';
import { TEAMS_PER_PAGE, useCreateTeam, useDeleteTeam, useTeams } from './api';
import { teamFieldLabels } from './teamFields';

function CreateTeamForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const create = useCreateTeam();
  const navigate = useNavigate();
  // A refusal naming the name (a taken one) belongs under the name; anything else below the form.
  const { fieldError: serverNameError, formError } = placeRefusal(create.error, 'name');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTeamRequestSchema.safeParse({ name, email });
    if (!parsed.success) return setErrors(fieldIssues(parsed.error, teamFieldLabels));
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
        {formError && <FormRefusal title="The team was not created">{formError}</FormRefusal>}
        <FormFooter submitLabel="Create team" onCancel={onClose} pending={create.isPending} />
      </Stack>
    </form>
  );
}

function TeamRow({ team, isAdmin }: { team: Team; isAdmin: boolean }) {
  const remove = useDeleteTeam();
  const confirmDelete = () =>
    confirmDestructive({
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
      <RowActions error={remove.error}>
        {isAdmin && (
          <RowIconAction
            label={`Delete the team ${team.name}`}
            icon={IconTrash}
            color="red"
            loading={remove.isPending}
            onClick={confirmDelete}
          />
        )}
      </RowActions>
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
    <ListPage
      title="Teams"
      actions={
        isAdmin && (
          <Button leftSection={<IconUsersPlus size={18} aria-hidden />} onClick={create.open}>
            New team
          </Button>
        )
      }
      intro="Teams group people and service accounts, so a folder or dashboard permission can name a whole team at once."
    >
      <SearchInput label="Search teams" placeholder="Name or email" value={query} onSearch={setQuery} maw={420} />
      <WhenLoaded query={teams} loadingLabel="Loading teams" errorTitle="Could not load teams">
        {(found) =>
          found.teams.length === 0 ? (
            query ? (
              <NoMatch title="No team matches" onClear={() => setQuery('')}>
                No team has a name or email containing “{query}”.
              </NoMatch>
            ) : (
              <EmptyState title="No teams yet" action={isAdmin && <Button onClick={create.open}>Create the first team</Button>}>
                Create a team, add its members, then grant it access on a folder’s permissions.
              </EmptyState>
            )
          ) : (
            <>
              <ListTable label="Teams" columns={['Name', 'Email', 'Members']} minWidth={560}>
                {found.teams.map((team) => (
                  <TeamRow key={team.id} team={team} isAdmin={isAdmin} />
                ))}
              </ListTable>
              <Group justify="space-between">
                <ListCount refreshing={teams.isFetching}>
                  {found.totalCount} {found.totalCount === 1 ? 'team' : 'teams'}
                </ListCount>
                {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages of teams" />}
              </Group>
            </>
          )
        }
      </WhenLoaded>
      <Modal opened={createOpened} onClose={create.close} title="New team">
        <CreateTeamForm onClose={create.close} />
      </Modal>
    </ListPage>
  );
}
