import { useIsFetching } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { TimeControls } from './TimeControls';
import type { TimePickerSettings } from './timePickerSettings';
import type { DashboardState } from './useDashboardState';

/**
 * The time controls of a dashboard: its time picker settings and its URL state, spinning while any
 * of its panels is fetching. `onRefreshNow` is the caller's, as the panel editor refreshes its own panel.
 */
export function DashboardTimeControls({
  uid,
  state,
  timePicker,
  onRefreshNow,
}: {
  uid: string;
  state: DashboardState;
  timePicker: TimePickerSettings;
  onRefreshNow(): void;
}) {
  const fetching = useIsFetching({ queryKey: queryKeys.panelDataOf(uid) }) > 0;
  return (
    <TimeControls
      weekStart={timePicker.weekStart}
      refreshIntervals={timePicker.refreshIntervals}
      raw={state.raw}
      range={state.range}
      timeZone={state.timeZone}
      refresh={state.refresh}
      refreshing={fetching}
      onRangeChange={state.setRange}
      onRefreshChange={state.setRefresh}
      onRefreshNow={onRefreshNow}
      savedTimeZone={state.savedTimeZone}
      onTimeZoneChange={state.setTimeZone}
    />
  );
}
