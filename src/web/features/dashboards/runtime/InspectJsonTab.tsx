import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useMemo } from 'react';
import JsonEditor from '../JsonEditor';
import { parseJsonObject } from '../jsonErrors';
import type { Panel } from '../../../panels/layout';
import { CopyButton } from './CopyButton';

type ParsedPanel = { ok: true; panel: Panel } | { ok: false; error: string };

/** An edited panel: a JSON object keeping the panel's `id`, which the layout and `viewPanel` refer to. */
export function parsePanelJson(text: string, id: Panel['id']): ParsedPanel {
  const parsed = parseJsonObject(text, 'panel');
  if (!parsed.ok) return parsed;
  const panel = parsed.value as Panel;
  if (panel.id !== id) {
    return {
      ok: false,
      error: id === undefined ? 'The panel has no "id"; leave it out' : `The "id" must stay ${id}: the dashboard refers to the panel by it`,
    };
  }
  return { ok: true, panel };
}

/**
 * Inspect's JSON tab: the panel's JSON to read and copy, and to change for someone who may edit.
 * Read-only, it says why: the dashboard is in view mode (with a way into edit mode), or the
 * person may not change it.
 */
export function InspectJsonTab({
  panel,
  text,
  onTextChange,
  onApply,
  onEnterEdit,
}: {
  panel: Panel;
  text: string;
  onTextChange(text: string): void;
  onApply?(panel: Panel): void;
  /** Given when the JSON is read-only only because the dashboard is in view mode. */
  onEnterEdit?(): void;
}) {
  const errorId = useId();
  const parsed = useMemo(() => parsePanelJson(text, panel.id), [text, panel.id]);
  const readOnly = !onApply;
  const apply = () => {
    if (!parsed.ok || !onApply) return;
    onApply(parsed.panel);
    notifications.show({ color: 'green', title: 'Panel JSON applied', message: 'Save the dashboard to keep the change.' });
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {!readOnly
            ? 'Apply changes the panel on this page; save the dashboard afterwards to keep the change.'
            : onEnterEdit
              ? 'The dashboard is in view mode. Enter edit mode to apply changes to this panel’s JSON.'
              : "You can read this panel's JSON; changing it needs permission to edit the dashboard."}
        </Text>
        <Group gap="xs">
          {readOnly && onEnterEdit && (
            <Button variant="default" size="xs" onClick={onEnterEdit}>
              Edit dashboard
            </Button>
          )}
          <CopyButton text={text} what="panel JSON" />
        </Group>
      </Group>
      <JsonEditor value={text} onChange={onTextChange} label="Panel JSON" readOnly={readOnly} height="50vh" />
      {!parsed.ok && (
        <Alert id={errorId} color="red" variant="light" role="alert" title="The panel JSON is not valid">
          {parsed.error}
        </Alert>
      )}
      {!readOnly && (
        <Group justify="flex-end">
          <Button onClick={apply} disabled={!parsed.ok} aria-describedby={parsed.ok ? undefined : errorId}>
            Apply
          </Button>
        </Group>
      )}
    </Stack>
  );
}
