import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A change to the URL's query: a value sets the key, a list repeats it, undefined or '' removes it. */
export type UrlParamChanges = Record<string, string | readonly string[] | undefined>;

/** The query `current` becomes after `changes`: keys not named are kept as they are. */
export function applyUrlParamChanges(current: URLSearchParams, changes: UrlParamChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    const values: readonly string[] = value === undefined ? [] : typeof value === 'string' ? [value] : value;
    for (const v of values) if (v !== '') next.append(key, v);
  }
  return next;
}

/**
 * The page's state that lives in the URL (search text, filters, sort, range) and one setter for it.
 * `replace` keeps typing out of the history; ranges and filters default to new entries so Back undoes them.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const setUrlParams = useCallback(
    (changes: UrlParamChanges, { replace = true }: { replace?: boolean } = {}) =>
      // Synchronously: a text box driven by the URL loses keystrokes if the URL lags behind in a transition.
      setParams((current) => applyUrlParamChanges(current, changes), { replace, flushSync: true }),
    [setParams],
  );
  return [params, setUrlParams] as const;
}
