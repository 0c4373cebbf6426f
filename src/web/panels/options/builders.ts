import type { EditorKind, EditorSettings, Json, OptionChoice, OptionItem, OptionValue } from './types';

/**
 * Short constructors for option descriptions, so a plugin reads like Grafana's builder chain
 * (`builder.addRadio({path, name, settings: {options}, defaultValue})`).
 */

export type Extra = Partial<Omit<OptionItem, 'path' | 'name' | 'editor' | 'category'>> & { category?: string };
type ItemWithoutCategory = Omit<OptionItem, 'category'> & { category?: string };

const choicesOf = (pairs: Array<[OptionValue, string]>): OptionChoice[] => pairs.map(([value, label]) => ({ value, label }));

function item(
  editor: EditorKind,
  path: string,
  name: string,
  defaultValue: unknown,
  settings: EditorSettings | undefined,
  extra: Extra = {},
) {
  const { settings: moreSettings, ...rest } = extra;
  const merged = settings || moreSettings ? { ...settings, ...moreSettings } : undefined;
  return { path, name, editor, defaultValue, ...(merged ? { settings: merged } : {}), ...rest } as ItemWithoutCategory;
}

export const text = (path: string, name: string, defaultValue?: string, extra?: Extra) =>
  item('text', path, name, defaultValue, undefined, extra);
export const textarea = (path: string, name: string, defaultValue?: string, extra?: Extra) =>
  item('textarea', path, name, defaultValue, undefined, extra);
export const number = (path: string, name: string, defaultValue?: number, extra?: Extra) =>
  item('number', path, name, defaultValue, undefined, extra);
export const toggle = (path: string, name: string, defaultValue?: boolean, extra?: Extra) =>
  item('switch', path, name, defaultValue, undefined, extra);
export const radio = (path: string, name: string, choices: Array<[OptionValue, string]>, defaultValue?: unknown, extra?: Extra) =>
  item('radio', path, name, defaultValue, { choices: choicesOf(choices) }, extra);
export const select = (path: string, name: string, choices: Array<[OptionValue, string]>, defaultValue?: unknown, extra?: Extra) =>
  item('select', path, name, defaultValue, { choices: choicesOf(choices) }, extra);
export const multiselect = (path: string, name: string, choices: Array<[OptionValue, string]>, defaultValue?: unknown[], extra?: Extra) =>
  item('multiselect', path, name, defaultValue, { choices: choicesOf(choices) }, extra);
export const slider = (
  path: string,
  name: string,
  range: { min: number; max: number; step: number },
  defaultValue?: number,
  extra?: Extra,
) => item('slider', path, name, defaultValue, range, extra);
export const color = (path: string, name: string, defaultValue?: string, extra?: Extra) =>
  item('color', path, name, defaultValue, undefined, extra);
export const unit = (path: string, name: string, extra?: Extra) => item('unit', path, name, undefined, undefined, extra);
export const reducer = (path: string, name: string, defaultValue: string[], extra?: Extra) =>
  item('reducer', path, name, defaultValue, undefined, extra);
export const reducers = (path: string, name: string, defaultValue: string[] = [], extra?: Extra) =>
  item('reducers', path, name, defaultValue, undefined, extra);
export const fieldName = (path: string, name: string, fieldChoices: Array<[OptionValue, string]>, defaultValue?: string, extra?: Extra) =>
  item('fieldName', path, name, defaultValue, { fieldChoices: choicesOf(fieldChoices) }, extra);
export const stringArray = (path: string, name: string, defaultValue: string[] = [], extra?: Extra) =>
  item('stringArray', path, name, defaultValue, undefined, extra);

/** One key of an object option (`custom.stacking.mode` inside `custom.stacking: {mode, group}`). */
export function keyed(option: ItemWithoutCategory, key: string, base: Json = {}, objectFor?: Record<string, Json>): ItemWithoutCategory {
  return { ...option, settings: { ...option.settings, key, base, ...(objectFor ? { objectFor } : {}) } };
}

/** Puts items under one category, as Grafana's `category: ['Legend']` on each. */
export function inCategory(category: string, items: ItemWithoutCategory[]): OptionItem[] {
  return items.map((i) => ({ ...i, category: i.category ?? category }));
}
