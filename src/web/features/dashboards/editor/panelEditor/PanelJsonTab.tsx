import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Panel } from '../../../../panels/layout';
import JsonEditor from '../../JsonEditor';

function parsePanel(text: string): { ok: true; panel: Panel } | { ok: false; error: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { ok: false, error: 'A panel is a JSON object: { "type": …, "targets": […] }.' };
    return { ok: true, panel: value as Panel };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The whole panel as JSON: valid text applies at once (its id stays the panel's), invalid text shows why. */
export default function PanelJsonTab({ panel, onChange }: { panel: Panel; onChange(next: Panel, coalesce?: string): void }) {
  // The editor owns its text while mounted: it is seeded once, from the panel as it is on opening the tab.
  const [seed] = useState(() => JSON.stringify(panel, null, 2));
  const [error, setError] = useState<string>();
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        The panel as the dashboard stores it. Valid changes apply at once; its id stays {String(panel.id)}.
      </Text>
      <JsonEditor
        value={seed}
        label="Panel JSON"
        height="40vh"
        onChange={(text) => {
          const parsed = parsePanel(text);
          if (!parsed.ok) return setError(parsed.error);
          setError(undefined);
          onChange(parsed.panel, 'json');
        }}
      />
      {error && (
        <Alert color="red" variant="light" role="alert" title="The panel JSON is not valid">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
