/**
 * The offset of the first syntax error in `text` (a small recursive-descent JSON reader), since
 * engines word JSON.parse errors differently and not all of them give a position.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => (text.startsWith(word, i) ? (i += word.length) : fail());
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if (text.charCodeAt(i) < 0x20) fail();
      i++;
    }
    if (text[i] !== '"') fail();
    i++;
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail();
    i += match![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    }
    if (c === '"') return string();
    if (c === 't') return void literal('true');
    if (c === 'f') return void literal('false');
    if (c === 'n') return void literal('null');
    return number();
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (offset) {
    return offset as number;
  }
}

/** Where a JSON.parse failure is, as "Line L, column C: message". */
export function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const clean = message
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/ in JSON at position \d+/, '')
    .replace(/, "[\s\S]*" is not valid JSON$/, '');
  const position = jsonErrorOffset(text);
  if (position < 0) return clean;
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `Line ${line}, column ${column}: ${clean}`;
}

export type ParsedModel = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** Parses edited JSON that must be one object; `what` names it in the error ("The model must be …"). */
export function parseJsonObject(text: string, what: string): ParsedModel {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: describeJsonError(text, error) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: `The ${what} must be a JSON object ({ … })` };
  return { ok: true, value: value as Record<string, unknown> };
}

/** Parses an edited JSON model; it must be an object with a title, as the server requires. */
export function parseModel(text: string): ParsedModel {
  const parsed = parseJsonObject(text, 'model');
  if (!parsed.ok) return parsed;
  const title = parsed.value.title;
  if (typeof title !== 'string' || !title.trim()) return { ok: false, error: 'The model needs a "title"' };
  return parsed;
}
