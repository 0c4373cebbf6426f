/**
 * The part of Go's text/template that alert rule labels and annotations use in Grafana:
 * `{{ $labels.x }}`, `{{ $values.B }}` / `{{ $values.B.Value }}` / `{{ $values.B.Labels.x }}`,
 * `{{ $value }}` (Grafana's value string), `{{ index $labels "x" }}`, pipes
 * (`{{ $values.B.Value | humanize }}`), `{{ printf "%.2f" $values.B.Value }}`, `{{ if }}` /
 * `{{ else }}` / `{{ end }}` with `eq ne lt le gt ge and or not`, and `{{- -}}` trimming.
 * Helpers: humanize, humanize1024, humanizePercentage, humanizeDuration, toUpper, toLower, title,
 * printf. A template that cannot be expanded gives Grafana's `<error expanding template: …>`.
 */
import type { Labels } from './values';

export interface TemplateData {
  labels: Labels;
  /** Each expression's number for the instance, by refId. */
  values: Record<string, { value: number | null; labels: Labels }>;
  /** Grafana's `$value`: the value string. */
  valueString: string;
}

type Token = { kind: 'text'; text: string } | { kind: 'action'; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('{{', at);
    if (open === -1) {
      tokens.push({ kind: 'text', text: source.slice(at) });
      break;
    }
    let text = source.slice(at, open);
    const close = source.indexOf('}}', open);
    if (close === -1) throw new Error('unclosed action');
    let inner = source.slice(open + 2, close);
    if (inner.startsWith('-')) {
      text = text.replace(/\s+$/, '');
      inner = inner.slice(1);
    }
    let trimNext = false;
    if (inner.endsWith('-')) {
      inner = inner.slice(0, -1);
      trimNext = true;
    }
    if (text) tokens.push({ kind: 'text', text });
    tokens.push({ kind: 'action', text: inner.trim() });
    at = close + 2;
    if (trimNext) while (at < source.length && /\s/.test(source[at]!)) at++;
  }
  return tokens;
}

/** Splits an action into words, keeping quoted strings and parenthesised groups whole. */
function words(text: string): string[] {
  const out: string[] = [];
  const pattern = /\s*("(?:[^"\\]|\\.)*"|`[^`]*`|\(|\)|\||[^\s()|]+)/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) break;
    out.push(match[1]!);
    at = pattern.lastIndex;
    if (/^\s*$/.test(text.slice(at))) break;
  }
  return out;
}

