import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { useUrlParams } from '../../../lib/useUrlParams';
import type { RuleFilters } from '../api/rules';

/** A label matcher the server can read (`name=value`, `!=`, `=~`, `!~`); half-typed ones wait. */
const COMPLETE_MATCHER = /^\s*[^!=~\s,]+\s*(=~|!~|!=|=)\s*\S/;

/** `team=ops, severity=~crit.*` → the matchers in it that are complete. */
export function parseMatcherText(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => COMPLETE_MATCHER.test(part));
}

/**
 * The list's filters live in the URL (`state` repeated, `folder`, `labels`, `search`), so a filtered
 * list can be bookmarked and Back undoes a change. What is typed reaches the server after a pause.
 */
export function useRuleFilters() {
  const [params, setUrlParams] = useUrlParams();
  const url = {
    states: params.getAll('state'),
    folderUid: params.get('folder') ?? '',
    labels: params.get('labels') ?? '',
    search: params.get('search') ?? '',
  };
  const [typed] = useDebouncedValue({ labels: url.labels, search: url.search }, 300);
  const statesKey = url.states.join(',');
  const filters: RuleFilters = useMemo(
    () => ({
      states: statesKey ? statesKey.split(',') : [],
      ...(url.folderUid ? { folderUid: url.folderUid } : {}),
      matchers: parseMatcherText(typed.labels),
      ...(typed.search.trim() ? { search: typed.search.trim() } : {}),
    }),
    [statesKey, url.folderUid, typed.labels, typed.search],
  );
  const filtering = url.states.length > 0 || !!url.folderUid || !!url.labels.trim() || !!url.search.trim();
  return { url, filters, filtering, setUrlParams };
}
