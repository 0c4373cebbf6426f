import { useEffect, useRef } from 'react';

/**
 * Grafana's dashboard keyboard shortcuts (its `KeybindingSrv`): single keys and two-key sequences
 * such as `d r`, pressed one after the other. They never fire while someone types in a field or
 * works inside a dialog or menu, and never with Ctrl, Alt or Meta held (those belong to the
 * browser). Panel shortcuts act on the panel that has focus or, failing that, the one under the
 * mouse, as Grafana's do; while a panel is viewed alone, on that panel.
 */

export type ShortcutAction =
  'help' | 'exit' | 'viewPanel' | 'inspectPanel' | 'refresh' | 'toggleKiosk' | 'settings' | 'zoomOut' | 'shiftBack' | 'shiftForward';

export interface ShortcutDescription {
  /** The keys in the order they are pressed, as the help dialog shows them. */
  keys: readonly string[];
  description: string;
  action: ShortcutAction;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: readonly ShortcutDescription[];
}

/** Every shortcut, grouped as Grafana's help dialog groups them. The key tokens are `keyToken`'s. */
export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    title: 'Global',
    shortcuts: [
      { keys: ['?'], description: 'Show all keyboard shortcuts', action: 'help' },
      { keys: ['esc'], description: 'Exit panel view, then kiosk mode', action: 'exit' },
    ],
  },
  {
    title: 'Dashboard',
    shortcuts: [
      { keys: ['d', 'r'], description: 'Refresh all panels', action: 'refresh' },
      { keys: ['d', 's'], description: 'Dashboard settings', action: 'settings' },
      { keys: ['d', 'k'], description: 'Toggle kiosk mode (hides the navigation and header)', action: 'toggleKiosk' },
    ],
  },
  {
    title: 'Time range',
    shortcuts: [
      { keys: ['t', 'z'], description: 'Zoom out time range', action: 'zoomOut' },
      { keys: ['t', '←'], description: 'Move time range back', action: 'shiftBack' },
      { keys: ['t', '→'], description: 'Move time range forward', action: 'shiftForward' },
    ],
  },
  {
    title: 'Focused panel',
    shortcuts: [
      { keys: ['v'], description: 'Toggle panel view (the panel fills the screen)', action: 'viewPanel' },
      { keys: ['i'], description: 'Inspect the panel', action: 'inspectPanel' },
    ],
  },
];

/** The key of a keyboard event as the bindings name it: `d`, `?`, `esc`, `←`; undefined for modified keys. */
export function keyToken(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey'>): string | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey) return undefined;
  switch (event.key) {
    case 'Escape':
    case 'Esc':
      return 'esc';
    case 'ArrowLeft':
      return '←';
    case 'ArrowRight':
      return '→';
    default:
      // Letters as typed in lower case (Caps Lock on still means `d r`); `?` and friends as they are.
      return event.key.length === 1 ? event.key.toLowerCase() : undefined;
  }
}

/** How long the second key of a sequence may wait for the first, as Mousetrap (Grafana's) allows. */
export const SEQUENCE_TIMEOUT_MS = 1500;

export type MatchResult = { kind: 'matched'; action: ShortcutAction } | { kind: 'pending' } | { kind: 'none' };

/**
 * Matches key presses against sequences. Pure apart from the prefix it remembers, and given the
 * time by its caller, so it is tested without a clock.
 */
