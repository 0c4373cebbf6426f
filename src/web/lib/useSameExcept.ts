import { useState } from 'react';

/**
 * `value`, or the object it replaced for as long as only the `ignored` keys changed between them
 * (the others compared with ===): work keyed on the object (a memo, a chart's data) is then not
 * redone for a change it does not read, such as a panel's title typed key by key.
 */
export function useSameExcept<T extends object>(value: T, ignored: readonly string[]): T {
  const [kept, setKept] = useState({ latest: value, base: value });
  if (kept.latest === value) return kept.base;
  const base = sameExcept(kept.base, value, ignored) ? kept.base : value;
  setKept({ latest: value, base });
  return base;
}

function sameExcept(a: object, b: object, ignored: readonly string[]): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of ignored) keys.delete(key);
  for (const key of keys) if ((a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]) return false;
  return true;
}
