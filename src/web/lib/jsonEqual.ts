/**
 * Whether two JSON values would serialise to the same document, key order aside: what "unsaved
 * changes" means for a dashboard, and when an option row's value has not changed. An edit copies only the path it changes, so comparing the draft
 * with the saved model stops at every shared object at once instead of writing both out in full
 * (two `JSON.stringify` of the whole dashboard at every key typed in the editor).
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    return a.length === list.length && a.every((item, i) => jsonEqual(item, list[i]));
  }
  const left = definedKeys(a as Record<string, unknown>);
  const right = definedKeys(b as Record<string, unknown>);
  if (left.length !== right.length) return false;
  return left.every((key) => Object.hasOwn(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Keys JSON would write: a property holding `undefined` is left out. */
function definedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}
