/**
 * The names a stored template defines, in order and once each, as the server reads it: text
 * without `{{ define }}` is defined under the template's own name. Only names written as a quoted
 * string (`"…"` or a raw `` `…` ``) are found, which is how Go templates are written in practice.
 */
export function definedTemplateNames(name: string, content: string): string[] {
  if (!/\{\{-?\s*define\s/.test(content)) return [name];
  const found = [...content.matchAll(/\{\{-?\s*define\s+(?:"((?:[^"\\]|\\.)*)"|`([^`]*)`)/g)].map((match) =>
    match[1] !== undefined ? unquote(match[1]) : match[2]!,
  );
  return [...new Set(found)];
}

/** A Go double-quoted string's escapes (`\"`, `\\`, `\n`…), read as JSON reads them. */
function unquote(body: string): string {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body;
  }
}
