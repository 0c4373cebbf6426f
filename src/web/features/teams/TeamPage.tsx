import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserMinus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { updateTeamRequestSchema, type Team, type TeamMember } from '../../../contract/teams';
import { ApiError, errorMessage } from '../../api/errors';
import { useAccountChoices } from '../../api/permissions';
import { paths } from '../../app/paths';
import { confirmDestructive } from '../../components/confirmDestructive';
import { ListTable, RowActions, RowIconAction, WhenLoaded } from '../../components/ListPage';
import { Page } from '../../components/Page';
import { PreferencesForm } from '../../components/PreferencesForm';
import { RoleGuard } from '../../components/RoleGuard';
import { InlineError } from '../../components/RoleSelect';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { fieldIssues, placeRefusal } from '../../lib/fieldIssues';
import { useAddTeamMember, useRemoveTeamMember, useTeam, useTeamMembers, useUpdateTeam } from './api';
import { teamFieldLabels } from './teamFields';

function RenameForm({ team }: { team: Team }) {
  const [name, setName] = useState(team.name);
  const [email, setEmail] = useState(team.email);
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const update = useUpdateTeam(team.id);
  const { fieldError: serverNameError, formError } = placeRefusal(update.error, 'name');
  const unchanged = name.trim() === team.name && email.trim() === team.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateTeamRequestSchema.safeParse({ name, email });
    if (!parsed.success) return setErrors(fieldIssues(parsed.error, teamFieldLabels));
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => notifications.show({ color: 'green', title: 'Team updated', message: parsed.data.name ?? team.name }),
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="team-settings-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="team-settings-heading">
            Settings
          </Title>
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name ?? serverNameError}
              required
              miw={260}
            />
            <TextInput label="Email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} miw={260} />
            <Button type="submit" mt={25} loading={update.isPending} disabled={unchanged}>
              Save
            </Button>
          </Group>
          {formError && <InlineError>{formError}</InlineError>}
        </Stack>
      </form>
    </Paper>
  );
}

function AddMemberForm({ team, members }: { team: Team; members: TeamMember[] }) {
  const [userId, setUserId] = useState('');
  const [error, setError] = useState<string>();
  const accounts = useAccountChoices();
  const add = useAddTeamMember(team.id);
  const memberIds = new Set(members.map((m) => m.userId));
  const choices = (accounts.data ?? []).filter((a) => !memberIds.has(a.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const chosen = choices.find((c) => String(c.id) === userId);
    if (!chosen) return setError('Choose a user or service account first');
    add.mutate(chosen.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: 'Member added', message: `${chosen.label} joined ${team.name}` });
        setUserId('');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a member">
      <Group align="flex-start" wrap="wrap">
        <NativeSelect
          label="User or service account"
          data={[
            { value: '', label: accounts.isPending ? 'Loading…' : choices.length === 0 ? 'Everyone is already a member' : 'Choose…' },
            ...choices.map((c) => ({ value: String(c.id), label: c.label })),
          ]}
          value={userId}
          onChange={(event) => setUserId(event.currentTarget.value)}
          error={error ?? (add.isError ? errorMessage(add.error) : undefined)}
          miw={280}
        />
        <Button type="submit" mt={25} loading={add.isPending}>
          Add member
        </Button>
      </Group>
    </form>
  );
}

function MemberRow({ team, member }: { team: Team; member: TeamMember }) {
  const remove = useRemoveTeamMember(team.id);
  const confirmRemove = () =>
    confirmDestructive({
      title: 'Remove member',
      children: (
        <Text size="sm">
          Remove {member.login} from {team.name}? They lose every folder and dashboard permission that came only from the team; they stay in
          the organization.
        </Text>
      ),
      onConfirm: () =>
        remove.mutate(member.userId, {
          onSuccess: () => notifications.show({ color: 'green', title: 'Member removed', message: `${member.login} left ${team.name}` }),
        }),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {member.login}
          </Text>
          {member.isServiceAccount && (
            <Badge variant="light" color="gray">
              Service account
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{member.name}</Table.Td>
      <Table.Td>{member.isServiceAccount ? '' : member.email}</Table.Td>
      <RowActions error={remove.error}>
        <RowIconAction
          label={`Remove ${member.login} from ${team.name}`}
          icon={IconUserMinus}
          color="red"
          loading={remove.isPending}
          onClick={confirmRemove}
        />
      </RowActions>
    </Table.Tr>
  );
}

function Members({ team }: { team: Team }) {
  const members = useTeamMembers(team.id);
  return (
    <Stack gap="sm" component="section" aria-labelledby="team-members-heading">
      <Title order={2} size="h4" id="team-members-heading">
        Members
      </Title>
      <WhenLoaded query={members} loadingLabel="Loading members" loadingRows={3} errorTitle="Could not load the members">
        {(list) => (
          <>
            {list.length === 0 ? (
              <EmptyState title="No members yet">
                Add people or service accounts below; the team’s permissions apply to each of them.
              </EmptyState>
            ) : (
              <ListTable label={`Members of ${team.name}`} columns={['Login', 'Name', 'Email']} minWidth={560} highlightOnHover={false}>
                {list.map((member) => (
                  <MemberRow key={member.userId} team={team} member={member} />
                ))}
              </ListTable>
            )}
            <AddMemberForm team={team} members={list} />
          </>
        )}
      </WhenLoaded>
    </Stack>
  );
}

/** `/org/teams/edit/:id`: rename a team, manage its members and its preferences. */
export function TeamPage() {
  const id = Number(useParams().id);
  const team = useTeam(id);
  return (
    <Page title={team.data ? `Team ${team.data.name}` : 'Team'}>
      <Breadcrumbs>
        <Anchor component={Link} to={paths.teams()} size="sm">
          Teams
        </Anchor>
        <Text size="sm">{team.data?.name ?? `#${id}`}</Text>
      </Breadcrumbs>
      <RoleGuard role="Admin" what="Managing a team">
        {team.isPending ? (
          <LoadingRows rows={3} label="Loading the team" />
        ) : team.isError ? (
          team.error instanceof ApiError && team.error.status === 404 ? (
            <Alert color="gray" title="No such team" role="alert">
              There is no team #{id}: it may have been deleted.{' '}
              <Anchor component={Link} to={paths.teams()}>
                Back to teams
              </Anchor>
            </Alert>
          ) : (
            <ErrorState error={team.error} onRetry={() => team.refetch()} title="Could not load the team" />
          )
        ) : (
          <Stack gap="lg">
            <RenameForm key={`${team.data.name}/${team.data.email}`} team={team.data} />
            <Members team={team.data} />
            <PreferencesForm level={{ kind: 'team', teamId: team.data.id }} title="Team preferences" />
          </Stack>
        )}
      </RoleGuard>
    </Page>
  );
}
