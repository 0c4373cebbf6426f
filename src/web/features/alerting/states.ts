import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleDashed,
  IconFlame,
  IconHourglassHigh,
  IconRotateClockwise,
  type Icon,
} from '@tabler/icons-react';

/** The states a person sees, as Grafana names them. */
export const displayStates = ['Normal', 'Pending', 'Firing', 'Recovering', 'NoData', 'Error'] as const;
export type DisplayState = (typeof displayStates)[number];

/** Each state's look: words and an icon first (colour is never the only sign), the colour after. */
export const stateLook: Record<DisplayState, { label: string; color: string; icon: Icon; filter: string }> = {
  Normal: { label: 'Normal', color: 'teal', icon: IconCircleCheck, filter: 'normal' },
  Pending: { label: 'Pending', color: 'orange', icon: IconHourglassHigh, filter: 'pending' },
  Firing: { label: 'Firing', color: 'red', icon: IconFlame, filter: 'firing' },
  Recovering: { label: 'Recovering', color: 'blue', icon: IconRotateClockwise, filter: 'recovering' },
  NoData: { label: 'No data', color: 'gray', icon: IconCircleDashed, filter: 'nodata' },
  Error: { label: 'Error', color: 'grape', icon: IconAlertTriangle, filter: 'error' },
};

/** The key of a state in the rule states answer's totals. */
export const totalsKey: Record<DisplayState, string> = {
  Normal: 'inactive',
  Pending: 'pending',
  Firing: 'firing',
  Recovering: 'recovering',
  NoData: 'nodata',
  Error: 'error',
};

/** A rule's state: its health when that failed (error, no data), else what its instances make it. */
export function ruleDisplayState(rule: { state: string; health: string }): DisplayState {
  if (rule.health === 'error') return 'Error';
  if (rule.health === 'nodata') return 'NoData';
  switch (rule.state) {
    case 'firing':
      return 'Firing';
    case 'pending':
      return 'Pending';
    case 'recovering':
      return 'Recovering';
    default:
      return 'Normal';
  }
}

/** An instance's state (`Alerting`, `Normal (MissingSeries)`, `Alerting (NoData)`) and its reason. */
export function instanceDisplayState(state: string): { state: DisplayState; reason: string } {
  const match = /^(\w+)(?:\s*\((.*)\))?$/.exec(state.trim());
  const base = match?.[1] ?? state;
  const reason = match?.[2] ?? '';
  const mapped: Record<string, DisplayState> = {
    Alerting: 'Firing',
    Firing: 'Firing',
    Normal: 'Normal',
    Pending: 'Pending',
    Recovering: 'Recovering',
    NoData: 'NoData',
    Error: 'Error',
  };
  return { state: mapped[base] ?? 'Normal', reason };
}

/** "12 s ago", "3 min ago", "2 h ago"; a date when older; "never" for Go's zero time. */
export function timeAgo(iso: string | number, now = Date.now()): string {
  const at = typeof iso === 'number' ? iso : Date.parse(iso);
  if (!Number.isFinite(at) || at <= 0) return 'never';
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return new Date(at).toLocaleString();
}
