import { Alert, Button, Fieldset, Group, Modal, MultiSelect, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Route } from '../../../../contract/alertingNotify';
import { errorMessage } from '../../../api/errors';
import { MatchersEditor } from '../silences/MatchersEditor';
import { draftFromPolicy, draftProblems, policyFromDraft, type PolicyDraft } from './policyForm';
import type { EffectiveSettings } from './routingPreview';

export interface PolicyFormProps {
  title: string;
  /** The policy being edited; undefined for a new one. */
  policy: Route | undefined;
  isDefault: boolean;
  /** What the policy inherits where it does not override (its parent's settings); undefined for the default policy. */
  inherited: EffectiveSettings | undefined;
  contactPoints: string[];
  muteTimings: string[];
  saving: boolean;
  /** The server's refusal of the last save, shown in its words. */
  saveError: unknown;
  onSave: (policy: Route) => void;
  onClose: () => void;
}

function TimingFields({
  draft,
  set,
  problems,
  inherited,
}: {
  draft: PolicyDraft;
  set: (change: Partial<PolicyDraft>) => void;
  problems: ReturnType<typeof draftProblems>;
  inherited: EffectiveSettings | undefined;
}) {
  const hint = (value: string | undefined, fallback: string) => (inherited ? `Inherited: ${value}` : `Default: ${fallback}`);
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        label="Group wait"
        description={hint(inherited?.group_wait, '30s')}
        placeholder={inherited?.group_wait ?? '30s'}
        value={draft.groupWait}
        onChange={(event) => set({ groupWait: event.currentTarget.value })}
        error={problems.groupWait}
        w={160}
      />
      <TextInput
        label="Group interval"
        description={hint(inherited?.group_interval, '5m')}
        placeholder={inherited?.group_interval ?? '5m'}
        value={draft.groupInterval}
        onChange={(event) => set({ groupInterval: event.currentTarget.value })}
        error={problems.groupInterval}
        w={160}
      />
      <TextInput
        label="Repeat interval"
        description={hint(inherited?.repeat_interval, '4h')}
        placeholder={inherited?.repeat_interval ?? '4h'}
        value={draft.repeatInterval}
        onChange={(event) => set({ repeatInterval: event.currentTarget.value })}
        error={problems.repeatInterval}
        w={160}
      />
    </Group>
  );
}

/** The form of one policy (Grafana's "Edit notification policy"), in a dialog. */
export function PolicyFormModal(props: PolicyFormProps) {
  const { title, policy, isDefault, inherited, contactPoints, muteTimings, saving, saveError, onSave, onClose } = props;
  const [draft, setDraft] = useState(() => draftFromPolicy(policy));
  const [submitted, setSubmitted] = useState(false);
  const set = (change: Partial<PolicyDraft>) => setDraft((current) => ({ ...current, ...change }));
  const problems = submitted ? draftProblems(draft, isDefault) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(draftProblems(draft, isDefault)).length > 0) return;
    onSave(policyFromDraft(draft, policy, isDefault));
  };

  // A timing that no longer exists still shows, so saving does not drop it unseen.
  const timingOptions = [...new Set([...muteTimings, ...draft.muteTimings, ...draft.activeTimings])];
  const receiverOptions = [...new Set([...contactPoints, ...(draft.receiver ? [draft.receiver] : [])])];

  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {!isDefault && (
            <Fieldset legend="Matching labels">
              <Text size="sm" c="dimmed" mb="xs">
                Alerts whose labels match every matcher take this policy; with no matchers it takes every alert that reaches it.
              </Text>
              <MatchersEditor rows={draft.matchers} onChange={(matchers) => set({ matchers })} showProblems={submitted} />
              {problems.matchers && (
                <Text size="sm" c="red" role="alert" mt="xs">
                  {problems.matchers}
                </Text>
              )}
            </Fieldset>
          )}
          <Select
            label="Contact point"
            description={isDefault ? 'Where alerts no nested policy takes are sent' : `Leave empty to inherit: ${inherited?.receiver}`}
            data={receiverOptions}
            value={draft.receiver || null}
            onChange={(value) => set({ receiver: value ?? '' })}
            clearable={!isDefault}
            searchable
            error={problems.receiver}
            maw={420}
          />
          {!isDefault && (
            <Switch
              label="Continue matching subsequent sibling policies"
              checked={draft.continueMatching}
              onChange={(event) => set({ continueMatching: event.currentTarget.checked })}
            />
          )}
          {!isDefault && (
            <Switch
              label="Override grouping"
              description={`Inherited: ${inherited?.group_by.join(', ') || 'no grouping'}`}
              checked={draft.overrideGrouping}
              onChange={(event) => set({ overrideGrouping: event.currentTarget.checked })}
            />
          )}
          {(isDefault || draft.overrideGrouping) && (
            <TagsInput
              label="Group by"
              description="Alerts with the same values of these labels are sent together; ... groups by every label"
              value={draft.groupBy}
              onChange={(groupBy) => set({ groupBy })}
              error={problems.groupBy}
              maw={520}
            />
          )}
          {!isDefault && (
            <Switch
              label="Override general timings"
              checked={draft.overrideTimings}
              onChange={(event) => set({ overrideTimings: event.currentTarget.checked })}
            />
          )}
          {(isDefault || draft.overrideTimings) && <TimingFields draft={draft} set={set} problems={problems} inherited={inherited} />}
          {!isDefault && (
            <Group gap="sm" align="flex-start" grow>
              <MultiSelect
                label="Mute timings"
                description="No notifications are sent during these intervals"
                data={timingOptions}
                value={draft.muteTimings}
                onChange={(muteTimings) => set({ muteTimings })}
                searchable
              />
              <MultiSelect
                label="Active timings"
                description="Notifications are sent only during these intervals"
                data={timingOptions}
                value={draft.activeTimings}
                onChange={(activeTimings) => set({ activeTimings })}
                searchable
              />
            </Group>
          )}
          {saveError !== null && saveError !== undefined && (
            <Alert color="red" variant="light" title="Could not save the policies" role="alert">
              {errorMessage(saveError)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {policy ? 'Update policy' : 'Save policy'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
