import { Alert, Badge, Stack, Tabs, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Route } from '../../../../contract/alertingNotify';
import { errorMessage } from '../../../api/errors';
import { useHasRole } from '../../../app/useSession';
import { Page } from '../../../components/Page';
import { ErrorState, LoadingRows } from '../../../components/States';
import { contactPointNamesQueryOptions, muteTimingsQueryOptions, policyTreeQueryOptions, useSavePolicyTree } from '../api/policies';
import { MuteTimingsTable } from '../muteTimings/MuteTimingsTable';
import { PolicyFormModal } from './PolicyFormModal';
import { PolicyTree, type PolicyActions } from './PolicyTree';
import {
  addChildPolicy,
  addSiblingPolicy,
  nestedCount,
  policyAt,
  policyName,
  removePolicy,
  treeForSaving,
  updatePolicy,
  type PolicyPath,
} from './policyTree';
import { RoutingPreview } from './RoutingPreview';
import { settingsAt } from './routingPreview';

type Editing = { kind: 'edit' | 'child' | 'sibling'; path: PolicyPath };

function PolicyTreeSection({ tree, canEdit }: { tree: Route; canEdit: boolean }) {
  const save = useSavePolicyTree();
  const contactPoints = useQuery({ ...contactPointNamesQueryOptions(), enabled: canEdit });
  const muteTimings = useQuery({ ...muteTimingsQueryOptions(), enabled: canEdit });
  const [editing, setEditing] = useState<Editing | null>(null);
  const provisioned = tree.provenance === 'file';

  const saveTree = (next: Route, success: string) =>
    save
      .mutateAsync(treeForSaving(next))
      .then(() => notifications.show({ color: 'green', title: 'Notification policies saved', message: success }));

  const open = (kind: Editing['kind']) => (path: PolicyPath) => {
    save.reset();
    setEditing({ kind, path });
  };
  const confirmDelete = (path: PolicyPath) => {
    const policy = policyAt(tree, path);
    const name = policyName(policy, path);
    const nested = nestedCount(policy);
    const parentPath = path.slice(0, -1);
    modals.openConfirmModal({
      title: 'Delete notification policy',
      children: (
        <Text size="sm">
          Delete {name}
          {nested > 0 ? ` and the ${nested === 1 ? 'policy' : `${nested} policies`} nested in it` : ''}? The alerts it routes go to{' '}
          {policyName(policyAt(tree, parentPath), parentPath)} instead.
        </Text>
      ),
      labels: { confirm: 'Delete policy', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        saveTree(removePolicy(tree, path), `${name} deleted`).catch((error: unknown) =>
          notifications.show({ color: 'red', title: 'Could not delete the policy', message: errorMessage(error) }),
        ),
    });
  };
  const actions: PolicyActions | undefined =
    canEdit && !provisioned
      ? { onEdit: open('edit'), onAddChild: open('child'), onAddSibling: open('sibling'), onDelete: confirmDelete }
      : undefined;

  const editedPolicy = editing?.kind === 'edit' ? policyAt(tree, editing.path) : undefined;
  const parentPath = editing ? (editing.kind === 'child' ? editing.path : editing.path.slice(0, -1)) : [];
  const isDefault = editing?.kind === 'edit' && editing.path.length === 0;
  const submit = (policy: Route) => {
    if (!editing) return;
    const next =
      editing.kind === 'edit'
        ? updatePolicy(tree, editing.path, () => policy)
        : editing.kind === 'child'
          ? addChildPolicy(tree, editing.path, policy)
          : addSiblingPolicy(tree, editing.path, policy);
    const what = editing.kind === 'edit' ? `${policyName(policy, editing.path)} updated` : 'Policy added';
    // The dialog stays open on a refusal and shows it; the mutation's error is what it reads.
    saveTree(next, what).then(
      () => setEditing(null),
      () => undefined,
    );
  };

  return (
    <Stack gap="md">
      {provisioned && (
        <Alert color="blue" variant="light" title="Provisioned">
          This policy tree comes from a provisioning file and cannot be changed here.
        </Alert>
      )}
      <PolicyTree tree={tree} actions={actions} />
      <RoutingPreview tree={tree} />
      {editing && (
        <PolicyFormModal
          title={
            isDefault
              ? 'Edit default policy'
              : editing.kind === 'edit'
                ? 'Edit notification policy'
                : editing.kind === 'child'
                  ? 'New child policy'
                  : 'New sibling policy'
          }
          policy={editedPolicy}
          isDefault={isDefault}
          inherited={isDefault ? undefined : settingsAt(tree, parentPath)}
          contactPoints={contactPoints.data ?? []}
          muteTimings={(muteTimings.data ?? []).map((timing) => timing.name)}
          saving={save.isPending}
          saveError={save.error}
          onSave={submit}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

/** `/alerting/routes`: the notification policy tree, its routing preview, and the mute timings (`?tab=mute_timings`). */
export function NotificationPoliciesPage() {
  const canEdit = useHasRole('Admin');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mute_timings' ? 'mute_timings' : 'notification_policies';
  const tree = useQuery(policyTreeQueryOptions());
  const provisioned = tree.data?.provenance === 'file' && <Badge variant="light">Provisioned</Badge>;
  return (
    <Page title="Notification policies" actions={provisioned}>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'mute_timings' ? { tab: 'mute_timings' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="notification_policies">Notification policies</Tabs.Tab>
          <Tabs.Tab value="mute_timings">Mute timings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="notification_policies">
          {tree.isPending ? (
            <LoadingRows label="Loading notification policies" />
          ) : tree.isError ? (
            <ErrorState error={tree.error} onRetry={() => void tree.refetch()} title="Could not load the notification policies" />
          ) : (
            <PolicyTreeSection tree={tree.data} canEdit={canEdit} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="mute_timings">
          <MuteTimingsTable tree={tree.data} canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
