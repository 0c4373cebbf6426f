/** Reading the JSON a dashboard was saved with, which may hold anything: objects, numbers as text, patterns as text. */

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function finiteOrUndefined(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** `/pattern/flags` as a regular expression; a bare pattern must match the whole text (Grafana's `stringToJsRegex`). */
export function toRegExp(pattern: string): RegExp | undefined {
  try {
    const slashed = /^\/(.*)\/([gimsuy]*)$/s.exec(pattern);
    if (slashed) return new RegExp(slashed[1]!, slashed[2]!.replace('g', ''));
    return new RegExp(`^${pattern}$`);
  } catch {
    return undefined;
  }
}
