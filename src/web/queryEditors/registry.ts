import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TypeEditorProps } from './editorProps';
import type { QueryKind } from './queryKinds';

type LazyEditor = LazyExoticComponent<ComponentType<TypeEditorProps>>;

/**
 * The editor of each query language, loaded when one first shows: CodeMirror, the grammars and the
 * completion tables stay out of the pages that never edit a query.
 */
const loaders: Record<Exclude<QueryKind, 'unsupported'>, () => Promise<{ default: ComponentType<TypeEditorProps> }>> = {
  promql: () => import('./prometheus/PrometheusQueryEditor'),
  logql: () => import('./loki/LokiQueryEditor'),
  sql: () => import('./sql/SqlQueryEditor'),
  testdata: () => import('./testdata/TestDataQueryEditor'),
};

/** The editor of each query language Sightline runs (a type it cannot query has none). */
export const QUERY_EDITORS = Object.fromEntries(Object.entries(loaders).map(([kind, load]) => [kind, lazy(load)])) as Partial<
  Record<QueryKind, LazyEditor>
>;

/** Loads an editor ahead of showing it (tests, and pages that know one is coming). */
export function preloadEditor(kind: QueryKind): Promise<unknown> {
  return kind === 'unsupported' ? Promise.resolve() : loaders[kind]();
}
