import { Modal, Tabs } from '@mantine/core';
import { useState, type JSX } from 'react';
import type { DataFrame } from '../../../../contract/query';
import type { Panel } from '../../../panels/layout';
import { InspectDataTab } from './InspectDataTab';
import { InspectJsonTab } from './InspectJsonTab';
import { InspectQueryTab } from './InspectQueryTab';
import { InspectStatsTab } from './InspectStatsTab';
import type { InspectTab } from './PanelMenu';

export { MAX_TABLE_ROWS } from './InspectDataTab';

export interface PanelInspectProps {
  opened: boolean;
  onClose(): void;
  panel: Panel;
  frames: DataFrame[];
  /** The /api/ds/query body last sent. */
  request?: unknown;
  /** The raw answer. */
  response?: unknown;
  /** Query error text, if any. */
  error?: string;
  /** The tab shown, when the caller keeps it (in the URL); otherwise `initialTab` starts it. */
  tab?: InspectTab;
  onTabChange?(tab: InspectTab): void;
  initialTab?: InspectTab;
  /** The first answer is on its way: the data tab shows a skeleton rather than "No data". */
  loading?: boolean;
  /** How long the last answer took, for the Stats tab. */
  requestMs?: number;
  /** The dashboard's `timezone`, for times in the data table and the CSV. */
  timeZone?: string;
  /** Absent when the viewer may not edit: then the JSON tab is read-only and says why. */
  onApplyPanelJson?(panel: Panel): void;
  /** Given when the panel JSON is read-only only because the dashboard is in view mode. */
  onEnterEdit?(): void;
}

function panelTitle(panel: Panel): string {
  return (typeof panel.title === 'string' && panel.title.trim()) || 'Untitled panel';
}

/** The modal's content: mounted only while open, so each opening starts from the panel as it is. */
function InspectContent(props: PanelInspectProps) {
  const { panel, frames, request, response, error, initialTab, timeZone, onApplyPanelJson } = props;
  const [ownTab, setOwnTab] = useState<InspectTab>(initialTab ?? 'data');
  const tab = props.tab ?? ownTab;
  const changeTab = (next: InspectTab) => (props.onTabChange ? props.onTabChange(next) : setOwnTab(next));
  // Kept here, not in the editor, so that edits survive a look at another tab.
  const [jsonText, setJsonText] = useState(() => JSON.stringify(panel, null, 2));
  return (
    <Tabs value={tab} onChange={(value) => changeTab((value as InspectTab | null) ?? 'data')} keepMounted={false}>
      {/* Grafana's tabs, in its order. */}
      <Tabs.List mb="md">
        <Tabs.Tab value="data">Data</Tabs.Tab>
        <Tabs.Tab value="stats">Stats</Tabs.Tab>
        <Tabs.Tab value="json">JSON</Tabs.Tab>
        <Tabs.Tab value="query">Query</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="data">
        <InspectDataTab panel={panel} title={panelTitle(panel)} frames={frames} error={error} timeZone={timeZone} loading={props.loading} />
      </Tabs.Panel>
      <Tabs.Panel value="stats">
        <InspectStatsTab request={request} frames={frames} requestMs={props.requestMs} loading={props.loading} />
      </Tabs.Panel>
      <Tabs.Panel value="json">
        <InspectJsonTab
          panel={panel}
          text={jsonText}
          onTextChange={setJsonText}
          onApply={onApplyPanelJson}
          onEnterEdit={props.onEnterEdit}
        />
      </Tabs.Panel>
      <Tabs.Panel value="query">
        <InspectQueryTab request={request} response={response} error={error} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** Grafana's panel inspect: the panel's data as a table and CSV, its query request and answer, its JSON. */
export function PanelInspect(props: PanelInspectProps): JSX.Element {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Inspect: ${panelTitle(props.panel)}`} size="xl">
      <InspectContent {...props} />
    </Modal>
  );
}

export default PanelInspect;
