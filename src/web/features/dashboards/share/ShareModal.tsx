import { Alert, Button, Code, Group, List, Modal, Skeleton, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCode, IconCopy, IconDownload } from '@tabler/icons-react';
import { useId, useMemo, useState, type JSX } from 'react';
import { GRAFANA_API_VERSION } from '../../../../contract/system';
import { useDataSourceList } from '../../../api/dataSources';
import { errorMessage } from '../../../api/errors';
import { downloadText } from '../runtime/csv';
import type { RawTimeRange } from '../runtime/types';
import { exportExternally } from './exportExternally';
import { shareUrl } from './shareLink';

export interface ShareModalProps {
  opened: boolean;
  onClose(): void;
  /** The dashboard's title, or the panel's when a panel is shared. */
  title: string;
  /** The range the viewer sees, as the URL says it. */
  raw: RawTimeRange;
  timeZone: string;
  /** Sharing one panel: the link opens it alone, and there is no Export tab (as in Grafana). */
  panelId?: number;
  /** The dashboard as it is on screen, for Export. */
  model?: Record<string, unknown>;
}

type ShareTab = 'link' | 'export';

/** Copies `text`, confirming with a notification; a failure is shown beside the button, in the browser's words. */
function useCopy(what: string) {
  const [failure, setFailure] = useState<string>();
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setFailure(undefined);
      notifications.show({ color: 'green', title: `${what} copied`, message: 'It is on the clipboard.' });
    } catch (error) {
      setFailure(`Could not copy: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return { copy, failure };
}

function Failure({ text }: { text?: string }) {
  return text ? (
    <Text size="sm" c="red" role="alert">
      {text}
    </Text>
  ) : null;
}

/** A switch with a line of help below it, which screen readers hear as the switch's description. */
function SwitchWithHelp({
  label,
  help,
  checked,
  onChange,
}: {
  label: string;
  help: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const helpId = useId();
  return (
    <>
      <Switch label={label} aria-describedby={helpId} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <Text size="xs" c="dimmed" id={helpId} mt={-6}>
        {help}
      </Text>
    </>
  );
}

function LinkTab({ raw, timeZone, panelId }: Pick<ShareModalProps, 'raw' | 'timeZone' | 'panelId'>) {
  // Locked by default, as Grafana: the link shows what the viewer sees now, whenever it is opened.
  const [lockTime, setLockTime] = useState(true);
  // The instant the dialog opened: "now" for the locked range.
  const [now] = useState(() => Date.now());
  const url = useMemo(
    () => shareUrl(window.location.href, { raw, timeZone, lockTime, now, panelId }),
    [raw, timeZone, lockTime, now, panelId],
  );
  const { copy, failure } = useCopy('Link');
  return (
    <Stack gap="sm">
      <Text size="sm">
        {panelId === undefined
          ? 'A link to this dashboard with the current time range and variables.'
          : 'A link to this panel alone, with the current time range and variables.'}
      </Text>
      <SwitchWithHelp
        label="Lock time range"
        help="Turns a relative range such as “Last 6 hours” into the absolute one shown now."
        checked={lockTime}
        onChange={setLockTime}
      />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label="Link URL" value={url} readOnly onFocus={(event) => event.currentTarget.select()} style={{ flex: 1 }} />
        <Button leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy(url)}>
          Copy
        </Button>
      </Group>
      <Failure text={failure} />
    </Stack>
  );
}

/** The export's JSON once its inputs are known: external exports need the org's data sources. */
function useExportJson(model: Record<string, unknown>, externally: boolean) {
  const dataSources = useDataSourceList(externally);
  return useMemo(() => {
    if (!externally) return { json: JSON.stringify(model, null, 2), unresolved: [] as string[] };
    if (!dataSources.data) return undefined;
    const result = exportExternally(model, dataSources.data, GRAFANA_API_VERSION);
    return { json: JSON.stringify(result.dashboard, null, 2), unresolved: result.unresolved };
  }, [model, externally, dataSources.data]);
}

function ExportTab({ model, title }: { model: Record<string, unknown>; title: string }) {
  const [externally, setExternally] = useState(false);
  const [showJson, setShowJson] = useState(false);
  const [saveFailure, setSaveFailure] = useState<string>();
  const dataSources = useDataSourceList(externally);
  const exported = useExportJson(model, externally);
  const { copy, failure: copyFailure } = useCopy('Dashboard JSON');
  const jsonId = useId();

  const save = () => {
    if (!exported) return;
    // Grafana's file name: the title and the moment of the export.
    const filename = `${title}-${Date.now()}.json`;
    try {
      downloadText(filename, exported.json, 'application/json;charset=utf-8');
      setSaveFailure(undefined);
      notifications.show({ color: 'green', title: 'Dashboard JSON saved', message: filename });
    } catch (error) {
      setSaveFailure(`Could not save the file: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">Export this dashboard as JSON, to import it on another server or keep it in a file.</Text>
      <SwitchWithHelp
        label="Export for sharing externally"
        help="Data sources become inputs that the importer maps to its own, as Grafana's exports do."
        checked={externally}
        onChange={setExternally}
      />
      {externally && dataSources.isError && (
        <Alert color="red" role="alert" title="Could not list the data sources">
          {errorMessage(dataSources.error)}
        </Alert>
      )}
      {exported && exported.unresolved.length > 0 && (
        <Alert color="yellow" title="Some data sources are not on this server">
          <Text size="sm">These references name no data source here, so the export keeps them as they are:</Text>
          <List size="sm">
            {exported.unresolved.map((ref) => (
              <List.Item key={ref}>
                <Code>{ref}</Code>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {!exported && !dataSources.isError && (
        <div role="status" aria-label="Preparing the export">
          <Skeleton h={36} />
        </div>
      )}
      <Group gap="xs">
        <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={save} disabled={!exported}>
          Save to file
        </Button>
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() => exported && void copy(exported.json)}
          disabled={!exported}
        >
          Copy
        </Button>
        <Button
          variant="default"
          leftSection={<IconCode size={16} aria-hidden />}
          onClick={() => setShowJson((shown) => !shown)}
          aria-expanded={showJson}
          aria-controls={jsonId}
          disabled={!exported}
        >
          {showJson ? 'Hide JSON' : 'View JSON'}
        </Button>
      </Group>
      <Failure text={saveFailure ?? copyFailure} />
      {showJson && exported && (
        // Focusable so that a long export scrolls from the keyboard.
        <Code block id={jsonId} tabIndex={0} aria-label="Exported JSON" style={{ maxHeight: '45vh', overflow: 'auto' }}>
          {exported.json}
        </Code>
      )}
    </Stack>
  );
}

/** Grafana's Share dialog: a link (dashboard or panel) and, for a dashboard, its JSON export. */
export function ShareModal(props: ShareModalProps): JSX.Element {
  const [tab, setTab] = useState<ShareTab>('link');
  const sharingPanel = props.panelId !== undefined;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={sharingPanel ? `Share panel ${props.title}` : `Share ${props.title}`}
      size="lg"
    >
      {sharingPanel || !props.model ? (
        <LinkTab raw={props.raw} timeZone={props.timeZone} panelId={props.panelId} />
      ) : (
        <Tabs value={tab} onChange={(value) => setTab((value as ShareTab | null) ?? 'link')} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="link">Link</Tabs.Tab>
            <Tabs.Tab value="export">Export</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="link">
            <LinkTab raw={props.raw} timeZone={props.timeZone} />
          </Tabs.Panel>
          <Tabs.Panel value="export">
            <ExportTab model={props.model} title={props.title} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}

export default ShareModal;
