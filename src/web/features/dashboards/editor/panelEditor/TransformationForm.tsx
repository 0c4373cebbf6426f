import { Text } from '@mantine/core';
import type { JSX } from 'react';
import { CalculateFieldForm } from './transformationForms/CalculateFieldForm';
import { ConvertFieldTypeForm } from './transformationForms/ConvertFieldTypeForm';
import { ExtractFieldsForm } from './transformationForms/ExtractFieldsForm';
import { FilterByRefIdForm } from './transformationForms/FilterByRefIdForm';
import { FilterByValueForm } from './transformationForms/FilterByValueForm';
import { FilterFieldsByNameForm } from './transformationForms/FilterFieldsByNameForm';
import { GroupByForm } from './transformationForms/GroupByForm';
import { JoinByFieldForm } from './transformationForms/JoinByFieldForm';
import { JoinByLabelsForm } from './transformationForms/JoinByLabelsForm';
import { LabelsToFieldsForm } from './transformationForms/LabelsToFieldsForm';
import { LimitForm } from './transformationForms/LimitForm';
import { OrganizeForm } from './transformationForms/OrganizeForm';
import { PartitionByValuesForm } from './transformationForms/PartitionByValuesForm';
import { ReduceForm } from './transformationForms/ReduceForm';
import { RenameByRegexForm } from './transformationForms/RenameByRegexForm';
import { SortByForm } from './transformationForms/SortByForm';
import type { Options, OptionsFormProps } from './transformationForms/optionValues';

export interface TransformationFormProps {
  id: string;
  options: Options;
  /** The names of the fields in the panel's data, for the pickers. */
  fields: string[];
  /** The names of the labels of the panel's data, for the label pickers. */
  labels?: string[];
  /** `field` names what changed, so typing is one undo step. */
  onChange(options: Options, field?: string): void;
}

/** Each transformation Sightline applies, by id, and the form of its options. */
const FORMS = new Map<string, (props: OptionsFormProps) => JSX.Element>([
  ['calculateField', (props) => <CalculateFieldForm {...props} />],
  ['organize', (props) => <OrganizeForm {...props} />],
  ['filterFieldsByName', (props) => <FilterFieldsByNameForm {...props} />],
  ['renameByRegex', (props) => <RenameByRegexForm {...props} />],
  ['joinByField', (props) => <JoinByFieldForm {...props} />],
  ['seriesToColumns', (props) => <JoinByFieldForm {...props} />],
  ['reduce', (props) => <ReduceForm {...props} />],
  ['labelsToFields', (props) => <LabelsToFieldsForm {...props} />],
  ['sortBy', (props) => <SortByForm {...props} />],
  ['limit', (props) => <LimitForm {...props} />],
  ['filterByRefId', (props) => <FilterByRefIdForm {...props} />],
  ['groupBy', (props) => <GroupByForm {...props} />],
  ['filterByValue', (props) => <FilterByValueForm {...props} />],
  ['convertFieldType', (props) => <ConvertFieldTypeForm {...props} />],
  ['partitionByValues', (props) => <PartitionByValuesForm {...props} />],
  ['joinByLabels', (props) => <JoinByLabelsForm {...props} />],
  ['extractFields', (props) => <ExtractFieldsForm {...props} />],
  ['merge', () => <NoOptions>Merges every table into one; it has no options.</NoOptions>],
  ['seriesToRows', () => <NoOptions>Combines the series into one table of Time, Metric and Value; it has no options.</NoOptions>],
]);

function NoOptions({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** The options of one transformation, in Grafana's JSON shape. */
export function TransformationForm({ id, options, fields, labels, onChange }: TransformationFormProps) {
  // Every transformation Sightline applies has a form; only the others come here.
  const form = FORMS.get(id);
  if (!form)
    return (
      <Text size="sm" c="dimmed">
        Sightline does not apply this transformation: its data passes through unchanged. Edit its options in the panel JSON.
      </Text>
    );
  return form({ id, options, fields, labels, set: (patch, field) => onChange({ ...options, ...patch }, field) });
}
