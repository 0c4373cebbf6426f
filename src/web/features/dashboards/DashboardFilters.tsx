import { Chip, Group, MultiSelect, SegmentedControl, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch, IconStar } from '@tabler/icons-react';
import { useRef, type KeyboardEvent } from 'react';
import { useDashboardTags } from './api';
import { FolderSelect } from './FolderSelect';
import { formatSearch, parseSearch } from './searchQuery';
import type { Sort } from './listQueries';

/** Search box (`/` focuses it), tags, folder, starred and sort; every value lives in the URL. */
export function DashboardFilters({
  text,
  folder,
  sort,
  starred,
  onChange,
  onSearchKey,
}: {
  text: string;
  folder: string | undefined;
  sort: Sort;
  starred: boolean;
  onChange: (key: 'query' | 'folder' | 'sort' | 'starred', value: string | undefined) => void;
  onSearchKey: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const tags = useDashboardTags();
  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);
  const typed = parseSearch(text);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        ref={searchRef}
        style={{ flex: '1 1 280px' }}
        label="Search dashboards"
        description="Words in any order; tag:name for a tag. Press / to search."
        placeholder="e.g. cluster overview tag:prod"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => onChange('query', e.currentTarget.value)}
        onKeyDown={onSearchKey}
      />
      <MultiSelect
        style={{ flex: '0 1 220px' }}
        label="Tags"
        placeholder={typed.tags.length ? undefined : 'Any tag'}
        data={(tags.data ?? []).map((t) => ({ value: t.term, label: `${t.term} (${t.count})` }))}
        value={typed.tags}
        onChange={(next) => onChange('query', formatSearch({ words: typed.words, tags: next }))}
        searchable
        clearable
      />
      <FolderSelect
        style={{ flex: '0 1 200px' }}
        anyFolder
        value={folder ?? null}
        onChange={(value) => onChange('folder', value ?? undefined)}
      />
      <Chip
        checked={starred}
        onChange={(checked) => onChange('starred', checked ? 'true' : undefined)}
        icon={<IconStar size={14} aria-hidden />}
        variant="outline"
      >
        Starred
      </Chip>
      <SegmentedControl
        aria-label="Sort"
        data={[
          { value: 'alpha-asc', label: 'A–Z' },
          { value: 'alpha-desc', label: 'Z–A' },
        ]}
        value={sort}
        onChange={(value) => onChange('sort', value)}
      />
    </Group>
  );
}
