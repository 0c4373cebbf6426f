import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import type { DashboardEdits } from '../../useDashboardEdits';
import { insertAfter, move, removeAt, replaceAt, variableList, variablesPatch, type Json } from '../listEdits';
import { SettingsList } from '../SettingsList';
import { useUndoableRemoval } from '../useUndoableRemoval';
import { VariableEditor } from './VariableEditor';
import { useDataSourceList } from '../../../../../api/dataSources';
import { copyName, defaultDataSourceRef, definitionOf, describeUse, freeName, newVariable, usesOfVariable } from './variableModels';

/**
 * Settings → Variables: the dashboard's `templating.list`, and the editor of one variable when the
 * URL names it (`editIndex`). Every change is one edit of the dashboard state, so undo covers them.
 */
export function VariablesSettings({
  edits,
  editIndex,
  onOpen,
  readOnly,
  dashboardUid,
}: {
  edits: DashboardEdits;
  editIndex: number | undefined;
  onOpen: (index: number | undefined) => void;
  readOnly: boolean;
  dashboardUid: string;
}) {
  const { model, edit } = edits;
  const variables = variableList(model);
  const names = variables.map((v) => String(v.name ?? ''));
  const removeWithUndo = useUndoableRemoval(edits);
  const dataSources = useDataSourceList();
  const defaultDataSource = defaultDataSourceRef(dataSources.data);
  const store = (list: Json[], coalesce?: string) => edit({ type: 'dashboard/patch', patch: variablesPatch(model, list), coalesce });

  const editing = editIndex !== undefined ? variables[editIndex] : undefined;
  if (editIndex !== undefined && editing) {
    return (
      <VariableEditor
        key={editIndex}
        model={model}
        variable={editing}
        otherNames={names.filter((_, i) => i !== editIndex)}
        readOnly={readOnly}
        dashboardUid={dashboardUid}
        defaultDataSource={defaultDataSource}
        onChange={(next, field) => store(replaceAt(variables, editIndex, next), `variables.${editIndex}.${field}`)}
        onBack={() => onOpen(undefined)}
      />
    );
  }

  const add = () => {
    store([...variables, newVariable('query', freeName('query', names), defaultDataSource)]);
    onOpen(variables.length);
  };
  const remove = (index: number) => {
    const name = names[index] ?? '';
    const doRemove = () => removeWithUndo(`Variable ${name}`, () => store(removeAt(variables, index)));
    const users = usesOfVariable(model, name);
    if (users.length === 0) return doRemove();
    modals.openConfirmModal({
      title: `Delete variable ${name}?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">These still refer to ${name} and will show it unreplaced:</Text>
          <List size="sm">
            {users.map((use, i) => (
              <List.Item key={i}>{describeUse(use)}</List.Item>
            ))}
          </List>
        </Stack>
      ),
      labels: { confirm: 'Delete variable', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: doRemove,
    });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Variables
        </Title>
        {!readOnly && variables.length > 0 && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
            New variable
          </Button>
        )}
      </Group>
      {variables.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Variables make a dashboard interactive: a drop-down above the panels picks a server, a job or an interval, and queries, titles
            and links use it as <code>$name</code>.
          </Text>
          {!readOnly && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
              Add variable
            </Button>
          )}
        </Stack>
      ) : (
        <SettingsList
          caption="Variables in the order their controls show; a variable can use those before it."
          columns={['Variable', 'Definition']}
          rows={variables.map((variable, index) => ({
            name: names[index] || `Variable ${index + 1}`,
            cells: [
              <Text key="def" size="sm" ff="monospace" lineClamp={2}>
                {definitionOf(variable)}
              </Text>,
            ],
          }))}
          readOnly={readOnly}
          onOpen={onOpen}
          onMove={(index, direction) => store(move(variables, index, direction))}
          onDuplicate={(index) => {
            const copy = { ...structuredClone(variables[index]!), name: copyName(names[index] ?? '', names) };
            store(insertAfter(variables, index, copy));
          }}
          onRemove={remove}
        />
      )}
    </Stack>
  );
}
