import { dataSourceTypeAliases, sqlDataSourceTypes } from '../../../../../../contract/datasources';
import type { DashboardModel } from '../../../api';
import { referencedVariables } from '../../../runtime/interpolation';
import { allPanels } from '../../dashboardEdits';
import { annotationList, linkList, variableList, type Json } from '../listEdits';

/** The variable types the dashboard runtime draws, as Grafana names them (ad hoc filters are not drawn, so not offered). */
export const VARIABLE_TYPES = [
  { value: 'query', label: 'Query', description: 'Values from a data source query' },
  { value: 'custom', label: 'Custom', description: 'Values written by hand, comma-separated' },
  { value: 'textbox', label: 'Textbox', description: 'A free text input, with an optional default' },
  { value: 'constant', label: 'Constant', description: 'A hidden value, e.g. a metric prefix' },
  { value: 'datasource', label: 'Data source', description: 'Switch the data source of panels' },
  { value: 'interval', label: 'Interval', description: 'A time span, e.g. for $__interval-like grouping' },
] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number]['value'];

/** Data source types whose query variables the runtime can load (`runtime/variableOptions.ts`). */
export const QUERY_VARIABLE_TYPES = new Set<string>(['prometheus', 'loki', ...sqlDataSourceTypes]);

export const DEFAULT_INTERVALS = '1m,10m,30m,1h,6h,12h,1d,7d,14d,30d';

/** A data source reference as Grafana stores it. */
export type DataSourceRef = { type: string; uid: string } | null;

/** A new variable of `type` with Grafana's defaults (its editor's starting shape); a query variable asks `dataSource`, as Grafana's picks the default one. */
export function newVariable(type: VariableType, name: string, dataSource: DataSourceRef = null): Json {
  const common: Json = { name, type, label: '', description: '', hide: 0, skipUrlSync: false };
  const selectable = { current: {}, options: [], multi: false, includeAll: false, allValue: null };
  switch (type) {
    case 'query':
      return { ...common, ...selectable, datasource: dataSource, query: '', definition: '', regex: '', refresh: 1, sort: 0 };
    case 'custom':
      return { ...common, ...selectable, query: '' };
    case 'textbox':
      return { ...common, query: '', current: {}, options: [] };
    case 'constant':
      // Grafana hides constants: they stand for a value in queries, never a control.
      return { ...common, hide: 2, query: '', current: {}, options: [] };
    case 'datasource':
      return { ...common, ...selectable, query: 'prometheus', regex: '', refresh: 1 };
    case 'interval':
      return { ...common, query: DEFAULT_INTERVALS, auto: false, auto_count: 30, auto_min: '10s', refresh: 2, current: {}, options: [] };
  }
}

/** The variable as `type`, keeping what both types share (name, label, description, hide). */
export function changeType(variable: Json, type: VariableType, dataSource: DataSourceRef = null): Json {
  const fresh = newVariable(type, String(variable.name ?? ''), dataSource);
  const kept = { label: variable.label ?? '', description: variable.description ?? '' };
  return { ...fresh, ...kept, ...(type === 'constant' ? {} : { hide: variable.hide === 2 ? 0 : (variable.hide ?? 0) }) };
}

/** `query0`, `custom1`, ...: Grafana's name for a new variable, the first not taken. */
export function freeName(type: string, taken: readonly string[]): string {
  for (let n = 0; ; n++) if (!taken.includes(`${type}${n}`)) return `${type}${n}`;
}

/** A copy's name as Grafana's duplicate gives it: `copy_of_<name>`, numbered when taken. */
export function copyName(name: string, taken: readonly string[]): string {
  const base = `copy_of_${name}`;
  if (!taken.includes(base)) return base;
  for (let n = 1; ; n++) if (!taken.includes(`${base}_${n}`)) return `${base}_${n}`;
}

