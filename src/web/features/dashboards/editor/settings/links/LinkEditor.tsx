import { Button, Checkbox, Group, SegmentedControl, Select, SimpleGrid, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useId } from 'react';
import { errorMessage } from '../../../../../api/errors';
import { useDashboardTags } from '../../../api';
import type { Json } from '../listEdits';
import { LINK_ICONS } from './linkModels';

/** One dashboard link: dashboards found by tag, or a URL; and whether it carries the time range and variables. */
export function LinkEditor({
  link,
  readOnly,
  onChange,
  onBack,
}: {
  link: Json;
  readOnly: boolean;
  onChange: (next: Json, field: string) => void;
  onBack: () => void;
}) {
  const typeId = useId();
  const tags = useDashboardTags();
  const set = (field: string, value: unknown) => onChange({ ...link, [field]: value }, field);
  const str = (field: string) => (typeof link[field] === 'string' ? (link[field] as string) : '');
  const type = link.type === 'link' ? 'link' : 'dashboards';
  const title = str('title');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Link {title}
        </Title>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          Back to list
        </Button>
      </Group>
      <div>
        <Text id={typeId} size="sm" fw={500} mb={4}>
          Type
        </Text>
        <SegmentedControl
          aria-labelledby={typeId}
          data={[
            { value: 'dashboards', label: 'Dashboards' },
            { value: 'link', label: 'Link' },
          ]}
          value={type}
          readOnly={readOnly}
          onChange={(value) => set('type', value)}
        />
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Title"
          description={type === 'dashboards' ? 'Names the drop-down when shown as one' : undefined}
          value={title}
          readOnly={readOnly}
          onChange={(e) => set('title', e.currentTarget.value)}
        />
        {type === 'link' && (
          <TextInput label="Tooltip" value={str('tooltip')} readOnly={readOnly} onChange={(e) => set('tooltip', e.currentTarget.value)} />
        )}
      </SimpleGrid>
      {type === 'dashboards' ? (
        <>
          <TagsInput
            label="With tags"
            description="Dashboards with all of these tags are linked"
            data={(tags.data ?? []).map((t) => t.term)}
            value={Array.isArray(link.tags) ? (link.tags as string[]) : []}
            readOnly={readOnly}
            error={tags.error ? errorMessage(tags.error) : undefined}
            onChange={(next) => set('tags', next)}
          />
          <Checkbox
            label="Show as drop-down"
            checked={link.asDropdown === true}
            disabled={readOnly}
            onChange={(e) => set('asDropdown', e.currentTarget.checked)}
          />
        </>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="URL"
            description="$variables work"
            value={str('url')}
            readOnly={readOnly}
            onChange={(e) => set('url', e.currentTarget.value)}
          />
          <Select
            label="Icon"
            data={LINK_ICONS}
            value={str('icon') || 'external link'}
            allowDeselect={false}
            readOnly={readOnly}
            onChange={(v) => set('icon', v ?? 'external link')}
          />
        </SimpleGrid>
      )}
      <Stack gap="xs">
        <Title order={3} size="h4">
          Options
        </Title>
        <Checkbox
          label="Include current time range"
          checked={link.keepTime === true}
          disabled={readOnly}
          onChange={(e) => set('keepTime', e.currentTarget.checked)}
        />
        <Checkbox
          label="Include current template variable values"
          checked={link.includeVars === true}
          disabled={readOnly}
          onChange={(e) => set('includeVars', e.currentTarget.checked)}
        />
        <Checkbox
          label="Open link in new tab"
          checked={link.targetBlank === true}
          disabled={readOnly}
          onChange={(e) => set('targetBlank', e.currentTarget.checked)}
        />
      </Stack>
    </Stack>
  );
}
