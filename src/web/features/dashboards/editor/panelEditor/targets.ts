import type { DataSourceSummary } from '../../../../api/dataSources';
import type { Panel } from '../../../../panels/layout';
import { defaultQuery, isRunnable, queryKindOf, type DataQuery } from '../../../../queryEditors/queryKinds';

/** Grafana's reference of the "Mixed" data source: each query names its own. */
export const MIXED_REF = { type: 'datasource', uid: '-- Mixed --' } as const;

export function targetsOf(panel: Panel): DataQuery[] {
  return (Array.isArray(panel.targets) ? panel.targets : []).filter(
    (t): t is DataQuery => typeof t === 'object' && t !== null,
  ) as DataQuery[];
}

export function isMixed(panel: Panel): boolean {
  const ref = panel.datasource;
  return ref === MIXED_REF.uid || (typeof ref === 'object' && ref !== null && (ref as { uid?: unknown }).uid === MIXED_REF.uid);
}

/** Grafana's refIds: A…Z, then AA, AB, … */
function refIdAt(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26));
  return index < 26 ? letter : refIdAt(Math.floor(index / 26) - 1) + letter;
}

/** The first refId no query uses, as Grafana's `getNextRefId`. */
export function nextRefId(targets: readonly DataQuery[]): string {
  const used = new Set(targets.map((t) => t.refId));
  for (let i = 0; ; i++) if (!used.has(refIdAt(i))) return refIdAt(i);
}

/** Why a new refId cannot be used, in Grafana's words; undefined when it can. */
export function refIdProblem(targets: readonly DataQuery[], index: number, refId: string): string | undefined {
  if (!refId.trim()) return 'An empty query name is not allowed';
  if (targets.some((t, i) => i !== index && t.refId === refId)) return 'Query name already exists';
  return undefined;
}

export function toRef(ds: DataSourceSummary): { type: string; uid: string } {
  return { type: ds.type, uid: ds.uid };
}

/** A new query at the end, on the panel's data source (the default one when the panel is Mixed). */
export function addTarget(targets: readonly DataQuery[], ds: DataSourceSummary | undefined): DataQuery[] {
  const refId = nextRefId(targets);
  return [...targets, ds ? defaultQuery(refId, toRef(ds)) : { refId }];
}

/** A copy right after the original, with the next free refId (Grafana's Duplicate). */
export function duplicateTarget(targets: readonly DataQuery[], index: number): DataQuery[] {
  const copy = { ...structuredClone(targets[index]!), refId: nextRefId(targets) };
  return [...targets.slice(0, index + 1), copy, ...targets.slice(index + 1)];
}

export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export function replaceItem<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((t, i) => (i === index ? item : t));
}

export function removeItem<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/**
 * The panel on another data source, as Grafana's `updateQueries`: to Mixed every query keeps its
 * own; to one of the same type the queries stay and point at it; to another type they would not
 * parse there, so one new query of that type replaces them.
 */
export function changeDataSource(panel: Panel, next: DataSourceSummary | 'mixed', current: DataSourceSummary | undefined): Panel {
  const targets = targetsOf(panel);
  if (next === 'mixed') {
    const own = current ? toRef(current) : undefined;
    return { ...panel, datasource: { ...MIXED_REF }, targets: targets.map((t) => (t.datasource || !own ? t : { ...t, datasource: own })) };
  }
  const ref = toRef(next);
  const sameType = targets.every((t) => (t.datasource?.type ?? current?.type) === next.type);
  return {
    ...panel,
    datasource: ref,
    targets: sameType && targets.length > 0 ? targets.map((t) => ({ ...t, datasource: ref })) : [defaultQuery('A', ref)],
  };
}

/** The data source a query runs on: its own in a Mixed panel, the panel's otherwise. */
export function targetDataSource(
  panel: Panel,
  target: DataQuery,
  resolve: (ref: unknown) => DataSourceSummary | undefined,
): DataSourceSummary | undefined {
  return isMixed(panel) ? resolve(target.datasource) : resolve(panel.datasource ?? target.datasource);
}

/** The queries worth sending: an empty PromQL, LogQL or SQL text would only come back as an error. */
export function runnableTargets(panel: Panel, resolve: (ref: unknown) => DataSourceSummary | undefined): DataQuery[] {
  return targetsOf(panel).filter((t) => {
    const ds = targetDataSource(panel, t, resolve);
    return !ds || isRunnable(t, queryKindOf(ds.type));
  });
}
