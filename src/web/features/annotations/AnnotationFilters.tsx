import { MultiSelect, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import classes from './Annotations.module.css';
import { useAnnotationTags, useDashboardIndex, useDashboardPanels } from './api';

type Update = (changes: Record<string, string | string[] | undefined>, replace?: boolean) => void;

/**
 * Tags (all or any), dashboard and panel, and words. Widths leave room for the placeholders
 * ("Choose a dashboard"), which would otherwise be cut.
 */
export function AnnotationFilters({
  tags,
  matchAny,
  dashboardUID,
  panelId,
  text,
  update,
}: {
  tags: string[];
  matchAny: boolean;
  dashboardUID?: string;
  panelId?: number;
  text: string;
  update: Update;
}) {
  const tagOptions = useAnnotationTags();
  const dashboards = useDashboardIndex();
  const panels = useDashboardPanels(dashboardUID);
  return (
    <>
      <MultiSelect
        label="Tags"
        placeholder={tags.length ? undefined : 'Any tag'}
        data={[...new Set([...(tagOptions.data ?? []).map((t) => t.tag), ...tags])]}
        value={tags}
        onChange={(next) => update({ tags: next })}
        searchable
        clearable
        style={{ flex: '1 1 220px' }}
      />
      <SegmentedControl
        aria-label="Tags must"
        classNames={{ root: classes.wrapping }}
        data={[
          { value: 'all', label: 'Match all' },
          { value: 'any', label: 'Match any' },
        ]}
        value={matchAny ? 'any' : 'all'}
        onChange={(value) => update({ match: value === 'any' ? 'any' : undefined })}
      />
      <Select
        label="Dashboard"
        placeholder="All dashboards"
        data={(dashboards.data ?? []).map((d) => ({ value: d.uid, label: d.title }))}
        value={dashboardUID ?? null}
        onChange={(value) => update({ dashboardUID: value ?? undefined, panelId: undefined })}
        searchable
        clearable
        style={{ flex: '1 1 220px' }}
      />
      <Select
        label="Panel"
        placeholder={dashboardUID ? 'All panels' : 'Choose a dashboard'}
        data={(panels.data ?? []).map((p) => ({ value: String(p.id), label: p.title }))}
        value={panelId !== undefined ? String(panelId) : null}
        onChange={(value) => update({ panelId: value ?? undefined })}
        disabled={!dashboardUID}
        clearable
        style={{ flex: '1 1 200px' }}
      />
      <TextInput
        label="Filter text"
        placeholder="Words in text, tags or author"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => update({ q: e.currentTarget.value || undefined }, true)}
        style={{ flex: '1 1 240px' }}
      />
    </>
  );
}
