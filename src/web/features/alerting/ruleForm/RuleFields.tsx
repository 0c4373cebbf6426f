/**
 * Fields both views of the form share: name, folder and evaluation group, pending period, contact point.
 */
import { Group, Select, TextInput } from '@mantine/core';
import { errorMessage } from '../../../api/errors';
import { useContactPointNames, useFolderGroups, useRuleFolders } from '../api/ruleForm';
import type { FieldErrors } from './formErrors';
import type { RuleFormValues } from './ruleModel';

export interface FieldsProps {
  values: RuleFormValues;
  onChange(changes: Partial<RuleFormValues>): void;
  errors: FieldErrors;
}

const NEW_GROUP = '__new__';

export function RuleNameField({ values, onChange, errors }: FieldsProps) {
  return (
    <TextInput
      label="Name"
      required
      value={values.title}
      onChange={(e) => onChange({ title: e.currentTarget.value })}
      error={errors.title}
      maw={520}
    />
  );
}

export function FolderGroupFields({ values, onChange, errors }: FieldsProps) {
  const folders = useRuleFolders();
  const groups = useFolderGroups(values.folderUid);
  const list = groups.data ?? [];
  // A folder without groups can only get a new one.
  const creating = values.newGroup || (groups.isSuccess && list.length === 0);
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Select
        label="Folder"
        description="Rules are stored, and their access decided, by folder"
        data={(folders.data ?? []).map((folder) => ({ value: folder.uid, label: folder.title }))}
        value={values.folderUid}
        onChange={(folderUid) => onChange({ folderUid, group: '', newGroup: false })}
        searchable
        allowDeselect={false}
        error={errors.folder ?? (folders.error ? errorMessage(folders.error) : undefined)}
        w={260}
      />
      <Select
        label="Evaluation group"
        description="Rules of a group are evaluated together, at its interval"
        data={[
          ...list.map((group) => ({ value: group.name, label: `${group.name} (every ${group.interval})` })),
          { value: NEW_GROUP, label: 'New evaluation group…' },
        ]}
        value={creating ? NEW_GROUP : values.group || null}
        onChange={(group) => onChange(group === NEW_GROUP || group === null ? { newGroup: true, group: '' } : { newGroup: false, group })}
        disabled={!values.folderUid}
        allowDeselect={false}
        error={creating ? undefined : (errors.group ?? (groups.error ? errorMessage(groups.error) : undefined))}
        w={260}
      />
      {creating && (
        <>
          <TextInput
            label="New group name"
            value={values.group}
            onChange={(e) => onChange({ group: e.currentTarget.value, newGroup: true })}
            error={errors.group}
            w={200}
          />
          <TextInput
            label="Evaluate every"
            description="A multiple of 10s"
            value={values.groupInterval}
            onChange={(e) => onChange({ groupInterval: e.currentTarget.value })}
            error={errors.groupInterval}
            w={140}
          />
        </>
      )}
    </Group>
  );
}

const PENDING_CHOICES = ['0s', '1m', '5m', '10m', '15m'];
const CUSTOM = 'custom';

/** "For": how long the condition must hold before the rule fires. */
export function PendingPeriodField({ values, onChange, errors }: FieldsProps) {
  const custom = !PENDING_CHOICES.includes(values.pendingPeriod);
  return (
    <Group align="flex-start" gap="md">
      <Select
        label="For (pending period)"
        description="How long the condition must hold before the rule fires"
        data={[
          ...PENDING_CHOICES.map((value) => ({ value, label: value === '0s' ? '0s (fire at once)' : value })),
          { value: CUSTOM, label: 'Custom' },
        ]}
        value={custom ? CUSTOM : values.pendingPeriod}
        onChange={(value) => onChange({ pendingPeriod: value === CUSTOM || value === null ? '2m' : value })}
        allowDeselect={false}
        error={custom ? undefined : errors.pendingPeriod}
        w={240}
      />
      {custom && (
        <TextInput
          label="Custom pending period"
          value={values.pendingPeriod}
          onChange={(e) => onChange({ pendingPeriod: e.currentTarget.value })}
          error={errors.pendingPeriod}
          w={160}
        />
      )}
    </Group>
  );
}

const USE_POLICY = '__policy__';

/** Grafana's simplified routing: one contact point for this rule, or the notification policy tree. */
export function ContactPointField({ values, onChange, errors }: FieldsProps) {
  const points = useContactPointNames();
  return (
    <Select
      label="Contact point"
      description="Who is notified when the rule fires"
      data={[{ value: USE_POLICY, label: 'Use notification policy' }, ...(points.data ?? []).map((name) => ({ value: name, label: name }))]}
      value={values.contactPoint ?? USE_POLICY}
      onChange={(value) => onChange({ contactPoint: value === USE_POLICY ? null : value })}
      allowDeselect={false}
      searchable
      error={errors.contactPoint ?? (points.error ? errorMessage(points.error) : undefined)}
      w={300}
    />
  );
}
