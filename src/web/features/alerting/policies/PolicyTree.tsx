import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Route } from '../../../../contract/alertingNotify';
import { matcherText, policyName, type PolicyPath } from './policyTree';
import { effectiveSettings, policyMatchers, type EffectiveSettings } from './routingPreview';

export interface PolicyActions {
  onEdit: (path: PolicyPath) => void;
  onAddChild: (path: PolicyPath) => void;
  onAddSibling: (path: PolicyPath) => void;
  onDelete: (path: PolicyPath) => void;
}

/** One setting of a policy: its own value, or the parent's marked as inherited (text, not colour alone). */
function Setting({ label, value, inherited }: { label: string; value: ReactNode; inherited: boolean }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value}
      {inherited && (
        <Text span size="xs" c="dimmed" fs="italic">
          {' '}
          (inherited)
        </Text>
      )}
    </Text>
  );
}

function PolicySettings({ policy, settings, isDefault }: { policy: Route; settings: EffectiveSettings; isDefault: boolean }) {
  const timingInherited = (own: string | undefined) => !isDefault && !own;
  return (
    <Stack gap={2}>
      <Setting label="Contact point" value={settings.receiver || 'none'} inherited={!isDefault && !policy.receiver} />
      <Setting
        label="Grouped by"
        value={settings.group_by.length ? settings.group_by.join(', ') : 'no grouping'}
        inherited={!isDefault && policy.group_by === undefined}
      />
      <Group gap="md">
        <Setting label="Group wait" value={settings.group_wait} inherited={timingInherited(policy.group_wait)} />
        <Setting label="Group interval" value={settings.group_interval} inherited={timingInherited(policy.group_interval)} />
        <Setting label="Repeat interval" value={settings.repeat_interval} inherited={timingInherited(policy.repeat_interval)} />
      </Group>
      {settings.mute_time_intervals.length > 0 && (
        <Setting label="Mute timings" value={settings.mute_time_intervals.join(', ')} inherited={false} />
      )}
      {settings.active_time_intervals.length > 0 && (
        <Setting label="Active timings" value={settings.active_time_intervals.join(', ')} inherited={false} />
      )}
    </Stack>
  );
}

function PolicyNode({
  policy,
  path,
  inherited,
  actions,
}: {
  policy: Route;
  path: PolicyPath;
  inherited: EffectiveSettings | undefined;
  actions: PolicyActions | undefined;
}) {
  const isDefault = path.length === 0;
  const settings = effectiveSettings(policy, inherited);
  const name = policyName(policy, path);
  const matchers = policyMatchers(policy);
  return (
    <Paper component="article" aria-label={name} withBorder p="sm" radius="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Group gap={6} wrap="wrap">
          {isDefault ? (
            <Text fw={700}>Default policy</Text>
          ) : matchers.length === 0 ? (
            <Text fw={600}>Matches all alerts</Text>
          ) : (
            matchers.map((matcher) => (
              <Badge key={matcherText(matcher)} variant="default" tt="none" fw={500}>
                {matcherText(matcher)}
              </Badge>
            ))
          )}
          {policy.continue && (
            <Badge variant="light" tt="none">
              Continue matching
            </Badge>
          )}
        </Group>
        {actions && (
          <Group gap={6}>
            <Button size="compact-sm" variant="default" onClick={() => actions.onAddChild(path)} aria-label={`Add child policy to ${name}`}>
              Add child
            </Button>
            {!isDefault && (
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => actions.onAddSibling(path)}
                aria-label={`Add sibling policy after ${name}`}
              >
                Add sibling
              </Button>
            )}
            <Button size="compact-sm" variant="default" onClick={() => actions.onEdit(path)} aria-label={`Edit ${name}`}>
              Edit
            </Button>
            {!isDefault && (
              <Button size="compact-sm" variant="light" color="red" onClick={() => actions.onDelete(path)} aria-label={`Delete ${name}`}>
                Delete
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Box mt="xs">
        <PolicySettings policy={policy} settings={settings} isDefault={isDefault} />
      </Box>
      {(policy.routes?.length ?? 0) > 0 && (
        <Stack gap="xs" mt="sm" pl="md" style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
          {policy.routes!.map((child, index) => (
            <PolicyNode key={index} policy={child} path={[...path, index]} inherited={settings} actions={actions} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The whole tree, the default policy at the top and each nested policy inside its parent. `actions` undefined: read-only. */
export function PolicyTree({ tree, actions }: { tree: Route; actions: PolicyActions | undefined }) {
  return <PolicyNode policy={tree} path={[]} inherited={undefined} actions={actions} />;
}
