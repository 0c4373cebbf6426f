import type { DataFrame } from '../../../../contract/query';
import type { Panel } from '../../../panels/layout';
import { displayText, getDisplayProcessor, prepareFields } from '../../../panels/fieldDisplay';
import { decodeFrames, type PanelFrame } from '../../../panels/frames';
import { applyTransformations } from '../../../panels/transformations';
import { framesToTables, type TextTable } from './csv';

export function hasTransformations(panel: Panel): boolean {
  return Array.isArray(panel.transformations) && panel.transformations.length > 0;
}

/** Decoded frames back in the wire shape the table and CSV writers read. */
function encodeFrames(frames: PanelFrame[]): DataFrame[] {
  return frames.map((frame) => ({
    schema: {
      refId: frame.refId,
      name: frame.name,
      fields: frame.fields.map((field) => ({ name: field.name, type: field.type, labels: field.labels, config: field.config })),
    },
    data: { values: frame.fields.map((field) => field.values) },
  }));
}

/**
 * The frames as the panel shows them: value fields turned into their display text (units,
 * decimals, mappings) and named by the panel's display names. Time fields stay numbers so the
 * table can still join and write them as times.
 */
function formattedFrames(panel: Panel, frames: PanelFrame[], timeZone: string | undefined): DataFrame[] {
  return prepareFields(panel, frames).map((frame) => ({
    schema: {
      refId: frame.refId,
      name: frame.name,
      fields: frame.fields.map((field) => ({
        name: field.name,
        type: field.type === 'time' ? 'time' : 'string',
        labels: field.labels,
        config: { displayName: field.displayName },
      })),
    },
    data: {
      values: frame.fields.map((field) => {
        if (field.type === 'time') return field.values;
        const display = getDisplayProcessor(field, { timeZone });
        return field.values.map((value) => displayText(display(value)));
      }),
    },
  }));
}

export interface InspectTableOptions {
  /** Values as the panel shows them rather than as the data source sent them. */
  formatted: boolean;
  /** After the panel's transformations rather than as the queries answered. */
  transforms: boolean;
  joinByTime: boolean;
  timeZone: string | undefined;
}

/** The tables the Data tab shows and downloads. */
export function inspectTables(panel: Panel, frames: DataFrame[], options: InspectTableOptions): TextTable[] {
  const { formatted, transforms, joinByTime, timeZone } = options;
  const decoded = transforms ? applyTransformations(panel, decodeFrames(frames)) : decodeFrames(frames);
  const source = formatted ? formattedFrames(panel, decoded, timeZone) : transforms ? encodeFrames(decoded) : frames;
  // Formatted times are written in the dashboard's time zone; raw ones as epoch ms, as the data source sent them.
  return framesToTables(source, { formattedTime: formatted, timeZone, joinByTime });
}

/** Picker labels: a frame's title, with its columns when another frame has the same title. */
export function frameChoices(tables: TextTable[]): Array<{ value: string; label: string }> {
  return tables.map((table, index) => {
    const repeated = tables.some((other, i) => i !== index && other.title === table.title);
    const columns = table.headers.slice(1).join(', ');
    return { value: String(index), label: repeated && columns ? `${table.title}: ${columns}` : table.title };
  });
}
