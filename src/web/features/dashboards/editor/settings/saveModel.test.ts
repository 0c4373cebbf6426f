import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, modelForSave } from './saveModel';
import { BUILT_IN_ANNOTATION } from './listEdits';

describe('modelForSave', () => {
  it('raises schemaVersion, migrates old panels (in rows too) and applies schema steps 40 and 41', () => {
    const saved = modelForSave({
      title: 'Old',
      schemaVersion: 16,
      refresh: false,
      timepicker: { time_options: ['5m'], refresh_intervals: ['5s'] },
      panels: [
        { id: 1, type: 'graph', title: 'CPU', targets: [] },
        { id: 2, type: 'row', collapsed: true, panels: [{ id: 3, type: 'singlestat', title: 'Up' }] },
      ],
    });
    expect(saved.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(saved.refresh).toBe('');
    expect(saved.timepicker).toEqual({ refresh_intervals: ['5s'] });
    const panels = saved.panels as Array<{ type: string; panels?: Array<{ type: string }> }>;
    expect(panels[0]!.type).toBe('timeseries');
    expect(panels[1]!.panels![0]!.type).toBe('stat');
  });

  it('leaves a current model as it is, and never lowers a newer schemaVersion', () => {
    const current = {
      title: 'New',
      schemaVersion: CURRENT_SCHEMA_VERSION,
      refresh: '1m',
      panels: [{ id: 1, type: 'timeseries' }],
      annotations: { list: [BUILT_IN_ANNOTATION] },
    };
    expect(modelForSave(current)).toEqual(current);
    expect(modelForSave({ title: 'Future', schemaVersion: 99 }).schemaVersion).toBe(99);
  });

  it('puts Grafana’s built-in annotation query first where a dashboard has none (a new, empty one)', () => {
    const query = { name: 'Deploys', enable: true, datasource: { type: 'prometheus', uid: 'p' } };
    expect(modelForSave({ title: 'New', annotations: { list: [] } }).annotations).toEqual({ list: [BUILT_IN_ANNOTATION] });
    expect(modelForSave({ title: 'New', annotations: { list: [query] } }).annotations).toEqual({ list: [BUILT_IN_ANNOTATION, query] });
    expect(modelForSave({ title: 'New' }).annotations).toEqual({ list: [BUILT_IN_ANNOTATION] });
  });
});
