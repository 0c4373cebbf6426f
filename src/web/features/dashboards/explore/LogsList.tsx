import { Badge, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { DataFrame } from '../../../../contract/query';
import { decodeFrames } from '../../../panels/frames';
import { formatDateTime } from '../runtime/time';
import classes from './Explore.module.css';

interface LogLine {
  key: string;
  time: number | undefined;
  line: string;
  labels: Record<string, string>;
}

function labelsOf(value: unknown): Record<string, string> {
  const parsed = typeof value === 'string' ? safeJson(value) : value;
  if (!parsed || typeof parsed !== 'object') return {};
  return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The lines of log frames (Loki's `labels`, `Time`, `Line`, `id` fields), newest first as the data source sent them. */
export function logLines(frames: readonly DataFrame[]): LogLine[] {
  const lines: LogLine[] = [];
  for (const frame of decodeFrames([...frames])) {
    const time = frame.fields.find((f) => f.type === 'time');
    const body = frame.fields.find((f) => f.name === 'Line' || f.name === 'body') ?? frame.fields.find((f) => f.type === 'string');
    const labels = frame.fields.find((f) => f.name === 'labels');
    const ids = frame.fields.find((f) => f.name === 'id');
    if (!body) continue;
    for (let i = 0; i < frame.length; i += 1) {
      const at = time?.values[i];
      lines.push({
        key: typeof ids?.values[i] === 'string' ? (ids.values[i] as string) : `${frame.index}-${i}`,
        time: typeof at === 'number' ? at : undefined,
        line: String(body.values[i] ?? ''),
        labels: labelsOf(labels?.values[i]),
      });
    }
  }
  return lines;
}

/**
 * Log lines as a plain list: time, line and labels. Explore uses the `logs` panel renderer instead
 * as soon as the panel registry has one (see ExploreResults).
 */
export function LogsList({ frames, timeZone }: { frames: readonly DataFrame[]; timeZone: string }) {
  const lines = useMemo(() => logLines(frames), [frames]);
  if (lines.length === 0) return <Text c="dimmed">No log lines</Text>;
  return (
    <ol className={classes.logs} aria-label="Log lines">
      {lines.map((line) => (
        <li key={line.key} className={classes.logLine}>
          <Text span size="xs" c="dimmed" className={classes.logTime}>
            {line.time === undefined ? '' : formatDateTime(line.time, timeZone)}
          </Text>
          <div>
            <Text span size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {line.line}
            </Text>
            {Object.keys(line.labels).length > 0 && (
              <Group gap={4} mt={2}>
                {Object.entries(line.labels).map(([name, value]) => (
                  <Badge key={name} size="xs" variant="light" color="gray" radius="sm">
                    {name}={value}
                  </Badge>
                ))}
              </Group>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
