import { notifications } from '@mantine/notifications';
import { shiftRange, zoomOut } from './time';
import type { DashboardState } from './useDashboardState';
import { useDashboardShortcuts } from './useDashboardShortcuts';

/** Grafana's keyboard shortcuts, acting on this dashboard: its time range, viewed panel, kiosk mode, help and settings. */
export function useLiveDashboardShortcuts(
  state: DashboardState,
  {
    kiosk,
    setKiosk,
    openHelp,
    openSettings,
  }: { kiosk: boolean; setKiosk(on: boolean): void; openHelp(): void; openSettings: (() => void) | undefined },
) {
  const { setRange, setViewPanel, viewPanel, range } = state;
  useDashboardShortcuts(
    {
      openHelp,
      exit: () => {
        if (viewPanel !== undefined) setViewPanel(undefined);
        else if (kiosk) setKiosk(false);
        else return false;
        return true;
      },
      toggleViewPanel: (id) => setViewPanel(viewPanel === id ? undefined : id),
      // Grafana's URL for the inspect drawer of a panel.
      inspectPanel: (id) => state.setUrlParams({ inspect: String(id) }, { replace: false }),
      refresh: state.refreshNow,
      toggleKiosk: () => {
        if (!kiosk) notifications.show({ id: 'kiosk', message: 'Press Esc to leave kiosk mode' });
        setKiosk(!kiosk);
      },
      openSettings,
      zoomOut: () => setRange(zoomOut(range, Date.now())),
      shiftRange: (direction) => setRange(shiftRange(range, direction, Date.now())),
    },
    { viewedPanel: viewPanel },
  );
}
