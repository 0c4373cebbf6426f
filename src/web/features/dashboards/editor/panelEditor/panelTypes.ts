import { panelPlugins } from '../../../../panels/registry';

/** The visualizations the picker offers: every panel plugin, with Grafana's names and one line on what it is for. */
export interface PanelTypeInfo {
  type: string;
  name: string;
  description: string;
}

export const PANEL_TYPES: readonly PanelTypeInfo[] = panelPlugins().map(({ type, name, description }) => ({ type, name, description }));

export function panelTypeInfo(type: unknown): PanelTypeInfo | undefined {
  return PANEL_TYPES.find((p) => p.type === type);
}
