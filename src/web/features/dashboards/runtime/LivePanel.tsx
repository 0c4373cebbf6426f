import { Group, Loader, Paper, Skeleton, Text, Tooltip } from '@mantine/core';
import { useElementSize, useIntersection, useMergedRef } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react';
import type { DataSourceSummary } from '../../../api/dataSources';
import type { Panel } from '../layout';
import { PanelRenderer } from '../panels/PanelRenderer';
import type { PanelAnnotation, TimeRangeMs } from '../panels/types';
import { PanelMenu } from './PanelMenu';
import { buildPanelRequest, usePanelData } from './queries';
import type { InterpolationScope, ResolvedTimeRange } from './types';
import { interpolate } from './variables';

const PanelInspect = lazy(() => import('./PanelInspect'));

/** Widths are rounded up to this step before they set a query's resolution, so resizing by a pixel asks nothing new. */
const WIDTH_STEP_PX = 100;
const HEADER_PX = 30;

export interface LivePanelProps {
  panel: Panel;
  dashboardUid: string;
  scope: InterpolationScope;
  range: ResolvedTimeRange;
  timeZone: string;
  dataSources: readonly DataSourceSummary[];
  annotations: PanelAnnotation[];
  /** The variables a panel needs are loaded; until then it waits instead of asking with `$var` in its query. */
  variablesReady: boolean;
  viewing: boolean;
  /** h2 on its own, h3 under a row's h2: headings never skip a level. */
  headingLevel: 2 | 3;
  canEdit: boolean;
  onView(panelId: number | undefined): void;
  onChangeTimeRange(range: TimeRangeMs): void;
  onCreateAnnotation(at: { panelId?: number; time: number; timeEnd?: number }): void;
  onApplyPanelJson(panel: Panel): void;
}

/**
 * One dashboard panel: a region named by its title that asks for its data once it is on screen,
 * shows loading, "No data" or its own error, and draws with the renderer its type names.
 */
export const LivePanel = memo(function LivePanel(props: LivePanelProps) {
  const { panel, scope } = props;
  const replaceVariables = useCallback((text: string) => interpolate(text, scope), [scope]);
  const title = typeof panel.title === 'string' ? replaceVariables(panel.title) : '';
  const { ref: sizeRef, width, height } = useElementSize();
  const { ref: seenRef, entry } = useIntersection({ rootMargin: '200px' });
  const [seen, setSeen] = useState(false);
  const onScreen = entry?.isIntersecting ?? false;
  if (onScreen && !seen) setSeen(true);
  const bodyRef = useMergedRef(sizeRef, seenRef);
  const widthBucket = Math.max(WIDTH_STEP_PX, Math.ceil(width / WIDTH_STEP_PX) * WIDTH_STEP_PX);

  const request = useMemo(
    () => buildPanelRequest({ panel, scope, range: props.range, dataSources: props.dataSources, widthPx: widthBucket }),
    [panel, scope, props.range, props.dataSources, widthBucket],
  );
  const data = usePanelData({
    dashboardUid: props.dashboardUid,
    panelId: panel.id,
    request,
    enabled: seen && width > 0 && props.variablesReady,
  });
  const [inspect, setInspect] = useState<'data' | 'query' | 'json' | null>(null);
  const frames = data.data?.frames ?? [];
  const titleId = `panel-title-${props.dashboardUid}-${panel.id ?? 'x'}`;

  return (
    <Paper
      withBorder
      radius="sm"
      h="100%"
      component="section"
      aria-labelledby={titleId}
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      data-panel-id={panel.id}
      // What the bench (and a person's tooling) can wait for: the panel has drawn its answer.
      data-panel-state={data.loading ? 'loading' : data.error && frames.length === 0 ? 'error' : 'done'}
    >
      <Group justify="space-between" gap={4} wrap="nowrap" px="xs" h={HEADER_PX} style={{ flexShrink: 0 }}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text id={titleId} size="sm" fw={600} truncate component={props.headingLevel === 2 ? 'h2' : 'h3'} m={0}>
            {title || `Untitled panel${panel.id !== undefined ? ` ${panel.id}` : ''}`}
          </Text>
          {data.refreshing && <Loader size={12} aria-label="Refreshing panel" />}
          {data.error && frames.length > 0 && (
            <Tooltip label={data.error} multiline w={320}>
              <IconAlertTriangle size={16} color="var(--mantine-color-error)" aria-label={`Query error: ${data.error}`} role="img" />
            </Tooltip>
          )}
        </Group>
        <PanelMenu
          title={title || 'untitled'}
          viewing={props.viewing}
          canEdit={props.canEdit}
          onView={() => props.onView(props.viewing ? undefined : panel.id)}
          onInspect={setInspect}
        />
      </Group>
      <div ref={bodyRef} style={{ flex: 1, minHeight: 0, position: 'relative', padding: '0 8px 8px' }}>
        {data.loading ? (
          <div role="status" aria-label={`Loading ${title || 'panel'}`} style={{ height: '100%' }}>
            <Skeleton h="100%" radius="sm" />
          </div>
        ) : data.error && frames.length === 0 && !data.nothingToQuery ? (
          <Text
            size="sm"
            c="var(--mantine-color-error)"
            role="alert"
            p="xs"
            style={{ whiteSpace: 'pre-wrap', overflowY: 'auto', maxHeight: '100%' }}
          >
            {data.error}
          </Text>
        ) : width > 0 && height > 0 ? (
          <PanelRenderer
            panel={panel}
            frames={frames}
            width={Math.max(0, width)}
            height={Math.max(0, height)}
            timeRange={props.range}
            timeZone={props.timeZone}
            annotations={props.annotations}
            onChangeTimeRange={props.onChangeTimeRange}
            onCreateAnnotation={(at) => props.onCreateAnnotation({ panelId: panel.id, ...at })}
            replaceVariables={replaceVariables}
          />
        ) : null}
      </div>
      {inspect && (
        <Suspense fallback={null}>
          <PanelInspect
            opened
            onClose={() => setInspect(null)}
            panel={panel}
            frames={frames}
            request={data.data?.request}
            response={data.data?.response}
            error={data.error}
            initialTab={inspect}
            timeZone={props.timeZone}
            onApplyPanelJson={
              props.canEdit
                ? (next) => {
                    props.onApplyPanelJson(next);
                    setInspect(null);
                  }
                : undefined
            }
          />
        </Suspense>
      )}
    </Paper>
  );
});
