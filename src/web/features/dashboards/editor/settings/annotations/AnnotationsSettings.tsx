import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { resolveDataSource, useDataSourceList } from '../../../../../api/dataSources';
import { isGrafanaSource } from '../../../runtime/annotationSources';
import { annotationList, annotationsPatch, type Json } from '../listEdits';
import { SettingsList } from '../SettingsList';
import { AddItemButton, SettingsListHeading, useSettingsList, type SettingsListPageProps } from '../SettingsListPage';
import { AnnotationEditor } from './AnnotationEditor';
import { freeAnnotationName, newAnnotation } from './annotationModels';

/** Settings → Annotations: `annotations.list` (the built-in "Annotations & Alerts" first), and one query's editor. */
export function AnnotationsSettings(props: SettingsListPageProps) {
  const { edits, onOpen, readOnly } = props;
  const { model } = edits;
  const annotations = annotationList(model);
  const dataSources = useDataSourceList();
  const list = useSettingsList(props, annotations, (next) => annotationsPatch(model, next), 'annotations');
  const names = annotations.map((a, i) => String(a.name || `Annotations ${i + 1}`));

  if (list.open) {
    const { index, item, onChange, onBack } = list.open;
    return <AnnotationEditor key={index} annotation={item} readOnly={readOnly} onChange={onChange} onBack={onBack} />;
  }

  const add = () => list.add(newAnnotation(freeAnnotationName(names)));
  const sourceName = (annotation: Json) => {
    if (isGrafanaSource(annotation.datasource)) return 'Grafana';
    return resolveDataSource(annotation.datasource, dataSources.data ?? [])?.name ?? 'Data source not found';
  };

  return (
    <Stack gap="sm">
      <SettingsListHeading title="Annotations">{!readOnly && <AddItemButton onClick={add}>New query</AddItemButton>}</SettingsListHeading>
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
        onMove={list.move}
        onRemove={(index) => list.remove(index, `Annotation query ${names[index]}`)}
      />
    </Stack>
  );
}
