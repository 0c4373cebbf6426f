import { resolveDataSource, type DataSourceSummary } from '../../../api/dataSources';

/**
 * Grafana's "Export for sharing externally" (`DashboardExporter.makeExportable`): every data source
 * a panel, query, query variable or annotation names becomes an input (`${DS_<NAME>}`) that the
 * importer maps to one of its own data sources, constants become inputs (`${VAR_<NAME>}`), and the
 * export lists what it needs in `__requires`. Pure: it reads the org's data sources and never asks.
 */

/** A data source as the exporter needs it: `typeName` is the plugin's name ("Prometheus"). */
export type ExportDataSource = DataSourceSummary & { typeName?: string };

export interface ExportInput {
  name: string;
  label: string;
  description: string;
  type: 'datasource' | 'constant';
  pluginId?: string;
  pluginName?: string;
  value?: string;
}

export interface ExportRequirement {
  type: 'grafana' | 'datasource' | 'panel';
  id: string;
  name: string;
  version: string;
}

export interface ExternalExport {
  /** The dashboard with `__inputs`, `__elements` and `__requires` first, as Grafana writes it. */
  dashboard: Record<string, unknown>;
  /** References that name no data source of this org: left as they are, as the viewer should know. */
  unresolved: string[];
}

/**
 * Grafana's core panel plugins by id, with the names its exports carry in `__requires`. Core panels
 * have no version of their own: Grafana writes `""`.
 */
export const GRAFANA_PANEL_NAMES: Readonly<Record<string, string>> = {
  alertlist: 'Alert list',
  annolist: 'Annotations list',
  barchart: 'Bar chart',
  bargauge: 'Bar gauge',
  candlestick: 'Candlestick',
  canvas: 'Canvas',
  dashlist: 'Dashboard list',
  datagrid: 'Datagrid',
  flamegraph: 'Flame Graph',
  gauge: 'Gauge',
  geomap: 'Geomap',
  graph: 'Graph (old)',
  heatmap: 'Heatmap',
  histogram: 'Histogram',
  logs: 'Logs',
  news: 'News',
  nodeGraph: 'Node Graph',
  piechart: 'Pie chart',
  stat: 'Stat',
  'state-timeline': 'State timeline',
  'status-history': 'Status history',
  table: 'Table',
  'table-old': 'Table (old)',
  text: 'Text',
  timeseries: 'Time series',
  traces: 'Traces',
  trend: 'Trend',
  xychart: 'XY Chart',
};

/** Grafana's built-in data sources are never inputs: they exist on every server. */
const BUILT_IN_UIDS = new Set(['grafana', '-- Grafana --', '-- Mixed --', '-- Dashboard --']);

/** Prometheus-compatible plugins that Grafana exports as plain Prometheus (`isPromFlavor`). */
const PROMETHEUS_FLAVOURS = new Set(['prometheus', 'grafana-amazonprometheus-datasource', 'grafana-azureprometheus-datasource']);

/** `$name`, `${name}`, `${name:format}`, `[[name]]`: the variable a data source reference stands for. */
const VARIABLE_REFERENCE = /^\s*(?:\$(\w+)|\$\{(\w+)(?:[.:][^}]*)?\}|\[\[(\w+)(?::\w+)?\]\])\s*$/;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBuiltIn(ref: unknown): boolean {
  if (typeof ref === 'string') return BUILT_IN_UIDS.has(ref);
  if (!isObject(ref)) return false;
  return (typeof ref.uid === 'string' && BUILT_IN_UIDS.has(ref.uid)) || ref.type === 'grafana' || ref.type === 'datasource';
}

