import { useLocalStorage } from '@mantine/hooks';
import type { Panel } from '../../../panels/layout';

/** Grafana's key for the copied panel (`LS_PANEL_COPY_KEY`): its saved JSON, kept across dashboards and reloads. */
export const PANEL_COPY_KEY = 'panel-copy';

function parseCopied(text: string | undefined): Panel | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Panel) : null;
  } catch {
    return null;
  }
}

/** The copied panel (null when none), and setting or clearing it; every user of it updates at once. */
export function useCopiedPanel() {
  const [copied, setCopied, clearCopied] = useLocalStorage<Panel | null>({
    key: PANEL_COPY_KEY,
    defaultValue: null,
    getInitialValueInEffect: false,
    serialize: (panel) => JSON.stringify(panel),
    deserialize: parseCopied,
  });
  return { copied, setCopied, clearCopied };
}
