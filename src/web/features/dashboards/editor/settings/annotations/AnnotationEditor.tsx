import {
  Button,
  Checkbox,
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useId } from 'react';
import { resolveDataSource, useDataSourceList } from '../../../../../api/dataSources';
import { errorMessage } from '../../../../../api/errors';
import { isGrafanaSource } from '../../../runtime/annotationSources';
import type { Json } from '../listEdits';
import {
  annotationKind,
  GRAFANA_SOURCE,
  isAnnotationDataSource,
  queryTextOf,
  targetOf,
  withQueryText,
  withSource,
} from './annotationModels';

/** Grafana's annotation colours: its named palette, as the colour picker offers them first. */
const SWATCHES = ['#F2495C', '#FF9830', '#FADE2A', '#73BF69', '#5794F2', '#B877D9', 'rgba(0, 211, 255, 1)'];

/** One annotation query: name, source, enabled, hidden, colour, and the source's own query fields. */
export function AnnotationEditor({
  annotation,
  readOnly,
  onChange,
  onBack,
}: {
  annotation: Json;
  readOnly: boolean;
  onChange: (next: Json, field: string) => void;
  onBack: () => void;
}) {
  const dataSources = useDataSourceList();
  const usable = (dataSources.data ?? []).filter(isAnnotationDataSource);
  const kind = annotationKind(annotation, dataSources.data ?? []);
  const set = (field: string, value: unknown) => onChange({ ...annotation, [field]: value }, field);
  const sourceValue = isGrafanaSource(annotation.datasource)
    ? GRAFANA_SOURCE.uid
    : (resolveDataSource(annotation.datasource, usable)?.uid ?? null);
  const name = String(annotation.name ?? '');

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Annotation query {name}
        </Title>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          Back to list
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required value={name} readOnly={readOnly} onChange={(e) => set('name', e.currentTarget.value)} />
        <Select
          label="Data source"
          data={[
            { value: GRAFANA_SOURCE.uid, label: 'Grafana (annotations kept by Sightline)' },
            ...usable.map((ds) => ({ value: ds.uid, label: ds.name })),
          ]}
          value={sourceValue}
          onChange={(uid) => {
            if (!uid || uid === sourceValue) return;
            const ds = usable.find((d) => d.uid === uid);
            onChange(withSource(annotation, ds ? { type: ds.type, uid: ds.uid } : GRAFANA_SOURCE), 'datasource');
          }}
          allowDeselect={false}
          searchable
          readOnly={readOnly || annotation.builtIn !== undefined}
          error={dataSources.error ? errorMessage(dataSources.error) : undefined}
        />
      </SimpleGrid>
      <Group gap="xl">
        <Checkbox
          label="Enabled: runs when the dashboard opens"
          checked={annotation.enable !== false}
          disabled={readOnly}
          onChange={(e) => set('enable', e.currentTarget.checked)}
        />
        <Checkbox
          label="Hidden: no toggle above the panels"
          checked={annotation.hide === true}
          disabled={readOnly}
          onChange={(e) => set('hide', e.currentTarget.checked)}
        />
      </Group>
      <ColorInput
        label="Color"
        maw={320}
        format="rgba"
        withEyeDropper={false}
        swatches={SWATCHES}
        value={typeof annotation.iconColor === 'string' ? annotation.iconColor : ''}
        readOnly={readOnly}
        onChange={(value) => set('iconColor', value)}
      />
      <Title order={3} size="h4">
        Query
      </Title>
      {kind === 'grafana' && <GrafanaFields annotation={annotation} readOnly={readOnly} onChange={onChange} />}
      {(kind === 'prometheus' || kind === 'loki') && (
        <LabelledQueryFields annotation={annotation} kind={kind} readOnly={readOnly} onChange={onChange} />
      )}
      {kind === 'sql' && (
        <Textarea
          label="SQL query"
          description="Columns time, timeend, text and tags make the annotations; $__timeFilter(time) limits them to the range."
          autosize
          minRows={3}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={queryTextOf(annotation, 'sql')}
          readOnly={readOnly}
          onChange={(e) => onChange(withQueryText(annotation, 'sql', e.currentTarget.value), 'query')}
        />
      )}
      {kind === 'unknown' && (
        <Text size="sm" c="dimmed">
          This query's data source was not found; pick one above, or edit the query in the JSON model.
        </Text>
      )}
    </Stack>
  );
}

