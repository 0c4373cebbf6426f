/**
 * The full editor's fields beyond the queries: evaluation behaviour, no-data and error handling,
 * labels, annotations, the dashboard link and notification settings.
 */
import { Fieldset, Group, Select, Stack, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { execErrStates, noDataStates } from '../../../../contract/alerting';
import { KeyValueList } from './KeyValueList';
import { ContactPointField, FolderGroupFields, PendingPeriodField, type FieldsProps } from './RuleFields';
import type { KeyValue } from './ruleModel';

const STANDARD = ['summary', 'description', 'runbook_url'];
const STATE_LABELS: Record<string, string> = { OK: 'Normal', KeepLast: 'Keep last state' };

export function EvaluationFields(props: FieldsProps) {
  const { values, onChange, errors } = props;
  return (
    <Fieldset legend="Evaluation">
      <Stack gap="md">
        <FolderGroupFields {...props} />
        <Group align="flex-start" gap="md" wrap="wrap">
          <PendingPeriodField {...props} />
          <TextInput
            label="Keep firing for"
            description="How long it keeps firing after the condition clears"
            value={values.keepFiringFor}
            onChange={(e) => onChange({ keepFiringFor: e.currentTarget.value })}
            error={errors.keepFiringFor}
            w={220}
          />
        </Group>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Select
            label="Alert state if no data"
            data={noDataStates.map((value) => ({ value, label: STATE_LABELS[value] ?? value }))}
            value={values.noDataState}
            onChange={(value) => onChange({ noDataState: (value ?? 'NoData') as typeof values.noDataState })}
            allowDeselect={false}
            error={errors.noDataState}
            w={220}
          />
          <Select
            label="Alert state if execution error or timeout"
            data={execErrStates.map((value) => ({ value, label: STATE_LABELS[value] ?? value }))}
            value={values.execErrState}
            onChange={(value) => onChange({ execErrState: (value ?? 'Error') as typeof values.execErrState })}
            allowDeselect={false}
            error={errors.execErrState}
            w={300}
          />
        </Group>
        <Switch label="Pause evaluation" checked={values.isPaused} onChange={(e) => onChange({ isPaused: e.currentTarget.checked })} />
      </Stack>
    </Fieldset>
  );
}

export function LabelsAndAnnotationsFields({ values, onChange, errors }: FieldsProps) {
  const standard = (key: string) => values.annotations.find((a) => a.key === key)?.value ?? '';
  const custom = values.annotations.filter((a) => !STANDARD.includes(a.key));
  const setStandard = (key: string, value: string) =>
    onChange({ annotations: [...STANDARD.map((k) => ({ key: k, value: k === key ? value : standard(k) })), ...custom] });
  const setCustom = (items: KeyValue[]) => onChange({ annotations: [...STANDARD.map((k) => ({ key: k, value: standard(k) })), ...items] });
  return (
    <>
      <Fieldset legend="Labels">
        <KeyValueList noun="Label" items={values.labels} error={errors.labels} onChange={(labels) => onChange({ labels })} />
      </Fieldset>
      <Fieldset legend="Annotations">
        <Stack gap="sm">
          <TextInput
            label="Summary"
            value={standard('summary')}
            onChange={(e) => setStandard('summary', e.currentTarget.value)}
            maw={640}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={standard('description')}
            onChange={(e) => setStandard('description', e.currentTarget.value)}
            maw={640}
          />
          <TextInput
            label="Runbook URL"
            value={standard('runbook_url')}
            onChange={(e) => setStandard('runbook_url', e.currentTarget.value)}
            maw={640}
          />
          <KeyValueList noun="Annotation" items={custom} error={errors.annotations} onChange={setCustom} />
          <Group gap="md">
            <TextInput
              label="Dashboard UID"
              description="The dashboard this rule belongs to"
              value={values.dashboardUid}
              onChange={(e) => onChange({ dashboardUid: e.currentTarget.value })}
              w={240}
            />
            <TextInput
              label="Panel ID"
              description="Its panel, which shows the rule's state"
              value={values.panelId}
              onChange={(e) => onChange({ panelId: e.currentTarget.value })}
              w={200}
            />
          </Group>
        </Stack>
      </Fieldset>
    </>
  );
}

export function NotificationFields(props: FieldsProps) {
  const { values, onChange, errors } = props;
  return (
    <Fieldset legend="Notifications">
      <Stack gap="md">
        <ContactPointField {...props} />
        {values.contactPoint && (
          <>
            <TagsInput
              label="Group by"
              description="Alerts with the same values of these labels are sent together (always by folder and alert name)"
              value={values.groupBy}
              onChange={(groupBy) => onChange({ groupBy })}
              maw={520}
            />
            <Group gap="md" align="flex-start">
              <TextInput
                label="Group wait"
                placeholder="30s"
                value={values.groupWait}
                onChange={(e) => onChange({ groupWait: e.currentTarget.value })}
                error={errors.groupWait}
                w={140}
              />
              <TextInput
                label="Group interval"
                placeholder="5m"
                value={values.groupIntervalTiming}
                onChange={(e) => onChange({ groupIntervalTiming: e.currentTarget.value })}
                error={errors.groupIntervalTiming}
                w={140}
              />
              <TextInput
                label="Repeat interval"
                placeholder="4h"
                value={values.repeatInterval}
                onChange={(e) => onChange({ repeatInterval: e.currentTarget.value })}
                error={errors.repeatInterval}
                w={140}
              />
            </Group>
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
