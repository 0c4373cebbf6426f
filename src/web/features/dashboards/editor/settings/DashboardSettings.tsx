import { Box, NavLink, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SettingsView } from '../../EditBar';
import { SettingsForm } from '../../SettingsForm';
import type { DashboardEdits } from '../useDashboardEdits';
import { AnnotationsSettings } from './annotations/AnnotationsSettings';
import { LinksSettings } from './links/LinksSettings';
import { VariablesSettings } from './variables/VariablesSettings';

const PAGES: Array<{ view: SettingsView; label: string }> = [
  { view: 'settings', label: 'General' },
  { view: 'annotations', label: 'Annotations' },
  { view: 'variables', label: 'Variables' },
  { view: 'links', label: 'Links' },
  { view: 'versions', label: 'Versions' },
  { view: 'permissions', label: 'Permissions' },
  { view: 'dashboard_json', label: 'JSON Model' },
];

export interface DashboardSettingsProps {
  view: SettingsView;
  /** Which item of a list page is open (Grafana's `editIndex`). */
  editIndex: number | undefined;
  onNavigate: (view: SettingsView, editIndex?: number) => void;
  /** The URL of a page, so each entry is a real link (open in a new tab, copy). */
  hrefOf: (view: SettingsView) => string;
  edits: DashboardEdits;
  dashboardUid: string;
  folderUid: string;
  onFolderChange: (uid: string) => void;
  readOnly: boolean;
  /** The pages DashboardPage already draws: they keep their own state there. */
  versions: ReactNode;
  permissions: ReactNode;
  json: ReactNode;
}

/**
 * Grafana's dashboard settings: a vertical navigation of its pages (General, Annotations, Variables,
 * Links, Versions, Permissions, JSON Model) beside the open one. Every page edits the one dashboard
 * state, so undo and Save cover them all.
 */
export function DashboardSettings(props: DashboardSettingsProps) {
  const { view, editIndex, onNavigate, hrefOf, edits, readOnly } = props;
  const open = (target: SettingsView) => (index: number | undefined) => onNavigate(target, index);
  const content = (() => {
    switch (view) {
      case 'settings':
        return (
          <SettingsForm
            model={edits.model}
            onPatch={(patch, field) => edits.edit({ type: 'dashboard/patch', patch, coalesce: `settings.${field}` })}
            folderUid={props.folderUid}
            onFolderChange={props.onFolderChange}
            readOnly={readOnly}
          />
        );
      case 'variables':
        return (
          <VariablesSettings
            edits={edits}
            editIndex={editIndex}
            onOpen={open('variables')}
            readOnly={readOnly}
            dashboardUid={props.dashboardUid}
          />
        );
      case 'annotations':
        return <AnnotationsSettings edits={edits} editIndex={editIndex} onOpen={open('annotations')} readOnly={readOnly} />;
      case 'links':
        return <LinksSettings edits={edits} editIndex={editIndex} onOpen={open('links')} readOnly={readOnly} />;
      case 'versions':
        return props.versions;
      case 'permissions':
        return props.permissions;
      case 'dashboard_json':
        return (
          <Stack gap="xs">
            <Title order={2} size="h3">
              JSON Model
            </Title>
            {props.json}
          </Stack>
        );
    }
  })();

  return (
    <Box style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-lg)', alignItems: 'flex-start' }}>
      <Box component="nav" aria-label="Dashboard settings" style={{ flex: '0 0 11rem' }}>
        {PAGES.map((page) => (
          <NavLink
            key={page.view}
            href={hrefOf(page.view)}
            label={page.label}
            active={page.view === view}
            aria-current={page.view === view ? 'page' : undefined}
            onClick={(event) => {
              // A plain click stays in the page (unsaved edits live here); a modified click opens a tab.
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onNavigate(page.view);
            }}
          />
        ))}
      </Box>
      <Box style={{ flex: '1 1 28rem', minWidth: 0 }}>{content}</Box>
    </Box>
  );
}
