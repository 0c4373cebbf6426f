import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { JSX } from 'react';
import type { DataFrame } from '../../../contract/query';
import type { Panel } from '../layout';

/** The panel's options, grouped as Grafana's options pane: here its "Panel options". */
export function OptionsPane(props: { panel: Panel; frames: DataFrame[]; onChange(next: Panel, coalesce?: string): void }): JSX.Element {
  const { panel, onChange } = props;
  return (
    <Stack gap="xs">
      <Text component="h3" size="sm" fw={600} m={0}>
        Panel options
      </Text>
      <TextInput
        label="Title"
        value={typeof panel.title === 'string' ? panel.title : ''}
        onChange={(e) => onChange({ ...panel, title: e.currentTarget.value }, 'title')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={typeof panel.description === 'string' ? panel.description : ''}
        onChange={(e) => onChange({ ...panel, description: e.currentTarget.value }, 'description')}
      />
    </Stack>
  );
}
