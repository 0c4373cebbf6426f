import type { Panel } from '../../../../panels/layout';
import { migratePanel } from '../../../../panels/migrations';
import type { DashboardModel } from '../../api';
import { annotationList, annotationsPatch } from './listEdits';

/**
 * The schema version Sightline writes: Grafana 12's. A save stores what Sightline migrates a
 * dashboard to, as Grafana's save stores its migrated model, so the version says the same.
 */
export const CURRENT_SCHEMA_VERSION = 41;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The model as a save writes it: old panel types migrated as the renderer draws them (`graph` →
 * `timeseries`, `singlestat` → `stat`, ...; rows' folded panels too), Grafana's last two schema
 * steps (40: `refresh` is always a string; 41: `timepicker.time_options` is gone), and
 * `schemaVersion` raised to the current one, and Grafana's built-in annotation query first in
 * `annotations.list` when missing (its DashboardModel adds it to every dashboard it loads).
 * A model already current comes back equal.
 */
export function modelForSave(model: DashboardModel): DashboardModel {
  const version = typeof model.schemaVersion === 'number' ? model.schemaVersion : 0;
  const next: DashboardModel = { ...model };
  if (Array.isArray(model.panels)) next.panels = (model.panels as Panel[]).map(migrateWithRows);
  if (typeof next.refresh !== 'string') next.refresh = '';
  if (isObject(next.timepicker) && 'time_options' in next.timepicker) {
    const { time_options: _dropped, ...timepicker } = next.timepicker;
    next.timepicker = timepicker;
  }
  if (version < CURRENT_SCHEMA_VERSION) next.schemaVersion = CURRENT_SCHEMA_VERSION;
  const list = annotationList(model);
  if (!isObject(model.annotations) || !Array.isArray(model.annotations.list) || list.length !== model.annotations.list.length)
    next.annotations = annotationsPatch(model, list).annotations;
  return next;
}

function migrateWithRows(panel: Panel): Panel {
  const migrated = migratePanel(panel);
  return Array.isArray(migrated.panels) ? { ...migrated, panels: migrated.panels.map(migrateWithRows) } : migrated;
}
