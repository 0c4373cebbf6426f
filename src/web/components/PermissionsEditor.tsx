import { Alert, Badge, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUser, IconUsersGroup, IconShield } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { permissionLevels, type FolderPermission, type PermissionLevel } from '../../contract/folders';
import { errorMessage } from '../api/errors';
import {
  ownEntries,
  useAccountChoices,
  usePermissions,
  useSavePermissions,
  useTeamChoices,
  type PermissionDraft,
  type PermissionTarget,
} from '../api/permissions';
import { confirmDestructive } from './confirmDestructive';
import { RowIconAction } from './ListPage';
import { InlineError } from './RoleSelect';
import { ErrorState, LoadingRows } from './States';
import { TableHead } from './TableHead';

const levelOptions = Object.entries(permissionLevels).map(([name, level]) => ({ value: String(level), label: name }));
const levelName = (level: number) => Object.entries(permissionLevels).find(([, l]) => l === level)?.[0] ?? String(level);
type SubjectKind = 'role' | 'user' | 'team';

/** How an entry is named in the list and in messages: "Viewer role", "alice", "Team Payments". */
export function subjectLabel(entry: Pick<FolderPermission, 'role' | 'userId' | 'userLogin' | 'teamId' | 'team'>): string {
  if (entry.teamId) return `Team ${entry.team ?? `#${entry.teamId}`}`;
  if (entry.userId) return entry.userLogin || `Account #${entry.userId}`;
  return `${entry.role} role`;
}

const sameSubject = (a: PermissionDraft, b: PermissionDraft) =>
  (a.role !== undefined && a.role === b.role) ||
  (a.userId !== undefined && a.userId === b.userId) ||
  (a.teamId !== undefined && a.teamId === b.teamId);

function SubjectIcon({ entry }: { entry: FolderPermission }) {
  const Icon = entry.teamId ? IconUsersGroup : entry.userId ? IconUser : IconShield;
  return <Icon size={16} aria-hidden />;
}

