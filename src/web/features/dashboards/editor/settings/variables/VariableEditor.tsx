import { Button, Checkbox, Group, List, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import type { DashboardModel } from '../../../api';
import type { Json } from '../listEdits';
import { VariablePreview } from './VariablePreview';
import { VariableTypeFields } from './VariableTypeFields';
import {
  changeType,
  type DataSourceRef,
  describeUse,
  nameProblem,
  usesOfVariable,
  VARIABLE_TYPES,
  type VariableType,
} from './variableModels';

const HIDE_OPTIONS = [
  { value: '0', label: 'Nothing (label and value shown)' },
  { value: '1', label: 'Label (value only)' },
  { value: '2', label: 'Variable (no control)' },
];

/** Types whose values can be several at once and include "All". */
const SELECTABLE = new Set(['query', 'custom', 'datasource']);

/** The editor of one variable: Grafana's general fields, its type's fields, selection options, the preview and its users. */
export function VariableEditor({
  model,
  variable,
  otherNames,
  readOnly,
  dashboardUid,
  defaultDataSource,
  onChange,
  onBack,
}: {
  model: DashboardModel;
  variable: Json;
  otherNames: string[];
  readOnly: boolean;
  dashboardUid: string;
  /** What a variable turned into a query variable asks: the org's default. */
  defaultDataSource: DataSourceRef;
  /** The variable as it now is; `field` names what changed, so typing into one field is one undo step. */
  onChange: (next: Json, field: string) => void;
  onBack: () => void;
}) {
  const savedName = String(variable.name ?? '');
  // The name as typed: applied while valid, so an invalid name never reaches the dashboard.
  const [nameText, setNameText] = useState(savedName);
  const problem = nameProblem(nameText, otherNames);
  const type = String(variable.type ?? 'query');
  const set = (field: string, value: unknown) => onChange({ ...variable, [field]: value }, field);
  const users = usesOfVariable(model, savedName);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Variable {savedName}
        </Title>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          Back to list
        </Button>
      </Group>

      <Stack gap="sm">
        <Title order={3} size="h4">
          General
        </Title>
        <Select
          label="Variable type"
          data={VARIABLE_TYPES.map((t) => ({ value: t.value, label: `${t.label} — ${t.description}` }))}
          value={type}
          onChange={(next) => next && next !== type && onChange(changeType(variable, next as VariableType, defaultDataSource), 'type')}
          allowDeselect={false}
          readOnly={readOnly}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name"
            description="Queries use it as $name"
            required
            value={nameText}
            error={problem}
            readOnly={readOnly}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setNameText(next);
              if (!nameProblem(next, otherNames)) set('name', next);
            }}
            onBlur={() => setNameText(String(variable.name ?? ''))}
          />
          <TextInput
            label="Label"
            description="Shown beside the control instead of the name"
            value={typeof variable.label === 'string' ? variable.label : ''}
            readOnly={readOnly}
            onChange={(event) => set('label', event.currentTarget.value)}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          description="Shown as a tooltip on the control"
          autosize
          minRows={1}
          value={typeof variable.description === 'string' ? variable.description : ''}
          readOnly={readOnly}
          onChange={(event) => set('description', event.currentTarget.value)}
        />
        {type !== 'constant' && (
          <Select
            label="Hide"
            data={HIDE_OPTIONS}
            value={String(variable.hide ?? 0)}
            onChange={(next) => set('hide', Number(next ?? 0))}
            allowDeselect={false}
            readOnly={readOnly}
          />
        )}
      </Stack>

      <VariableTypeFields variable={variable} type={type} readOnly={readOnly} onChange={onChange} />

      {SELECTABLE.has(type) && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            Selection options
          </Title>
          <Checkbox
            label="Multi-value: several values can be selected at once"
            checked={variable.multi === true}
            disabled={readOnly}
            onChange={(event) => set('multi', event.currentTarget.checked)}
          />
          <Checkbox
            label="Include All option"
            checked={variable.includeAll === true}
            disabled={readOnly}
            onChange={(event) => set('includeAll', event.currentTarget.checked)}
          />
          {variable.includeAll === true && (
            <TextInput
              label="Custom all value"
              description="What All stands for in queries, e.g. .* (empty: every value)"
              value={typeof variable.allValue === 'string' ? variable.allValue : ''}
              readOnly={readOnly}
              onChange={(event) => set('allValue', event.currentTarget.value === '' ? null : event.currentTarget.value)}
            />
          )}
        </Stack>
      )}

      <VariablePreview model={model} name={savedName} dashboardUid={dashboardUid} />

      <Stack gap={4}>
        <Title order={3} size="h4">
          Used by
        </Title>
        {users.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing in this dashboard uses ${savedName} yet.
          </Text>
        ) : (
          <List size="sm" aria-label={`Uses of ${savedName}`}>
            {users.map((use, i) => (
              <List.Item key={i}>{describeUse(use)}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}
