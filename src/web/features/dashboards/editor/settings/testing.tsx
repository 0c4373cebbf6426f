import { Button } from '@mantine/core';
import { useState } from 'react';
import { renderWithProviders } from '../../../../test/render';
import type { DashboardModel } from '../../api';
import type { SettingsView } from '../../EditBar';
import { useDashboardEdits, type DashboardEdits } from '../useDashboardEdits';
import { DashboardSettings } from './DashboardSettings';

/** What a test reads back: the model and the edit state as they are now. */
export interface SettingsProbe {
  edits: DashboardEdits;
  view: SettingsView;
  editIndex: number | undefined;
}

function Harness({
  model,
  view,
  editIndex,
  probe,
}: {
  model: DashboardModel;
  view: SettingsView;
  editIndex?: number;
  probe: SettingsProbe;
}) {
  const edits = useDashboardEdits(model);
  const [at, setAt] = useState<{ view: SettingsView; editIndex?: number }>({ view, editIndex });
  const [folderUid, setFolderUid] = useState('');
  Object.assign(probe, { edits, view: at.view, editIndex: at.editIndex });
  return (
    <>
      <Button onClick={edits.undo} disabled={!edits.canUndo}>
        Undo edit
      </Button>
      <DashboardSettings
        view={at.view}
        editIndex={at.editIndex}
        onNavigate={(next, index) => setAt({ view: next, editIndex: index })}
        hrefOf={(next) => `?editview=${next}`}
        edits={edits}
        dashboardUid="abc"
        folderUid={folderUid}
        onFolderChange={setFolderUid}
        readOnly={false}
        versions={<p>Versions page</p>}
        permissions={<p>Permissions page</p>}
        json={<p>JSON page</p>}
      />
    </>
  );
}

/** The settings area over a real edit state, as DashboardPage holds it. */
export function renderSettings(model: DashboardModel, view: SettingsView, editIndex?: number) {
  const probe = {} as SettingsProbe;
  const result = renderWithProviders(<Harness model={model} view={view} editIndex={editIndex} probe={probe} />);
  return { ...result, probe };
}
