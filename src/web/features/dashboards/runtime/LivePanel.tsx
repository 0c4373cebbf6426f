import { ActionIcon, Group, Loader, Paper, Skeleton, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useElementSize, useIntersection, useMergedRef } from '@mantine/hooks';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { memo, useCallback, useMemo, useState } from 'react';
import type { DataSourceSummary } from '../../../api/dataSources';
import { useHasRole, useSession } from '../../../app/useSession';
import { exploreHref, panelExplorePane } from '../explore/exploreUrl';
import type { Panel } from '../../../panels/layout';
import { PanelRenderer } from '../../../panels/PanelRenderer';
import type { PanelAnnotation, SharedCursor, TimeRangeMs } from '../../../panels/types';
import { lazyComponent } from '../../../lib/lazyComponent';
import { safeLinkUrl } from '../../../lib/links';
import type { PanelEditActions } from '../editor/useEditorActions';
import { alertRuleDefaultsSearch, panelAlertRuleDefaults } from '../../../lib/alertRuleDefaults';
import { paths } from '../../../app/paths';
import { PanelAlertState } from './PanelAlertState';
import { PanelMenu, type InspectTab, type PanelLink } from './PanelMenu';
import { buildPanelRequest, usePanelData } from './queries';
import { absolute } from './time';
import type { InterpolationScope, RawTimeRange, ResolvedTimeRange } from './types';
import { interpolate } from './interpolation';
import { unnamedPanelName } from './landmarkNames';
import classes from './LivePanel.module.css';

const PanelInspect = lazyComponent(() => import('./PanelInspect'));

/** Widths are rounded up to this step before they set a query's resolution, so resizing by a pixel asks nothing new. */
const WIDTH_STEP_PX = 100;
const HEADER_PX = 30;

export interface LivePanelProps {
  panel: Panel;
  dashboardUid: string;
  scope: InterpolationScope;
  range: ResolvedTimeRange;
  /** The range as the dashboard says it (`now-6h`), for the Explore link; the resolved range otherwise. */
  rawRange?: RawTimeRange;
  timeZone: string;
  dataSources: readonly DataSourceSummary[];
  annotations: PanelAnnotation[];
  /** The variables a panel needs are loaded; until then it waits instead of asking with `$var` in its query. */
  variablesReady: boolean;
  viewing: boolean;
  /** h2 on its own, h3 under a row's h2: headings never skip a level. */
  headingLevel: 2 | 3;
  /** Its place among panels of the same title (2, 3…), heard after the title so each region's name is unique. */
  titleNumber?: number;
  /** The dashboard's `graphTooltip`: whether graphs share their crosshair, or their tooltip too. */
  sharedCursor?: SharedCursor;
  canEdit: boolean;
  onView(panelId: number | undefined): void;
  /** The inspector's tab when this panel is the one inspected (`inspect=<id>` in the URL). */
  inspectTab?: InspectTab;
  /** Opens (a tab) or, with `undefined`, closes the inspector of a panel. */
  onInspect(panelId: number | undefined, tab?: InspectTab): void;
  onInspectTab(tab: InspectTab): void;
  /** Absent where sharing makes no sense (the panel editor's preview): the menu has no Share then. */
  onShare?(panelId: number): void;
  onChangeTimeRange(range: TimeRangeMs): void;
  onCreateAnnotation(at: { panelId?: number; time: number; timeEnd?: number }): void;
  onApplyPanelJson(panel: Panel): void;
  /** Enters the dashboard's edit mode: given in view mode to someone who could edit there. */
  onEnterEdit?(): void;
  /** The panel menu's Edit, Duplicate, Copy and Remove; in view mode they enter edit mode first. */
  editActions?: PanelEditActions;
}

/** The panel's `links`, interpolated, with unsafe URLs (`javascript:`, `data:`) left out. */
function panelLinks(panel: Panel, replaceVariables: (text: string) => string): PanelLink[] {
  if (!Array.isArray(panel.links)) return [];
  const links: PanelLink[] = [];
  for (const link of panel.links as unknown[]) {
    if (typeof link !== 'object' || link === null) continue;
    const { title, url, targetBlank } = link as { title?: unknown; url?: unknown; targetBlank?: unknown };
    const href = typeof url === 'string' ? safeLinkUrl(replaceVariables(url)) : undefined;
    if (!href) continue;
    links.push({ title: typeof title === 'string' && title.trim() ? replaceVariables(title) : href, href, newTab: targetBlank === true });
  }
  return links;
}