/** The variable name when the reference is one (`{uid: "${ds}"}` or the legacy string `"$ds"`). */
function variableOf(ref: unknown): string | undefined {
  const text = typeof ref === 'string' ? ref : isObject(ref) && typeof ref.uid === 'string' ? ref.uid : undefined;
  const match = text === undefined ? null : VARIABLE_REFERENCE.exec(text);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function describeRef(ref: unknown): string {
  return typeof ref === 'string' ? ref : JSON.stringify(ref);
}

/** `My Prom` → `DS_MY_PROM`. Grafana replaces only the first space; every one is replaced here so the name stays one word. */
export function inputName(prefix: 'DS_' | 'VAR_', name: string): string {
  return prefix + name.replace(/ /g, '_').toUpperCase();
}

/** The variable's selected value: a data source variable's is the chosen data source's name or uid. */
function currentValue(variable: Json | undefined): unknown {
  const current = isObject(variable?.current) ? variable.current : undefined;
  const value = current?.value;
  return Array.isArray(value) ? value[0] : value;
}

export function exportExternally(
  model: Record<string, unknown>,
  dataSources: readonly ExportDataSource[],
  grafanaVersion: string,
): ExternalExport {
  const saveModel = structuredClone(model);
  saveModel.id = null;

  const templating = isObject(saveModel.templating) && Array.isArray(saveModel.templating.list) ? saveModel.templating.list : [];
  const variables = templating.filter(isObject);
  const variableByName = new Map(variables.map((v) => [String(v.name), v]));

  const requires = new Map<string, ExportRequirement>();
  const dataSourceInputs = new Map<string, ExportInput>();
  const unresolved = new Set<string>();

  const requireDataSource = (ds: ExportDataSource): { id: string; name: string } => {
    const flavour = PROMETHEUS_FLAVOURS.has(ds.type);
    const id = flavour ? 'prometheus' : ds.type;
    const name = flavour ? 'Prometheus' : ds.typeName || ds.type;
    requires.set(`datasource${id}`, { type: 'datasource', id, name, version: '1.0.0' });
    return { id, name };
  };

  /** Replaces `obj.datasource` by an input; an object without one takes `fallback` (a query, its panel's). */
  const templatize = (obj: Json, fallback?: unknown) => {
    if (obj.datasource === undefined) {
      if (fallback !== undefined) obj.datasource = fallback;
      return;
    }
    const ref = obj.datasource;
    if (isBuiltIn(ref)) return;
    const variableName = variableOf(ref);
    if (variableName !== undefined) {
      // Used through a variable: the import keeps the variable; only the plugin is required.
      const chosen = resolveDataSource(currentValue(variableByName.get(variableName)), dataSources);
      if (chosen && !isBuiltIn(chosen.uid)) requireDataSource(chosen);
      return;
    }
    const ds = resolveDataSource(ref, dataSources);
    if (!ds) {
      unresolved.add(describeRef(ref));
      return;
    }
    if (isBuiltIn(ds.uid)) return;
    const plugin = requireDataSource(ds);
    const name = inputName('DS_', ds.name);
    dataSourceInputs.set(name, {
      name,
      label: ds.name,
      description: '',
      type: 'datasource',
      pluginId: plugin.id,
      pluginName: plugin.name,
    });
    obj.datasource = { type: plugin.id, uid: `\${${name}}` };
  };

  const processPanel = (panel: Json) => {
    if (panel.type === 'row') return;
    templatize(panel);
    if (Array.isArray(panel.targets)) for (const target of panel.targets.filter(isObject)) templatize(target, panel.datasource);
    const type = String(panel.type ?? '');
    const name = GRAFANA_PANEL_NAMES[type];
    if (name) requires.set(`panel${type}`, { type: 'panel', id: type, name, version: '' });
  };

  // Library panels (Grafana's `processLibraryPanels`): the element's model, its data sources made
  // inputs, goes to `__elements` once per uid without the dashboard's `gridPos`, `id` and reference;
  // the dashboard keeps the panel's place, title and reference. The panel as drawn is the element's
  // model (the dashboard merges it in when it opens).
  const elements = new Map<string, Json>();
  const processLibraryPanel = (panel: Json, list: unknown[], index: number) => {
    const ref = panel.libraryPanel as Json;
    const uid = String(ref.uid);
    const name = typeof ref.name === 'string' ? ref.name : '';
    list[index] = { id: panel.id, gridPos: panel.gridPos, title: panel.title, libraryPanel: { uid, name } };
    if (elements.has(uid) || typeof panel.type !== 'string') return;
    processPanel(panel);
    const { gridPos: _gridPos, id: _id, libraryPanel: _ref, ...model } = panel;
    elements.set(uid, { name, uid, kind: 1, model });
  };
  const processList = (list: unknown[]) =>
    list.forEach((panel, index) => {
      if (!isObject(panel)) return;
      if (isObject(panel.libraryPanel) && typeof panel.libraryPanel.uid === 'string') return processLibraryPanel(panel, list, index);
      processPanel(panel);
      // An open row's panels follow it at the top level; a collapsed row keeps them inside.
      if (panel.collapsed === true && Array.isArray(panel.panels)) processList(panel.panels);
    });
  processList(Array.isArray(saveModel.panels) ? saveModel.panels : []);

  for (const variable of variables) {
    if (variable.type === 'query') {
      templatize(variable);
      // The importer's server fills these again from its own data.
      variable.options = [];
      variable.current = {};
      variable.refresh = variable.refresh !== 0 ? variable.refresh : 1;
    } else if (variable.type === 'datasource') {
      variable.current = {};
    }
  }

  const annotations = isObject(saveModel.annotations) && Array.isArray(saveModel.annotations.list) ? saveModel.annotations.list : [];
  for (const annotation of annotations.filter(isObject)) templatize(annotation);

  requires.set('grafana', { type: 'grafana', id: 'grafana', name: 'Grafana', version: grafanaVersion });

  const inputs: ExportInput[] = [...dataSourceInputs.values()];
  for (const variable of variables) {
    if (variable.type !== 'constant') continue;
    const name = inputName('VAR_', String(variable.name));
    const label = typeof variable.label === 'string' && variable.label ? variable.label : String(variable.name);
    inputs.push({ name, type: 'constant', label, value: String(variable.query ?? ''), description: '' });
    variable.query = `\${${name}}`;
    variable.current = { value: variable.query, text: variable.query, selected: false };
    variable.options = [variable.current];
  }

  // Sorted by id, as Grafana's `sortBy(requires, ['id'])`; a stable sort keeps equal ids in order.
  const sortedRequires = [...requires.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const { __inputs: _inputs, __elements: _elements, __requires: _requires, ...rest } = saveModel;
  return {
    dashboard: { __inputs: inputs, __elements: Object.fromEntries(elements), __requires: sortedRequires, ...rest },
    unresolved: [...unresolved],
  };
}
