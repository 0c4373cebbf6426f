import type { DataFrame } from '../../../../../contract/query';
import { sourceNameOf } from '../../../../panels/fieldDisplay';
import { decodeFrames } from '../../../../panels/frames';
import type { Panel } from '../../../../panels/layout';

/** One of the panel's `transformations`, as Grafana stores it. */
export interface Transformation {
  id: string;
  options: Record<string, unknown>;
  disabled?: boolean;
  filter?: unknown;
  [key: string]: unknown;
}

/**
 * The transformations Sightline applies (`applyTransformations` in panels/transformations.ts;
 * `seriesToColumns` is the old id of Join by field, so it is not offered twice), with Grafana's
 * names, descriptions and the options a newly added one starts with.
 */
export const TRANSFORMATION_TYPES: ReadonlyArray<{
  id: string;
  name: string;
  description: string;
  defaults: () => Record<string, unknown>;
}> = [
  {
    id: 'calculateField',
    name: 'Add field from calculation',
    description: 'Use the row values to calculate a new field.',
    defaults: () => ({ mode: 'reduceRow', reduce: { reducer: 'sum' } }),
  },
  {
    id: 'organize',
    name: 'Organize fields by name',
    description: 'Re-order, hide, or rename fields.',
    defaults: () => ({ excludeByName: {}, indexByName: {}, renameByName: {}, includeByName: {} }),
  },
  {
    id: 'filterFieldsByName',
    name: 'Filter fields by name',
    description: 'Remove parts of the query results using a regex pattern.',
    defaults: () => ({ include: { pattern: '' } }),
  },
  {
    id: 'renameByRegex',
    name: 'Rename fields by regex',
    description: 'Rename parts of the query results using a regular expression and replacement pattern.',
    defaults: () => ({ regex: '', renamePattern: '' }),
  },
  {
    id: 'merge',
    name: 'Merge series/tables',
    description: 'Merge multiple series. Values will be combined into one row.',
    defaults: () => ({}),
  },
  {
    id: 'joinByField',
    name: 'Join by field',
    description: 'Combine rows from two or more tables, based on a related field between them.',
    defaults: () => ({ mode: 'outer' }),
  },
  {
    id: 'reduce',
    name: 'Reduce',
    description: 'Reduce all rows or data points to a single value (ex. max, mean).',
    defaults: () => ({ reducers: ['max'] }),
  },
  {
    id: 'labelsToFields',
    name: 'Labels to fields',
    description: 'Group series by time and return labels or tags as fields.',
    defaults: () => ({}),
  },
  { id: 'sortBy', name: 'Sort by', description: 'Sort fields in a frame.', defaults: () => ({ sort: [{}] }) },
  { id: 'limit', name: 'Limit', description: 'Limit the number of items displayed.', defaults: () => ({ limitField: 10 }) },
  {
    id: 'filterByRefId',
    name: 'Filter data by query refId',
    description:
      'Filter data by query. This is useful if you are sharing the results from a different panel that has many queries and you want to only visualize a subset of that in this panel.',
    defaults: () => ({}),
  },
  {
    id: 'groupBy',
    name: 'Group by',
    description: 'Group the data by a field value then process calculations for each group.',
    defaults: () => ({ fields: {} }),
  },
  {
    id: 'seriesToRows',
    name: 'Series to rows',
    description: 'Merge many series and return a single series with time, metric and value as columns.',
    defaults: () => ({}),
  },
  {
    id: 'filterByValue',
    name: 'Filter data by values',
    description:
      'Removes rows of the query results using user-defined filters. This is useful if you can not filter your data in the data source.',
    defaults: () => ({ filters: [], type: 'include', match: 'any' }),
  },
  {
    id: 'convertFieldType',
    name: 'Convert field type',
    description: 'Convert a field to a specified field type.',
    defaults: () => ({ fields: {}, conversions: [{}] }),
  },
  {
    id: 'partitionByValues',
    name: 'Partition by values',
    description: 'Split a one-frame dataset into multiple series.',
    defaults: () => ({ keepFields: false }),
  },
  {
    id: 'joinByLabels',
    name: 'Join by labels',
    description: 'Flatten labeled results into a table joined by labels.',
    defaults: () => ({}),
  },
  {
    id: 'extractFields',
    name: 'Extract fields',
    description: 'Parse fields from content (JSON, labels, etc).',
    defaults: () => ({ delimiter: ',' }),
  },
];

export function transformationName(id: string): string {
  if (id === 'seriesToColumns') return 'Join by field';
  return TRANSFORMATION_TYPES.find((t) => t.id === id)?.name ?? id;
}

export function transformationsOf(panel: Panel): Transformation[] {
  return (Array.isArray(panel.transformations) ? panel.transformations : []).filter(
    (t): t is Transformation => typeof t === 'object' && t !== null && typeof (t as Transformation).id === 'string',
  );
}

/** The names of the labels the fields of the panel's data carry (Grafana's `getDistinctLabels`). */
export function labelNames(frames: DataFrame[]): string[] {
  const names = new Set<string>();
  for (const frame of decodeFrames(frames))
    for (const field of frame.fields) for (const key of Object.keys(field.labels ?? {})) names.add(key);
  return [...names];
}

/** The names of the fields the panel's data has, as the field pickers offer them (no duplicates). */
export function fieldNames(panel: Panel, frames: DataFrame[]): string[] {
  const decoded = decodeFrames(frames);
  const names = new Set<string>();
  for (const frame of decoded) for (const field of frame.fields) names.add(sourceNameOf(panel, field, frame, decoded));
  return [...names];
}