const panelEditing = (actions: PanelEditActions, id: number) => ({
  href: actions.editHref(id),
  onDuplicate: () => actions.duplicate(id),
  onCopy: () => actions.copy(id),
  onRemove: () => actions.remove(id),
});

/**
 * One dashboard panel: a region named by its title that asks for its data once it is on screen,
 * shows loading, "No data" or its own error, and draws with the renderer its type names.
 */
export const LivePanel = memo(function LivePanel(props: LivePanelProps) {
  const { panel, scope } = props;
  const replaceVariables = useCallback((text: string) => interpolate(text, scope), [scope]);
  // Titles and descriptions read as text, as Grafana shows them: "All", or "a + b" for several values.
  const asText = useCallback((text: string) => interpolate(text, scope, { format: 'text' }), [scope]);
  const title = typeof panel.title === 'string' ? asText(panel.title).trim() : '';
  const description = typeof panel.description === 'string' ? asText(panel.description).trim() : '';
  const links = useMemo(() => panelLinks(panel, replaceVariables), [panel, replaceVariables]);
  const transparent = panel.transparent === true;
  // Mantine's hook, sized a frame after mounting, not lib/useElementSize's at once: a panel's query
  // waits for its IntersectionObserver anyway, and sizing thirty panels as they attached drew them
  // all again before the dashboard's first paint (5% slower in alternating runs).
  const { ref: sizeRef, width, height } = useElementSize();
  const { ref: seenRef, entry } = useIntersection({ rootMargin: '200px' });
  const [seen, setSeen] = useState(false);
  // The URL names the inspected panel by id; a panel without one keeps its inspector to itself.
  const hasId = typeof panel.id === 'number';
  const [ownInspect, setOwnInspect] = useState<InspectTab | null>(null);
  const inspect = hasId ? (props.inspectTab ?? null) : ownInspect;
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
    // An inspector opened from the URL needs the data even when the panel is below the fold.
    enabled: (seen || inspect !== null) && width > 0 && props.variablesReady,
  });
  // Grafana offers Explore to those who may explore (Editors and Admins), for panels that query something.
  const mayExplore = useHasRole('Editor');
  const orgId = useSession()?.orgId;
  const exploreLink = useMemo(
    () =>
      mayExplore && request.body
        ? exploreHref(panelExplorePane(request.body.queries, props.rawRange ?? absolute(props.range)), orgId)
        : undefined,
    [mayExplore, request.body, props.rawRange, props.range, orgId],
  );
  // "New alert rule" (for Editors, who may write rules) carries the panel's queries as they run, over the dashboard's range.
  const newAlertRuleLink = useMemo(
    () =>
      mayExplore && request.body
        ? paths.newAlertRule(
            alertRuleDefaultsSearch(
              panelAlertRuleDefaults({
                title,
                panelId: panel.id,
                dashboardUid: props.dashboardUid,
                queries: request.body.queries,
                range: props.range,
                now: props.range.to,
              }),
            ),
          )
        : undefined,
    [mayExplore, request.body, title, panel.id, props.dashboardUid, props.range],
  );
  const { onInspect } = props;
  const setInspect = useCallback(
    (tab: InspectTab | null) => (hasId ? onInspect(tab === null ? undefined : panel.id, tab ?? undefined) : setOwnInspect(tab)),
    [hasId, onInspect, panel.id],
  );
  const frames = data.data?.frames ?? [];
  const titleId = `panel-title-${props.dashboardUid}-${panel.id ?? 'x'}`;
  const descriptionId = `${titleId}-description`;
  const unnamed = unnamedPanelName(panel);
  const name = title || unnamed;

  return (
    <Paper
      withBorder={!transparent}
      radius="sm"
      h="100%"
      component="section"
      aria-labelledby={props.titleNumber ? `${titleId} ${titleId}-number` : titleId}
      aria-describedby={description ? descriptionId : undefined}
      bg={transparent ? 'transparent' : undefined}
      data-transparent={transparent || undefined}
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden', position: 'relative' }}
      data-panel-id={panel.id}
      // What the bench (and a person's tooling) can wait for: the panel has drawn its answer.
      data-panel-state={data.loading ? 'loading' : data.error && frames.length === 0 ? 'error' : 'done'}
    >
      {/* Grafana draws no title, nor a header line, for a panel without one; its region keeps a name all the same. */}
      {!title && (
        <Text id={titleId} component={props.headingLevel === 2 ? 'h2' : 'h3'} className={classes.srOnly}>
          {unnamed}
        </Text>
      )}
      <Group
        justify="space-between"
        gap={4}
        wrap="nowrap"
        px="xs"
        h={HEADER_PX}
        style={{ flexShrink: 0 }}
        className={title ? undefined : classes.hoverHeader}
        data-panel-header
      >
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {title && (
            <Text id={titleId} size="sm" fw={600} truncate component={props.headingLevel === 2 ? 'h2' : 'h3'} m={0}>
              {title}
            </Text>
          )}
          {description && (
            <Tooltip label={description} multiline maw={360} events={{ hover: true, focus: true, touch: true }} withinPortal>
              <ActionIcon variant="subtle" color="gray" size="xs" aria-label={`Description of ${name}`} aria-describedby={descriptionId}>
                <IconInfoCircle size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {description && <VisuallyHidden id={descriptionId}>{description}</VisuallyHidden>}
          {props.titleNumber && <VisuallyHidden id={`${titleId}-number`}>({props.titleNumber})</VisuallyHidden>}
          {data.refreshing && <Loader size={12} role="status" aria-label="Refreshing panel" />}
          {hasId && <PanelAlertState dashboardUid={props.dashboardUid} panelId={panel.id!} />}
        </Group>
        {/* Grafana's corner mark: the panel keeps drawing what it has; the whole message is one hover or focus away. */}
        {data.error && !data.nothingToQuery && (
          <Tooltip
            label={data.error}
            multiline
            maw={420}
            events={{ hover: true, focus: true, touch: true }}
            withinPortal
            styles={{ tooltip: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } }}
          >
            <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Query error in ${name}: ${data.error}`} data-panel-error>
              <IconAlertTriangle size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        <div className={title ? undefined : classes.hoverMenu}>
          <PanelMenu
            title={title || (hasId ? String(panel.id) : 'untitled')}
            links={links}
            viewing={props.viewing}
            canEdit={props.canEdit}
            exploreHref={exploreLink}
            newAlertRuleHref={newAlertRuleLink}
            onView={() => props.onView(props.viewing ? undefined : panel.id)}
            onInspect={setInspect}
            onShare={hasId && props.onShare ? () => props.onShare?.(panel.id!) : undefined}
            editing={props.editActions && hasId ? panelEditing(props.editActions, panel.id!) : undefined}
          />
        </div>
      </Group>
      {/* The padding sits outside the measured box: Mantine measures the border box, so a padded
          measured element would hand the renderer 16 px more width and 8 px more height than it has. */}
      <div style={{ flex: 1, minHeight: 0, padding: title ? '0 8px 8px' : 8, display: 'flex' }}>
        <div ref={bodyRef} data-panel-body style={{ flex: 1, minWidth: 0, minHeight: 0, position: 'relative' }}>
          {data.loading ? (
            <div role="status" aria-label={`Loading ${name}`} style={{ height: '100%' }}>
              <Skeleton h="100%" radius="sm" />
            </div>
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
              headingLevel={props.headingLevel}
              sharedCursor={props.sharedCursor}
            />
          ) : null}
        </div>
      </div>
      {inspect && (
        <PanelInspect
          opened
          onClose={() => setInspect(null)}
          panel={panel}
          frames={frames}
          request={data.data?.request}
          response={data.data?.response}
          error={data.error}
          tab={inspect}
          onTabChange={hasId ? props.onInspectTab : setOwnInspect}
          loading={data.loading}
          requestMs={data.data?.requestMs}
          timeZone={props.timeZone}
          onApplyPanelJson={
            props.canEdit
              ? (next) => {
                  props.onApplyPanelJson(next);
                  setInspect(null);
                }
              : undefined
          }
          onEnterEdit={props.canEdit ? undefined : props.onEnterEdit}
        />
      )}
    </Paper>
  );
});
