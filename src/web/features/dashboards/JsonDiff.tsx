import { Box, Group, Text } from '@mantine/core';
import { diffLines } from 'diff';

/** Line-by-line difference of two JSON models, pretty-printed; unchanged stretches are folded. */
export function JsonDiff({
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  before: unknown;
  after: unknown;
  beforeLabel: string;
  afterLabel: string;
}) {
  const parts = diffLines(JSON.stringify(before, null, 2), JSON.stringify(after, null, 2));
  const changed = parts.some((p) => p.added || p.removed);
  return (
    <Box>
      <Group gap="md" mb={4}>
        <Text size="xs">
          <span style={{ background: 'var(--diff-removed-bg)', padding: '0 4px' }}>− {beforeLabel}</span>
        </Text>
        <Text size="xs">
          <span style={{ background: 'var(--diff-added-bg)', padding: '0 4px' }}>+ {afterLabel}</span>
        </Text>
      </Group>
      {!changed ? (
        <Text size="sm" c="dimmed">
          The two are the same.
        </Text>
      ) : (
        <Box
          component="pre"
          tabIndex={0}
          aria-label={`Differences between ${beforeLabel} and ${afterLabel}`}
          style={{
            fontSize: 12,
            maxHeight: '50vh',
            overflow: 'auto',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 4,
            margin: 0,
          }}
        >
          {parts.map((part, index) => {
            const lines = part.value.replace(/\n$/, '').split('\n');
            if (!part.added && !part.removed) {
              const shown =
                lines.length > 6 ? [...lines.slice(0, 3), `… ${lines.length - 6} unchanged lines …`, ...lines.slice(-3)] : lines;
              return (
                <div key={index} style={{ padding: '0 8px', color: 'var(--mantine-color-dimmed)' }}>
                  {shown.map((line, i) => (
                    <div key={i}>{`  ${line}`}</div>
                  ))}
                </div>
              );
            }
            const Tag = part.added ? 'ins' : 'del';
            return (
              <Tag
                key={index}
                style={{
                  display: 'block',
                  textDecoration: 'none',
                  padding: '0 8px',
                  background: part.added ? 'var(--diff-added-bg)' : 'var(--diff-removed-bg)',
                }}
              >
                {lines.map((line, i) => (
                  <div key={i}>{`${part.added ? '+' : '−'} ${line}`}</div>
                ))}
              </Tag>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
