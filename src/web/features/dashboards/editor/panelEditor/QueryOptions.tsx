import { Button, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useState } from 'react';
import type { Panel } from '../../../../panels/layout';
import { queryOptionProblem, queryOptionText, withQueryOption, type QueryOptionField } from './queryOptions';

// What an empty field means is said in its description, which stays readable, not as grey text in the box.
const FIELDS: ReadonlyArray<{ field: QueryOptionField; label: string; description: string }> = [
  {
    field: 'maxDataPoints',
    label: 'Max data points',
    description: 'The most points a query returns. Empty: the panel width.',
  },
  {
    field: 'interval',
    label: 'Min interval',
    description: 'The shortest step between points, e.g. 30s: the scrape interval. Empty: no limit.',
  },
  {
    field: 'timeFrom',
    label: 'Relative time',
    description: 'This panel’s own range, e.g. 1h or now-1d/d. Empty: the dashboard’s.',
  },
  { field: 'timeShift', label: 'Time shift', description: 'Moves this panel’s range back, e.g. 1d for yesterday. Empty: none.' },
];

/** A one-line summary of the options set, as Grafana's button shows them. */
function summary(panel: Panel): string {
  const set = FIELDS.filter(({ field }) => queryOptionText(panel, field)).map(
    ({ field, label }) => `${label} = ${queryOptionText(panel, field)}`,
  );
  return set.length ? set.join(', ') : 'MD = auto, Interval = auto';
}

/** Grafana's query options, folded under a button: each field applies when valid; invalid text stays in its box with the reason. */
export function QueryOptions({
  panel,
  latest,
  onChange,
}: {
  panel: Panel;
  /** The panel as it is now: an edit keeps what changed since this was drawn (the title, say). */
  latest(): Panel;
  onChange(next: Panel, coalesce?: string): void;
}) {
  const [texts, setTexts] = useState<Record<QueryOptionField, string>>(() => ({
    maxDataPoints: queryOptionText(panel, 'maxDataPoints'),
    interval: queryOptionText(panel, 'interval'),
    timeFrom: queryOptionText(panel, 'timeFrom'),
    timeShift: queryOptionText(panel, 'timeShift'),
  }));
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        aria-expanded={open}
        aria-controls="query-options"
        onClick={() => setOpen(!open)}
      >
        Query options
      </Button>
      {open && (
        <Paper id="query-options" withBorder radius="sm" p="xs" w="100%">
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {summary(panel)}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {FIELDS.map(({ field, label, description }) => (
                <TextInput
                  key={field}
                  label={label}
                  description={description}
                  size="xs"
                  value={texts[field]}
                  error={queryOptionProblem(field, texts[field])}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    setTexts((all) => ({ ...all, [field]: text }));
                    if (!queryOptionProblem(field, text)) onChange(withQueryOption(latest(), field, text), `query-option-${field}`);
                  }}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      )}
    </>
  );
}
