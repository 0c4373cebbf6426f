import { Box, Center, Code, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Panel } from './layout';
import { queryText } from './layout';
import type { Scheme } from './fieldDisplay';

/** The theme a renderer draws for, so colours on canvas and text keep their contrast. */
export function useScheme(): Scheme {
  return useComputedColorScheme('light') === 'dark' ? 'dark' : 'light';
}

/** "No data" (or the panel's own `noValue`), as text in the middle of the panel. */
export function NoData({ text }: { text?: string }) {
  return (
    <Center h="100%" mih={40}>
      <Text size="sm" c="dimmed" data-testid="panel-no-data">
        {text || 'No data'}
      </Text>
    </Center>
  );
}

/** A short message inside the panel, for data the renderer cannot draw (no time field, ...). */
export function PanelNotice({ children }: { children: ReactNode }) {
  return (
    <Center h="100%" mih={40} p="xs">
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Center>
  );
}

/** While a renderer's code loads: a quiet placeholder with the same size, never a blank flash. */
export function RendererLoading() {
  return (
    <Center h="100%" role="status" aria-label="Loading panel">
      <Text size="xs" c="dimmed">
        Loading…
      </Text>
    </Center>
  );
}

/** A panel type Sightline does not draw: says so, and still shows the queries and the panel's JSON. */
export function UnsupportedPanel({ panel }: { panel: Panel }) {
  const targets = Array.isArray(panel.targets) ? panel.targets : [];
  return (
    <Stack gap={6} h="100%" style={{ overflow: 'auto' }} p={4}>
      <Text size="sm" fw={600}>
        Panel type {String(panel.type ?? '(none)')} is not supported yet
      </Text>
      {targets.map((target, index) => (
        <Box key={index}>
          <Text size="xs" c="dimmed">
            Query {String(target.refId ?? String.fromCharCode(65 + index))}
          </Text>
          <Code block style={{ fontSize: 11, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {queryText(target) || JSON.stringify(target)}
          </Code>
        </Box>
      ))}
      <details>
        <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-xs)' }}>Panel JSON</summary>
        <Code block style={{ fontSize: 11, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {JSON.stringify(panel, null, 2)}
        </Code>
      </details>
    </Stack>
  );
}

interface BoundaryProps {
  /** When this changes (new data, edited panel), a failed renderer gets another try. */
  resetKey: unknown;
  children: ReactNode;
}

/** One broken renderer shows its error in its own panel; the dashboard and the other panels go on. */
export class PanelErrorBoundary extends Component<BoundaryProps, { error: Error | null; key: unknown }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: Error | null; key: unknown }) {
    if (props.resetKey !== state.key) return { error: null, key: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Panel failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <Center h="100%" p="xs">
          <Text size="sm" c="var(--mantine-color-error)" role="alert" ta="center">
            This panel could not be drawn: {this.state.error.message}
          </Text>
        </Center>
      );
    }
    return this.props.children;
  }
}
