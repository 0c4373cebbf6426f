import { Button, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { resolveDataSource, useDataSourceList } from '../../../../../api/dataSources';
import { isGrafanaSource } from '../../../runtime/annotationSources';
import type { DashboardEdits } from '../../useDashboardEdits';
import { annotationList, annotationsPatch, move, removeAt, replaceAt, type Json } from '../listEdits';
import { SettingsList } from '../SettingsList';
import { useUndoableRemoval } from '../useUndoableRemoval';
import { AnnotationEditor } from './AnnotationEditor';
import { freeAnnotationName, newAnnotation } from './annotationModels';

/** Settings → Annotations: `annotations.list` (the built-in "Annotations & Alerts" first), and one query's editor. */
export function AnnotationsSettings({
  edits,
  editIndex,
  onOpen,
  readOnly,
}: {
  edits: DashboardEdits;
  editIndex: number | undefined;
  onOpen: (index: number | undefined) => void;
  readOnly: boolean;
}) {
  const { model, edit } = edits;
  const annotations = annotationList(model);
  const dataSources = useDataSourceList();
  const removeWithUndo = useUndoableRemoval(edits);
  const store = (list: Json[], coalesce?: string) => edit({ type: 'dashboard/patch', patch: annotationsPatch(model, list), coalesce });
  const names = annotations.map((a, i) => String(a.name || `Annotations ${i + 1}`));

  const editing = editIndex !== undefined ? annotations[editIndex] : undefined;
  if (editIndex !== undefined && editing) {
    return (
      <AnnotationEditor
        key={editIndex}
        annotation={editing}
        readOnly={readOnly}
        onChange={(next, field) => store(replaceAt(annotations, editIndex, next), `annotations.${editIndex}.${field}`)}
        onBack={() => onOpen(undefined)}
      />
    );
  }

  const add = () => {
    store([...annotations, newAnnotation(freeAnnotationName(names))]);
    onOpen(annotations.length);
  };
  const sourceName = (annotation: Json) => {
    if (isGrafanaSource(annotation.datasource)) return 'Grafana';
    return resolveDataSource(annotation.datasource, dataSources.data ?? [])?.name ?? 'Data source not found';
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Annotations
        </Title>
        {!readOnly && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
            New query
          </Button>
        )}
      </Group>
      <SettingsList
        caption="Annotation queries mark events on the panels' time axes; each has a toggle above the panels unless hidden."
        columns={['Query name', 'Data source', 'State']}
        rows={annotations.map((annotation, index) => ({
          name: names[index]!,
          removable: !annotation.builtIn,
          cells: [
            <Group key="ds" gap={6} wrap="nowrap">
              <ColorSwatch color={typeof annotation.iconColor === 'string' ? annotation.iconColor : 'red'} size={12} aria-hidden />
              <Text size="sm">{sourceName(annotation)}</Text>
            </Group>,
            <Text key="state" size="sm">
              {[annotation.enable === false ? 'Disabled' : 'Enabled', annotation.hide === true ? 'hidden' : ''].filter(Boolean).join(', ')}
            </Text>,
          ],
        }))}
        readOnly={readOnly}
        onOpen={onOpen}
        onMove={(index, direction) => store(move(annotations, index, direction))}
        onRemove={(index) => removeWithUndo(`Annotation query ${names[index]}`, () => store(removeAt(annotations, index)))}
      />
    </Stack>
  );
}
