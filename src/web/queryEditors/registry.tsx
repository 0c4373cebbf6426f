import { Skeleton } from '@mantine/core';
import type { ComponentType } from 'react';
import { lazyComponent, type LazyComponent } from '../lib/lazyComponent';
import type { TypeEditorProps } from './editorProps';
import type { QueryKind } from './queryKinds';

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
export const QUERY_EDITORS = Object.fromEntries(
  Object.entries(loaders).map(([kind, load]) => [
    kind,
    lazyComponent(load, <Skeleton h={64} radius="sm" aria-label="Loading the query editor" />),
  ]),
) as Partial<Record<QueryKind, LazyComponent<TypeEditorProps>>>;

/** Loads an editor ahead of showing it (tests, and pages that know one is coming). */
export function preloadEditor(kind: QueryKind): Promise<unknown> {
  return QUERY_EDITORS[kind]?.preload() ?? Promise.resolve();
}