/** Grafana's rules for a variable name: what is wrong with `name`, or undefined. */
export function nameProblem(name: string, otherNames: readonly string[]): string | undefined {
  if (name.trim() === '') return 'A variable needs a name';
  if (name.startsWith('__')) return "Names cannot begin with '__': that is reserved for Grafana's global variables";
  if (!/^\w+$/.test(name)) return 'Only letters, digits and _ are allowed in variable names';
  if (otherNames.includes(name)) return 'Another variable already has this name';
  return undefined;
}

/** What a variable's row shows: its definition (query text, custom values, ...). */
export function definitionOf(variable: Json): string {
  if (typeof variable.definition === 'string' && variable.definition) return variable.definition;
  const query = variable.query;
  if (typeof query === 'string') return query;
  if (typeof query === 'object' && query !== null && typeof (query as Json).query === 'string') return (query as Json).query as string;
  return '';
}

export interface VariableUse {
  kind: 'panel' | 'variable' | 'annotation' | 'link';
  name: string;
}

const uses = (value: unknown, name: string) => referencedVariables(JSON.stringify(value) ?? '').includes(name);

/**
 * Everything that refers to variable `name` as `$name`, `${name}` or `[[name]]`: panels (their
 * queries, titles, links; a repeat by it), other variables, annotation queries and dashboard links.
 */
export function usesOfVariable(model: DashboardModel, name: string): VariableUse[] {
  const found: VariableUse[] = [];
  for (const panel of allPanels(model)) {
    // A row is named by its own fields; its folded panels are listed on their own.
    const { panels: _folded, ...own } = panel;
    if (panel.repeat === name || uses(own, name)) found.push({ kind: 'panel', name: String(panel.title || `Panel ${panel.id ?? ''}`) });
  }
  for (const variable of variableList(model)) {
    if (variable.name === name) continue;
    const { current: _current, options: _options, ...definition } = variable;
    if (uses(definition, name)) found.push({ kind: 'variable', name: String(variable.name) });
  }
  for (const annotation of annotationList(model))
    if (uses(annotation, name)) found.push({ kind: 'annotation', name: String(annotation.name) });
  for (const link of linkList(model)) if (uses(link, name)) found.push({ kind: 'link', name: String(link.title || link.url || 'Link') });
  return found;
}

const KIND_LABEL: Record<VariableUse['kind'], string> = { panel: 'Panel', variable: 'Variable', annotation: 'Annotation', link: 'Link' };

export function describeUse(use: VariableUse): string {
  return `${KIND_LABEL[use.kind]} “${use.name}”`;
}

/** Grafana's Prometheus variable query types, read from the query text as its editor stores them. */
export function prometheusQueryType(text: string): number {
  const query = text.trim();
  if (/^label_names\(/.test(query)) return 0;
  if (/^label_values\(/.test(query)) return 1;
  if (/^metrics\(/.test(query)) return 2;
  if (/^query_result\(/.test(query)) return 3;
  return 4;
}

/**
 * A query variable's `query` and `definition` for `text`, in the shape Grafana's editor of that data
 * source type saves: Prometheus an object (`qryType`, `query`, `refId`), the others the text itself.
 */
export function queryFields(dataSourceType: string | undefined, text: string): Json {
  if (dataSourceType === 'prometheus') {
    return {
      query: { qryType: prometheusQueryType(text), query: text, refId: 'PrometheusVariableQueryEditor-VariableQuery' },
      definition: text,
    };
  }
  return { query: text, definition: text };
}

/** The org's default data source among those a query variable can ask, as a reference. */
export function defaultDataSourceRef(list: ReadonlyArray<{ type: string; uid: string; isDefault: boolean }> | undefined): DataSourceRef {
  const usable = (list ?? []).filter((ds) => QUERY_VARIABLE_TYPES.has(dataSourceTypeAliases[ds.type] ?? ds.type));
  const chosen = usable.find((ds) => ds.isDefault) ?? usable[0];
  return chosen ? { type: chosen.type, uid: chosen.uid } : null;
}