function AddPermissionForm({
  own,
  onAdd,
  pending,
}: {
  own: PermissionDraft[];
  onAdd: (item: PermissionDraft, label: string) => void;
  pending: boolean;
}) {
  const [kind, setKind] = useState<SubjectKind>('role');
  const [subject, setSubject] = useState('');
  const [level, setLevel] = useState<PermissionLevel>(1);
  const [error, setError] = useState<string>();
  const accounts = useAccountChoices();
  const teams = useTeamChoices();

  const choices =
    kind === 'role'
      ? [
          { value: 'Viewer', label: 'Viewer' },
          { value: 'Editor', label: 'Editor' },
        ]
      : kind === 'user'
        ? (accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.label }))
        : (teams.data?.teams ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  const loadingChoices = (kind === 'user' && accounts.isPending) || (kind === 'team' && teams.isPending);
  const subjectFieldLabel = kind === 'role' ? 'Role' : kind === 'user' ? 'User or service account' : 'Team';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const chosen = choices.find((c) => c.value === subject);
    if (!chosen) return setError(`Choose a ${subjectFieldLabel.toLowerCase()} first`);
    const item: PermissionDraft =
      kind === 'role'
        ? { role: subject as 'Viewer' | 'Editor', permission: level }
        : kind === 'user'
          ? { userId: Number(subject), permission: level }
          : { teamId: Number(subject), permission: level };
    const label = kind === 'role' ? `${chosen.label} role` : kind === 'team' ? `Team ${chosen.label}` : chosen.label;
    if (own.some((existing) => sameSubject(existing, item)))
      return setError(`${label} already has a permission here: change it in the list above`);
    onAdd(item, label);
    setSubject('');
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a permission">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Add a permission
        </Text>
        <Group align="flex-start" wrap="wrap">
          <NativeSelect
            label="Grant to"
            data={[
              { value: 'role', label: 'A role' },
              { value: 'user', label: 'A user or service account' },
              { value: 'team', label: 'A team' },
            ]}
            value={kind}
            onChange={(event) => {
              setKind(event.currentTarget.value as SubjectKind);
              setSubject('');
              setError(undefined);
            }}
          />
          <NativeSelect
            label={subjectFieldLabel}
            data={[
              { value: '', label: loadingChoices ? 'Loading…' : choices.length === 0 ? 'None to choose from' : 'Choose…' },
              ...choices,
            ]}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            error={error}
            miw={220}
          />
          <NativeSelect
            label="Permission"
            data={levelOptions}
            value={String(level)}
            onChange={(event) => setLevel(Number(event.currentTarget.value) as PermissionLevel)}
          />
          <Button type="submit" mt={25} loading={pending}>
            Add permission
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Who may view, edit or administer a folder or a dashboard: roles, users and service accounts,
 * and teams. Each change saves the whole list at once (Grafana's API replaces it); a dashboard's
 * list shows its folder's entries as inherited, read-only. Admins always have every permission.
 */
export function PermissionsEditor({ target, title }: { target: PermissionTarget; title: string }) {
  const list = usePermissions(target);
  const save = useSavePermissions(target);
  const [lastChange, setLastChange] = useState<string>();

  if (list.isPending) return <LoadingRows rows={3} label="Loading permissions" />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => list.refetch()} title="Could not load the permissions" />;

  const own = ownEntries(list.data);
  const apply = (items: PermissionDraft[], change: string) => {
    setLastChange(change);
    save.mutate(items, { onSuccess: () => notifications.show({ color: 'green', title: 'Permissions updated', message: change }) });
  };
  const ownIndex = (entry: FolderPermission) => own.findIndex((item) => sameSubject(item, ownEntries([entry])[0]!));
  const confirmRemove = (entry: FolderPermission) => {
    const label = subjectLabel(entry);
    confirmDestructive({
      title: 'Remove permission',
      children: (
        <Text size="sm">
          {label} loses {levelName(entry.permission)} on {title} at once (unless a role, team or the folder still grants it).
        </Text>
      ),
      onConfirm: () =>
        apply(
          own.filter((_, i) => i !== ownIndex(entry)),
          `${label} no longer has ${levelName(entry.permission)} on ${title}`,
        ),
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Admins of the organization always have every permission.
        {target.kind === 'dashboard' && ' Entries from the folder apply too; change them on the folder.'}
      </Text>
      {list.data.length === 0 ? (
        <Alert color="gray" variant="light" title="No permissions">
          Only Admins can reach {title}.
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label={`Permissions of ${title}`}>
            <TableHead columns={['Who', 'Permission']} />
            <Table.Tbody>
              {list.data.map((entry) => {
                const label = subjectLabel(entry);
                return (
                  <Table.Tr key={`${entry.inherited ? 'folder' : 'own'}-${label}`}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <SubjectIcon entry={entry} />
                        <Text size="sm">{label}</Text>
                        {entry.inherited && (
                          <Badge variant="light" color="gray">
                            From the folder
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {entry.inherited ? (
                        <Text size="sm">{levelName(entry.permission)}</Text>
                      ) : (
                        <NativeSelect
                          aria-label={`Permission of ${label}`}
                          size="xs"
                          data={levelOptions}
                          value={String(entry.permission)}
                          disabled={save.isPending}
                          onChange={(event) => {
                            const permission = Number(event.currentTarget.value) as PermissionLevel;
                            apply(
                              own.map((item, i) => (i === ownIndex(entry) ? { ...item, permission } : item)),
                              `${label} now has ${levelName(permission)} on ${title}`,
                            );
                          }}
                          maw={120}
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        {!entry.inherited && (
                          <RowIconAction
                            label={`Remove the permission of ${label}`}
                            icon={IconTrash}
                            color="red"
                            onClick={() => confirmRemove(entry)}
                            disabled={save.isPending}
                          />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {save.isError && (
        <InlineError>
          {lastChange ? `Not saved (${lastChange}): ` : ''}
          {errorMessage(save.error)}
        </InlineError>
      )}
      <AddPermissionForm
        own={own}
        pending={save.isPending}
        onAdd={(item, label) => apply([...own, item], `${label} now has ${levelName(item.permission)} on ${title}`)}
      />
    </Stack>
  );
}