function GrafanaFields({
  annotation,
  readOnly,
  onChange,
}: {
  annotation: Json;
  readOnly: boolean;
  onChange: (next: Json, field: string) => void;
}) {
  const filterId = useId();
  const target = targetOf(annotation);
  const filter = (target.type ?? annotation.type) === 'tags' ? 'tags' : 'dashboard';
  const setTarget = (field: string, value: unknown) =>
    onChange(
      { ...annotation, target: { limit: 100, matchAny: false, tags: [], type: filter, ...target, [field]: value } },
      `target.${field}`,
    );
  return (
    <Stack gap="sm">
      <div>
        <Text id={filterId} size="sm" fw={500} mb={4}>
          Filter by
        </Text>
        <SegmentedControl
          aria-labelledby={filterId}
          data={[
            { value: 'dashboard', label: 'Dashboard' },
            { value: 'tags', label: 'Tags' },
          ]}
          value={filter}
          readOnly={readOnly}
          onChange={(value) => setTarget('type', value)}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {filter === 'dashboard' ? 'Annotations added to this dashboard.' : 'Annotations of any dashboard, or none, with these tags.'}
        </Text>
      </div>
      <NumberInput
        label="Max limit"
        maw={200}
        min={1}
        value={typeof target.limit === 'number' ? target.limit : 100}
        readOnly={readOnly}
        onChange={(v) => typeof v === 'number' && setTarget('limit', v)}
      />
      {filter === 'tags' && (
        <>
          <TagsInput
            label="Tags"
            description="Type a tag, press Enter; $variables work"
            value={Array.isArray(target.tags) ? (target.tags as string[]) : []}
            readOnly={readOnly}
            onChange={(tags) => setTarget('tags', tags)}
          />
          <Checkbox
            label="Match any: an annotation with any of the tags (otherwise all of them)"
            checked={target.matchAny === true}
            disabled={readOnly}
            onChange={(e) => setTarget('matchAny', e.currentTarget.checked)}
          />
        </>
      )}
    </Stack>
  );
}

/** How a labelled series becomes an event's title, tags and text, under Grafana's field names. */
const EVENT_FORMAT_FIELDS = [
  { field: 'titleFormat', label: 'Title', description: 'e.g. {{instance}}' },
  { field: 'tagKeys', label: 'Tags', description: 'Label names, comma-separated' },
  { field: 'textFormat', label: 'Text', description: 'e.g. {{instance}} restarted' },
];

function LabelledQueryFields({
  annotation,
  kind,
  readOnly,
  onChange,
}: {
  annotation: Json;
  kind: 'prometheus' | 'loki';
  readOnly: boolean;
  onChange: (next: Json, field: string) => void;
}) {
  const set = (field: string, value: unknown) => onChange({ ...annotation, [field]: value }, field);
  const str = (field: string) => (typeof annotation[field] === 'string' ? (annotation[field] as string) : '');
  return (
    <Stack gap="sm">
      <Textarea
        label={kind === 'prometheus' ? 'PromQL query' : 'LogQL query'}
        description={
          kind === 'prometheus'
            ? 'Every sample above zero marks an event, e.g. changes(process_start_time_seconds[2m]) > 0'
            : 'Each log line is an event'
        }
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={queryTextOf(annotation, kind)}
        readOnly={readOnly}
        onChange={(e) => onChange(withQueryText(annotation, kind, e.currentTarget.value), 'query')}
      />
      {kind === 'prometheus' && (
        <TextInput
          label="Min step"
          description="e.g. 60s (empty: from the time range)"
          maw={240}
          value={str('step') || (typeof targetOf(annotation).interval === 'string' ? (targetOf(annotation).interval as string) : '')}
          readOnly={readOnly}
          onChange={(e) => {
            const { interval: _interval, ...target } = targetOf(annotation);
            onChange({ ...annotation, target, step: e.currentTarget.value }, 'step');
          }}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {EVENT_FORMAT_FIELDS.map(({ field, label, description }) => (
          <TextInput
            key={field}
            label={label}
            description={description}
            value={str(field)}
            readOnly={readOnly}
            onChange={(e) => set(field, e.currentTarget.value)}
          />
        ))}
      </SimpleGrid>
      {kind === 'prometheus' && (
        <Checkbox
          label="Series value as timestamp: the sample's value is the event's time"
          checked={annotation.useValueForTime === true}
          disabled={readOnly}
          onChange={(e) => set('useValueForTime', e.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
