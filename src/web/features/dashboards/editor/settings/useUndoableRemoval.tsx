import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import type { DashboardEdits } from '../useDashboardEdits';
import { HISTORY_LIMIT } from '../dashboardEdits';

/**
 * Removing a variable, annotation query or link is one edit, so Undo brings it back: the
 * notification that says it is gone offers Undo while the removal is still the latest edit (after
 * another edit, the editor's own undo steps back through both).
 */
export function useUndoableRemoval(edits: Pick<DashboardEdits, 'depth' | 'undo'>) {
  const depth = useRef(edits.depth);
  useEffect(() => {
    depth.current = edits.depth;
  }, [edits.depth]);
  return (what: string, remove: () => void) => {
    const expected = Math.min(depth.current + 1, HISTORY_LIMIT);
    remove();
    const id = `settings-removed-${Date.now()}`;
    notifications.show({
      id,
      title: `${what} deleted`,
      message: (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">Save to make it final.</Text>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => {
              notifications.hide(id);
              if (depth.current === expected) edits.undo();
            }}
          >
            Undo
          </Button>
        </Group>
      ),
    });
  };
}
