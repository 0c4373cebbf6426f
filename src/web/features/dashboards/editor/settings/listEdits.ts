import type { DashboardModel } from '../../api';

/**
 * The settings lists as they sit in the model (`templating.list`, `annotations.list`, `links`) and
 * the list edits every settings page makes: each answers a new list, never changing the old one,
 * so the edit state's history keeps every step.
 */

export type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `model[key].list`, objects only (anything else in a hand-written JSON is dropped from view, not from the model). */
function nestedList(model: DashboardModel, key: 'templating' | 'annotations'): Json[] | undefined {
  const holder = model[key];
  const list = isObject(holder) ? holder.list : undefined;
  return Array.isArray(list) ? (list as Json[]) : undefined;
}

export function variableList(model: DashboardModel): Json[] {
  return (nestedList(model, 'templating') ?? []).filter(isObject);
}

/** Grafana's built-in query: first in every dashboard's `annotations.list`, added where missing as Grafana's DashboardModel does. */
export const BUILT_IN_ANNOTATION: Json = {
  builtIn: 1,
  datasource: { type: 'grafana', uid: '-- Grafana --' },
  enable: true,
  hide: true,
  iconColor: 'rgba(0, 211, 255, 1)',
  name: 'Annotations & Alerts',
  type: 'dashboard',
};

export function annotationList(model: DashboardModel): Json[] {
  const list = (nestedList(model, 'annotations') ?? []).filter(isObject);
  return list.some((a) => a.builtIn === 1) ? list : [BUILT_IN_ANNOTATION, ...list];
}

export function linkList(model: DashboardModel): Json[] {
  return Array.isArray(model.links) ? (model.links as unknown[]).filter(isObject) : [];
}

/** The patch that stores `list` as the variables, keeping whatever else `templating` holds. */
export function variablesPatch(model: DashboardModel, list: Json[]): Partial<DashboardModel> {
  return { templating: { ...(isObject(model.templating) ? model.templating : {}), list } };
}

export function annotationsPatch(model: DashboardModel, list: Json[]): Partial<DashboardModel> {
  return { annotations: { ...(isObject(model.annotations) ? model.annotations : {}), list } };
}

export function linksPatch(list: Json[]): Partial<DashboardModel> {
  return { links: list };
}

export function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((existing, i) => (i === index ? item : existing));
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** The item moved one place up (-1) or down (+1); unchanged at either end. */
export function move<T>(list: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** A copy placed right after the original. */
export function insertAfter<T>(list: readonly T[], index: number, item: T): T[] {
  return [...list.slice(0, index + 1), item, ...list.slice(index + 1)];
}
