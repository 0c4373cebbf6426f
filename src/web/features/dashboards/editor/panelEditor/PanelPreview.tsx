import { Group } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import type { DataSourceSummary } from '../../../../api/dataSources';
import type { Panel } from '../../../../panels/layout';
import type { TimeRangeMs } from '../../../../panels/types';
import { DashboardTimeControls } from '../../runtime/DashboardTimeControls';
import { LivePanel } from '../../runtime/LivePanel';
import { scopeWithPanelVars } from '../../runtime/repeat';
import { absolute } from '../../runtime/time';
import { timePickerSettings } from '../../runtime/timePickerSettings';
import type { InterpolationScope } from '../../runtime/types';
import { panelInspection, type DashboardState } from '../../runtime/useDashboardState';
import { useDashboardScope } from '../../runtime/useDashboardScope';
import { VariablesBar } from '../../runtime/VariablesBar';

const NO_ANNOTATIONS: never[] = [];

/**
 * The panel as the dashboard draws it (the same LivePanel), at the dashboard's time range and
 * variables, with the dashboard's time picker and variable controls above it.
 */
export function PanelPreview({
  panel,
  model,
  uid,
  state,
  dataSources,
  dataSourcesReady,
  onRefresh,
  onApplyPanelJson,
  onView,
}: {
  panel: Panel;
  model: Record<string, unknown>;
  uid: string;
  state: DashboardState;
  dataSources: readonly DataSourceSummary[];
  dataSourcesReady: boolean;
  onRefresh(): void;
  onApplyPanelJson(panel: Panel): void;
  /** The panel menu's View: the panel alone on the dashboard. */
  onView(): void;
}) {
  const { variables, scope: dashboardScope } = useDashboardScope(model, uid, state);
  // Keyed on what each reads, not on the panel or the model: typing a title changes both at every key.
  const scopedVars = panel.scopedVars;
  const scope: InterpolationScope = useMemo(() => scopeWithPanelVars(dashboardScope, { scopedVars }), [dashboardScope, scopedVars]);
  const { timepicker, weekStart, graphTooltip } = model;
  const timePicker = useMemo(() => timePickerSettings({ timepicker, weekStart, graphTooltip }), [timepicker, weekStart, graphTooltip]);
  const rawRange = useMemo(() => ({ from: state.raw.from, to: state.raw.to }), [state.raw.from, state.raw.to]);
  const { setRange } = state;
  const onChangeTimeRange = useCallback((range: TimeRangeMs) => setRange(absolute(range)), [setRange]);
  const ignore = useCallback(() => undefined, []);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: '100%', minHeight: 0 }}>
      <Group gap={8} justify="space-between" wrap="wrap">
        <VariablesBar variables={variables.variables} setValue={variables.setValue} />
        <DashboardTimeControls uid={uid} state={state} timePicker={timePicker} onRefreshNow={onRefresh} />
      </Group>
      <div style={{ flex: 1, minHeight: 0 }} data-testid="panel-preview">
        <LivePanel
          panel={panel}
          dashboardUid={uid}
          scope={scope}
          range={state.range}
          rawRange={rawRange}
          timeZone={state.timeZone}
          dataSources={dataSources}
          annotations={NO_ANNOTATIONS}
          variablesReady={variables.ready && dataSourcesReady}
          viewing={false}
          headingLevel={2}
          canEdit
          onView={onView}
          {...panelInspection(state, panel.id)}
          onChangeTimeRange={onChangeTimeRange}
          onCreateAnnotation={ignore}
          onApplyPanelJson={onApplyPanelJson}
        />
      </div>
    </div>
  );
}
