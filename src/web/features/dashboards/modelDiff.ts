/** Keys every save rewrites: a difference in them is not a change anyone made. */
const BOOKKEEPING_KEYS = new Set(['id', 'version']);

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * A dashboard model as two of them are compared: without its top-level `id` and `version`, and with
 * every object's keys in one order, so a key that moved is not shown as removed and added.
 */
export function comparableModel(model: Record<string, unknown>): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(model).filter(([key]) => !BOOKKEEPING_KEYS.has(key)));
  return sortedKeys(kept) as Record<string, unknown>;
}