export function createSequenceMatcher(groups: readonly ShortcutGroup[] = SHORTCUT_GROUPS, timeoutMs = SEQUENCE_TIMEOUT_MS) {
  const bindings = new Map<string, ShortcutAction>();
  const prefixes = new Set<string>();
  for (const { shortcuts } of groups)
    for (const { keys, action } of shortcuts) {
      bindings.set(keys.join(' '), action);
      for (let i = 1; i < keys.length; i++) prefixes.add(keys.slice(0, i).join(' '));
    }
  let pending: { keys: string; at: number } | undefined;

  const start = (token: string, now: number): MatchResult => {
    const action = bindings.get(token);
    if (action) return { kind: 'matched', action };
    if (prefixes.has(token)) {
      pending = { keys: token, at: now };
      return { kind: 'pending' };
    }
    return { kind: 'none' };
  };

  return {
    press(token: string, now: number): MatchResult {
      const before = pending;
      pending = undefined;
      if (before && now - before.at <= timeoutMs) {
        const sequence = `${before.keys} ${token}`;
        const action = bindings.get(sequence);
        if (action) return { kind: 'matched', action };
        if (prefixes.has(sequence)) {
          pending = { keys: sequence, at: now };
          return { kind: 'pending' };
        }
      }
      // Not a continuation: the key may begin something of its own.
      return start(token, now);
    },
    reset() {
      pending = undefined;
    },
  };
}

/** Whether a key press belongs to what the target is doing: typing in a field, or working a dialog or menu. */
export function isBusyTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return (
    target.closest('[role="textbox"], [role="combobox"], [role="searchbox"], [role="dialog"], [role="menu"], [role="listbox"]') !== null
  );
}

/** The id of the dashboard panel an element sits in (`data-panel-id` on the panel's section). */
export function panelIdOf(element: Element | null): number | undefined {
  const id = element?.closest('[data-panel-id]')?.getAttribute('data-panel-id');
  return id && /^\d+$/.test(id) ? Number(id) : undefined;
}

export interface DashboardShortcutHandlers {
  openHelp(): void;
  /** Leaves what Esc leaves (panel view, then kiosk); false when there was nothing to leave. */
  exit(): boolean;
  toggleViewPanel(panelId: number): void;
  inspectPanel(panelId: number): void;
  refresh(): void;
  toggleKiosk(): void;
  /** Absent for someone who cannot open the settings: `d s` then does nothing. */
  openSettings?(): void;
  zoomOut(): void;
  shiftRange(direction: -1 | 1): void;
}

/**
 * Listens for the dashboard's shortcuts on the document while mounted. `viewedPanel` is the panel
 * shown alone, the target of panel shortcuts when no other panel has focus or the mouse.
 */
export function useDashboardShortcuts(handlers: DashboardShortcutHandlers, { viewedPanel }: { viewedPanel?: number } = {}) {
  // The latest handlers, read when a key arrives: the listeners are added once.
  const latest = useRef({ handlers, viewedPanel });
  useEffect(() => {
    latest.current = { handlers, viewedPanel };
  });

  useEffect(() => {
    const matcher = createSequenceMatcher();
    let hovered: number | undefined;
    const onMouseOver = (event: MouseEvent) => {
      hovered = panelIdOf(event.target instanceof Element ? event.target : null);
    };
    const targetPanel = () => panelIdOf(document.activeElement) ?? hovered ?? latest.current.viewedPanel;

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const token = keyToken(event);
      if (token === undefined || isBusyTarget(event.target)) {
        matcher.reset();
        return;
      }
      const result = matcher.press(token, performance.now());
      if (result.kind !== 'matched') return;
      const { handlers: h } = latest.current;
      const run = (): boolean => {
        switch (result.action) {
          case 'help':
            h.openHelp();
            return true;
          case 'exit':
            return h.exit();
          case 'viewPanel':
          case 'inspectPanel': {
            const panel = targetPanel();
            if (panel === undefined) return false;
            if (result.action === 'viewPanel') h.toggleViewPanel(panel);
            else h.inspectPanel(panel);
            return true;
          }
          case 'refresh':
            h.refresh();
            return true;
          case 'toggleKiosk':
            h.toggleKiosk();
            return true;
          case 'settings':
            if (!h.openSettings) return false;
            h.openSettings();
            return true;
          case 'zoomOut':
            h.zoomOut();
            return true;
          case 'shiftBack':
          case 'shiftForward':
            h.shiftRange(result.action === 'shiftBack' ? -1 : 1);
            return true;
        }
      };
      // A handled key does nothing else (an arrow does not scroll, `?` types nowhere).
      if (run()) event.preventDefault();
    };

    document.addEventListener('mouseover', onMouseOver);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mouseover', onMouseOver);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