function humanize(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const big = ['', 'k', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'];
  const small = ['', 'm', 'u', 'n', 'p', 'f', 'a', 'z', 'y'];
  if (abs >= 1) {
    let i = 0;
    let v = value;
    while (Math.abs(v) >= 1000 && i < big.length - 1) {
      v /= 1000;
      i++;
    }
    return `${formatG(v)}${big[i]}`;
  }
  let i = 0;
  let v = value;
  while (Math.abs(v) < 1 && i < small.length - 1) {
    v *= 1000;
    i++;
  }
  return `${formatG(v)}${small[i]}`;
}

/** Go's `%.4g`. */
function formatG(value: number): string {
  return String(Number(value.toPrecision(4)));
}

function humanize1024(value: number): string {
  const units = ['', 'ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei', 'Zi', 'Yi'];
  let i = 0;
  let v = value;
  while (Math.abs(v) >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${formatG(v)}${units[i]}`;
}

function humanizeDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return String(seconds);
  if (Math.abs(seconds) < 1) return `${formatG(seconds * 1000)}ms`;
  const sign = seconds < 0 ? '-' : '';
  let rest = Math.abs(seconds);
  const days = Math.floor(rest / 86400);
  rest -= days * 86400;
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  rest -= minutes * 60;
  const parts = [days && `${days}d`, hours && `${hours}h`, minutes && `${minutes}m`, rest && `${formatG(rest)}s`].filter(Boolean);
  return sign + parts.join(' ');
}

function printf(format: string, ...args: unknown[]): string {
  let n = 0;
  return format.replace(
    /%([-+ 0]*)(\d+)?(?:\.(\d+))?([vdfsgeq%])/g,
    (_all, _flags, _width, precision: string | undefined, verb: string) => {
      if (verb === '%') return '%';
      const arg = args[n++];
      const num = typeof arg === 'number' ? arg : Number(arg);
      switch (verb) {
        case 'd':
          return String(Math.trunc(num));
        case 'f':
          return num.toFixed(precision === undefined ? 6 : Number(precision));
        case 'e':
          return num.toExponential(precision === undefined ? 6 : Number(precision));
        case 'g':
          return precision === undefined ? String(num) : String(Number(num.toPrecision(Number(precision))));
        case 'q':
          return JSON.stringify(String(arg));
        default:
          return display(arg);
      }
    },
  );
}

/** How Go prints a value with `{{ }}`: numbers as `%v` does. */
function display(value: unknown): string {
  if (value === null || value === undefined) return '<no value>';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (value === Infinity) return '+Inf';
    if (value === -Infinity) return '-Inf';
    return String(value);
  }
  if (typeof value === 'object' && 'value' in (value as object) && 'labels' in (value as object)) {
    return display((value as { value: unknown }).value);
  }
  if (typeof value === 'object') {
    return `map[${Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}:${display(v)}`)
      .join(' ')}]`;
  }
  return String(value);
}

const truthy = (value: unknown) => !(value === undefined || value === null || value === false || value === 0 || value === '');
const num = (value: unknown) => {
  if (typeof value === 'object' && value !== null && 'value' in value) return Number((value as { value: unknown }).value);
  return typeof value === 'number' ? value : Number(value);
};
const comparable = (value: unknown) =>
  typeof value === 'object' && value !== null && 'value' in value ? (value as { value: unknown }).value : value;

const FUNCS: Record<string, (...args: unknown[]) => unknown> = {
  humanize: (v) => humanize(num(v)),
  humanize1024: (v) => humanize1024(num(v)),
  humanizePercentage: (v) => `${formatG(num(v) * 100)}%`,
  humanizeDuration: (v) => humanizeDuration(num(v)),
  toUpper: (v) => String(v).toUpperCase(),
  toLower: (v) => String(v).toLowerCase(),
  title: (v) => String(v).replace(/\b\w/g, (c) => c.toUpperCase()),
  printf: (format, ...args) => printf(String(format), ...args.map(comparable)),
  index: (map, key) => (map as Record<string, unknown> | undefined)?.[String(key)],
  eq: (a, b) => comparable(a) === comparable(b),
  ne: (a, b) => comparable(a) !== comparable(b),
  lt: (a, b) => num(a) < num(b),
  le: (a, b) => num(a) <= num(b),
  gt: (a, b) => num(a) > num(b),
  ge: (a, b) => num(a) >= num(b),
  and: (...args) => args.every(truthy),
  or: (...args) => args.find(truthy) ?? args[args.length - 1],
  not: (v) => !truthy(v),
  len: (v) => (Array.isArray(v) || typeof v === 'string' ? v.length : Object.keys(v as object).length),
};

function evaluatePipeline(text: string, data: TemplateData): unknown {
  const parts: string[][] = [[]];
  for (const word of words(text)) {
    if (word === '|') parts.push([]);
    else parts[parts.length - 1]!.push(word);
  }
  let result: unknown;
  parts.forEach((command, i) => {
    result = evaluateCommand(command, data, i === 0 ? [] : [result]);
  });
  return result;
}

function evaluateCommand(command: string[], data: TemplateData, piped: unknown[]): unknown {
  if (command.length === 0) throw new Error('empty command');
  // Parenthesised sub-pipelines become single operands.
  const operands: unknown[] = [];
  const names: string[] = [];
  for (let i = 0; i < command.length; i++) {
    const word = command[i]!;
    if (word === '(') {
      let depth = 1;
      let j = i + 1;
      for (; j < command.length && depth > 0; j++) {
        if (command[j] === '(') depth++;
        if (command[j] === ')') depth--;
      }
      operands.push(evaluatePipeline(command.slice(i + 1, j - 1).join(' '), data));
      names.push('');
      i = j - 1;
      continue;
    }
    names.push(word);
    operands.push(undefined);
  }
  const [first, ...rest] = names;
  if (first && FUNCS[first]) {
    const args = rest.map((name, i) => (name === '' ? operands[i + 1] : operand(name, data)));
    return FUNCS[first](...args, ...piped);
  }
  if (names.length > 1 || piped.length > 0) throw new Error(`"${first}" is not a function`);
  return first === '' ? operands[0] : operand(first!, data);
}

function operand(word: string, data: TemplateData): unknown {
  if (word.startsWith('"')) return JSON.parse(word) as string;
  if (word.startsWith('`')) return word.slice(1, -1);
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(word)) return Number(word);
  if (word === 'true' || word === 'false') return word === 'true';
  if (word === '$value') return data.valueString;
  if (word === '$labels' || word === '$values') return word === '$labels' ? data.labels : data.values;
  const path = /^\$(labels|values)((?:\.[A-Za-z0-9_]+)+)$/.exec(word) ?? /^\.(Labels|Values|Value)((?:\.[A-Za-z0-9_]+)*)$/.exec(word);
  if (!path) {
    if (FUNCS[word]) return FUNCS[word]();
    throw new Error(`function "${word}" not defined`);
  }
  const root = path[1]!.toLowerCase();
  let current: unknown = root === 'labels' ? data.labels : root === 'values' ? data.values : data.valueString;
  for (const key of path[2]!.split('.').filter(Boolean)) {
    if (current === null || current === undefined) return undefined;
    const record = current as Record<string, unknown>;
    current = key === 'Value' && 'value' in record ? record.value : key === 'Labels' && 'labels' in record ? record.labels : record[key];
  }
  return current;
}

interface Block {
  kind: 'if';
  taken: boolean;
  parentActive: boolean;
  anyTaken: boolean;
}

/** Expands one template; errors come back as Grafana's `<error expanding template: …>` text. */
export function expandTemplate(source: string, data: TemplateData): string {
  if (!source.includes('{{')) return source;
  try {
    let out = '';
    const stack: Block[] = [];
    const active = () => stack.every((block) => block.taken);
    for (const token of tokenize(source)) {
      if (token.kind === 'text') {
        if (active()) out += token.text;
        continue;
      }
      const text = token.text;
      if (text.startsWith('/*')) continue;
      if (text.startsWith('if ')) {
        const parentActive = active();
        const taken = parentActive && truthy(evaluatePipeline(text.slice(3), data));
        stack.push({ kind: 'if', taken, parentActive, anyTaken: taken });
      } else if (text === 'else' || text.startsWith('else if ')) {
        const block = stack[stack.length - 1];
        if (!block) throw new Error('else without if');
        if (block.anyTaken || !block.parentActive) block.taken = false;
        else {
          block.taken = text === 'else' ? true : truthy(evaluatePipeline(text.slice(8), data));
          block.anyTaken = block.taken;
        }
      } else if (text === 'end') {
        if (!stack.pop()) throw new Error('end without if');
      } else if (active()) {
        out += display(evaluatePipeline(text, data));
      }
    }
    if (stack.length > 0) throw new Error('if without end');
    return out;
  } catch (error) {
    return `<error expanding template: ${(error as Error).message}>`;
  }
}
