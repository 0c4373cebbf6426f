/**
 * Where the cursor is in a PromQL or LogQL text, read from the text before it (which is rarely
 * valid while being typed, so a grammar tree says little): inside a `{...}` selector, inside a
 * `[...]` range, inside `by (...)`, or in an expression.
 */
export type Situation =
  | { kind: 'labelName'; metric?: string; from: number }
  | { kind: 'labelValue'; metric?: string; label: string; from: number }
  | { kind: 'duration'; from: number }
  | { kind: 'groupingLabel'; from: number }
  | { kind: 'pipeline'; from: number }
  | { kind: 'expression'; from: number };

const GROUPING_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);

export function situationAt(text: string, pos: number): Situation | undefined {
  const before = text.slice(0, pos);
  let quote: string | undefined;
  let stringStart = -1;
  let braceStart = -1;
  let bracketStart = -1;
  const parens: string[] = [];
  for (let i = 0; i < before.length; i++) {
    const c = before[i]!;
    if (quote) {
      if (c === '\\' && quote !== '`') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      quote = c;
      stringStart = i;
    } else if (c === '#') {
      const end = before.indexOf('\n', i);
      if (end < 0) return undefined;
      i = end;
    } else if (c === '{') braceStart = i;
    else if (c === '}') braceStart = -1;
    else if (c === '[') bracketStart = i;
    else if (c === ']') bracketStart = -1;
    else if (c === '(') parens.push(/([a-zA-Z_]\w*)\s*$/.exec(before.slice(0, i))?.[1] ?? '');
    else if (c === ')') parens.pop();
  }
  const metricBefore = (at: number) => /([a-zA-Z_:][\w:]*)\s*$/.exec(before.slice(0, at))?.[1];

  if (quote) {
    if (braceStart < 0 || stringStart < braceStart) return undefined;
    const label = /([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)\s*$/.exec(before.slice(braceStart + 1, stringStart))?.[1];
    return label ? { kind: 'labelValue', label, metric: metricBefore(braceStart), from: stringStart + 1 } : undefined;
  }
  if (bracketStart >= 0) return { kind: 'duration', from: pos - /[\w$]*$/.exec(before)![0].length };
  if (braceStart >= 0) {
    const matcher = /[{,]\s*([a-zA-Z_]\w*)?$/.exec(before.slice(braceStart));
    return matcher ? { kind: 'labelName', metric: metricBefore(braceStart), from: pos - (matcher[1]?.length ?? 0) } : undefined;
  }
  const word = /[a-zA-Z_:][\w:]*$/.exec(before)?.[0] ?? '';
  if (GROUPING_WORDS.has(parens.at(-1) ?? '')) return { kind: 'groupingLabel', from: pos - word.length };
  if (/\|\s*[a-z_]*$/.test(before)) return { kind: 'pipeline', from: pos - word.length };
  return { kind: 'expression', from: pos - word.length };
}

/** A value as a double-quoted PromQL/LogQL string. */
export const quoted = (value: string) => value.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
