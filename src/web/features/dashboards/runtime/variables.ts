/**
 * A template variable's state without React: its options and selection as a dashboard first loads
 * it (URL values over the saved `current`), once its options arrive, and as a person picks values.
 * Behaviour follows Grafana's classic variable state.
 */
import { ALL_TEXT } from './interpolation';
import { autoIntervalValue, intervalOptions } from './intervals';
import { ALL_VALUE, type VariableModel, type VariableOption, type VariableState } from './types';

/** The query text of a variable: a string, or (newer dashboards) `{ query }`. */
export function variableQueryText(model: VariableModel): string {
  const { query } = model;
  if (typeof query === 'string') return query;
  if (typeof query === 'object' && query !== null) {
    const inner = (query as { query?: unknown }).query;
    if (typeof inner === 'string' && inner !== '') return inner;
  }
  return typeof model.definition === 'string' ? model.definition : '';
}

/**
 * A custom variable's options from its comma-separated query as Grafana reads it: `\,` is a
 * literal comma, `text : value` (spaces around the colon) names a value.
 */
export function parseCustomOptions(query: string): VariableOption[] {
  const parts = query.match(/(?:\\,|[^,])+/g) ?? [];
  return parts
    .map((part) => {
      const text = part.replace(/\\,/g, ',');
      const named = /^\s*(.+)\s:\s(.+)$/.exec(text);
      if (named) return { text: named[1]!.trim(), value: named[2]!.trim() };
      return { text: text.trim(), value: text.trim() };
    })
    .filter((option) => option.value !== '' || option.text !== '');
}

function toStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(String);
  if (value === null || value === undefined) return [];
  return [String(value)];
}

/** Variable types whose options come from the server and may still be loading. */
export const LOADED_TYPES = ['query', 'datasource'];

/** Whether a variable's options must be fetched (Grafana's classic rule: `refresh` never keeps the saved options). */
export function needsOptionsLoad(model: VariableModel): boolean {
  if (model.type === 'datasource') return true;
  if (model.type !== 'query') return false;
  const saved = (model.options ?? []).filter((o) => String(o.value) !== ALL_VALUE);
  return (model.refresh ?? 1) !== 0 || saved.length === 0;
}

function staticOptions(model: VariableModel): VariableOption[] {
  const query = variableQueryText(model);
  switch (model.type) {
    case 'custom':
      return parseCustomOptions(query);
    case 'interval':
      return intervalOptions(model, query);
    case 'constant':
      return [{ text: query, value: query }];
    default:
      return (model.options ?? [])
        .map((o) => ({ text: String(o.text ?? o.value ?? ''), value: String(o.value ?? o.text ?? '') }))
        .filter((o) => o.value !== ALL_VALUE);
  }
}

const supportsAll = (type: string) => type === 'query' || type === 'custom' || type === 'datasource';

/**
 * A variable as the dashboard first shows it: options it knows without asking the server, and the
 * selection from the URL (`var-<name>` values) or else the saved `current`. Variables that must
 * load their options start `loading` and keep the selection until `withOptions` checks it.
 */
export function initialVariableState(model: VariableModel, urlValues?: readonly string[]): VariableState {
  const includeAll = model.includeAll === true && supportsAll(model.type);
  const base = {
    name: model.name,
    type: model.type,
    label: model.label || model.name,
    hide: model.type === 'constant' ? 2 : (model.hide ?? 0),
    multi: model.multi === true && supportsAll(model.type),
    includeAll,
    allValue: includeAll && model.allValue ? model.allValue : undefined,
  };
  const fromUrl = (urlValues ?? []).map((v) => (v === ALL_TEXT && includeAll ? ALL_VALUE : v));
  const query = variableQueryText(model);

  if (model.type === 'constant') {
    return { ...base, options: [{ text: query, value: query }], value: [query], text: [query], loading: false };
  }
  if (model.type === 'textbox') {
    const value = fromUrl[0] ?? toStrings(model.current?.value)[0] ?? query;
    return { ...base, options: [{ text: value, value }], value: [value], text: [value], loading: false };
  }

  let selected = fromUrl.length > 0 ? fromUrl : toStrings(model.current?.value);
  if (model.type === 'interval' && selected[0] && (selected[0] === '$__auto' || selected[0].startsWith('$__auto_interval'))) {
    selected = [autoIntervalValue(model.name)];
  }
  const savedTexts = fromUrl.length > 0 ? [] : toStrings(model.current?.text);
  const loading = needsOptionsLoad(model);
  const state: VariableState = {
    ...base,
    options: [],
    value: selected,
    text: selected.map((v, i) => (v === ALL_VALUE ? ALL_TEXT : (savedTexts[i] ?? v))),
    loading,
  };
  const options = staticOptions(model);
  if (loading) return { ...state, options: includeAll ? [{ text: ALL_TEXT, value: ALL_VALUE }, ...options] : options };
  return withOptions(state, options);
}

/**
 * The state once `options` are known: the All option first when the variable has one, and the
 * selection checked against them as Grafana does (a value is found by value, else by text; values
 * no longer offered are dropped; nothing left selects the first option).
 */
export function withOptions(state: VariableState, loaded: readonly VariableOption[]): VariableState {
  const plain = loaded.filter((o) => o.value !== ALL_VALUE);
  const options = state.includeAll ? [{ text: ALL_TEXT, value: ALL_VALUE }, ...plain] : plain;
  const next: VariableState = { ...state, options, loading: false, error: undefined };
  if (state.type === 'textbox' || state.type === 'constant') return next;

  if (state.includeAll && state.value[0] === ALL_VALUE) return { ...next, value: [ALL_VALUE], text: [ALL_TEXT] };
  const found: VariableOption[] = [];
  for (const wanted of state.value) {
    const option = options.find((o) => o.value === wanted) ?? options.find((o) => o.text === wanted);
    if (option && !found.includes(option)) found.push(option);
  }
  const chosen = (state.multi ? found : found.slice(0, 1)).filter((o) => o.value !== ALL_VALUE || state.includeAll);
  if (chosen.length === 0) {
    const first = options[0];
    return first ? { ...next, value: [first.value], text: [first.text] } : { ...next, value: [], text: [] };
  }
  if (chosen.some((o) => o.value === ALL_VALUE)) return { ...next, value: [ALL_VALUE], text: [ALL_TEXT] };
  return { ...next, value: chosen.map((o) => o.value), text: chosen.map((o) => o.text) };
}

/** The state with `values` selected (texts from the options; a textbox takes the text as is). */
export function withSelection(state: VariableState, values: readonly string[]): VariableState {
  if (state.type === 'textbox') {
    const value = values[0] ?? '';
    return { ...state, options: [{ text: value, value }], value: [value], text: [value] };
  }
  // Picking All alongside other values means All; picking a value after All means that value.
  let picked = [...values];
  if (picked.length > 1 && picked.includes(ALL_VALUE)) {
    picked = picked[picked.length - 1] === ALL_VALUE ? [ALL_VALUE] : picked.filter((v) => v !== ALL_VALUE);
  }
  if (!state.multi) picked = picked.slice(0, 1);
  const text = picked.map((v) => (v === ALL_VALUE ? ALL_TEXT : (state.options.find((o) => o.value === v)?.text ?? v)));
  return { ...state, value: picked, text };
}
