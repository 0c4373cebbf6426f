/**
 * The full editor: any number of queries and expressions, the condition, and every setting of the
 * rule. Works on the same values as the simple form.
 */
import { useCallback, useMemo } from 'react';
import { Button, Fieldset, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useDataSourceList } from '../../../api/dataSources';
import { RemoveButton } from '../../../components/RemoveButton';
import { DataQueryField } from './DataQueryField';
import { ExpressionEditor } from './ExpressionEditor';
import type { FieldErrors } from './formErrors';
import { EvaluationFields, LabelsAndAnnotationsFields, NotificationFields } from './RuleDetailsFields';
import {
  expressionType,
  isExpression,
  newDataQuery,
  newExpression,
  nextRefId,
  replaceQuery,
  type ExpressionType,
  type RuleFormValues,
  type RuleQuery,
} from './ruleModel';
import { RuleNameField } from './RuleFields';
import { RulePreview } from './RulePreview';

const EXPRESSION_TYPES: ReadonlyArray<{ value: ExpressionType; label: string }> = [
  { value: 'reduce', label: 'Reduce' },
  { value: 'math', label: 'Math' },
  { value: 'threshold', label: 'Threshold' },
  { value: 'resample', label: 'Resample' },
  { value: 'classic_conditions', label: 'Classic condition' },
];
const typeLabel = (type: string) => EXPRESSION_TYPES.find((t) => t.value === type)?.label ?? type;

export interface FullRuleEditorProps {
  values: RuleFormValues;
  errors: FieldErrors;
  update(change: (current: RuleFormValues) => RuleFormValues): void;
}

export function FullRuleEditor({ values, errors, update }: FullRuleEditorProps) {
  const dataSources = useDataSourceList();
  const change = (changes: Partial<RuleFormValues>) => update((current) => ({ ...current, ...changes }));
  const onQueryChange = useCallback((next: RuleQuery) => update((current) => replaceQuery(current, next.refId, next)), [update]);
  const refKey = values.queries.map((q) => q.refId).join(',');
  const refIds = useMemo(() => refKey.split(','), [refKey]);

  const addQuery = () => {
    const refId = nextRefId(values.queries);
    const ds = dataSources.data?.find((d) => d.isDefault) ?? dataSources.data?.[0];
    const query = ds ? newDataQuery(refId, ds) : { refId, datasourceUid: '', relativeTimeRange: { from: 600, to: 0 }, model: { refId } };
    change({ queries: [...values.queries, query] });
  };
  const addExpression = (type: ExpressionType) => {
    const refId = nextRefId(values.queries);
    const input = values.queries[values.queries.length - 1]?.refId ?? '';
    change({ queries: [...values.queries, newExpression(type, refId, input)] });
  };
  const remove = (refId: string) => {
    const queries = values.queries.filter((q) => q.refId !== refId);
    change({ queries, condition: values.condition === refId ? (queries[queries.length - 1]?.refId ?? '') : values.condition });
  };

  return (
    <Stack gap="lg">
      <RuleNameField values={values} onChange={change} errors={errors} />

      <Fieldset legend="Queries and expressions">
        <Stack gap="md">
          {values.queries.map((query) => (
            <Fieldset
              key={query.refId}
              variant="filled"
              legend={isExpression(query) ? `Expression ${query.refId} (${typeLabel(expressionType(query))})` : `Query ${query.refId}`}
            >
              <Group justify="flex-end" mt={-8}>
                {query.refId === values.condition && (
                  <Text size="xs" fw={600}>
                    Alert condition
                  </Text>
                )}
                <RemoveButton
                  label={`Remove ${isExpression(query) ? 'expression' : 'query'} ${query.refId}`}
                  onClick={() => remove(query.refId)}
                  disabled={values.queries.length === 1}
                />
              </Group>
              {isExpression(query) ? (
                <ExpressionEditor expression={query} inputs={refIds} error={errors[`query:${query.refId}`]} onChange={onQueryChange} />
              ) : (
                <DataQueryField query={query} showRange error={errors[`query:${query.refId}`]} onChange={onQueryChange} />
              )}
            </Fieldset>
          ))}
          <Group gap="sm">
            <Button variant="default" leftSection={<IconPlus size={14} aria-hidden />} onClick={addQuery}>
              Add query
            </Button>
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                >
                  Add expression
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {EXPRESSION_TYPES.map((type) => (
                  <Menu.Item key={type.value} onClick={() => addExpression(type.value)}>
                    {type.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
          <Select
            label="Alert condition"
            description="The query or expression whose result decides whether each series fires"
            data={refIds}
            value={refIds.includes(values.condition) ? values.condition : null}
            onChange={(condition) => change({ condition: condition ?? '' })}
            allowDeselect={false}
            error={errors.condition}
            w={260}
          />
          <RulePreview values={values} />
        </Stack>
      </Fieldset>

      <EvaluationFields values={values} onChange={change} errors={errors} />
      <LabelsAndAnnotationsFields values={values} onChange={change} errors={errors} />
      <NotificationFields values={values} onChange={change} errors={errors} />
    </Stack>
  );
}
