/**
 * Label matchers as Alertmanager has them: `=`, `!=`, `=~`, `!~`; regexes are anchored, and a
 * missing label matches as the empty string. Used by policies, silences and the API's `filter`.
 */
import type { ObjectMatcher, SilenceMatcher } from '../../../contract/alertingNotify';
import type { Labels } from './types';

export type MatchOp = '=' | '!=' | '=~' | '!~';

export interface Matcher {
  name: string;
  op: MatchOp;
  value: string;
}

const compiled = new Map<string, RegExp>();

/** An anchored regex, as Alertmanager's: `crit.*` must match the whole value. Bad patterns throw. */
function anchored(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = new RegExp(`^(?:${pattern})$`, 's');
    if (compiled.size > 10_000) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex;
}

/** Why a matcher cannot be used (its regex does not compile), else undefined. */
export function matcherProblem(matcher: Matcher): string | undefined {
  if (matcher.op !== '=~' && matcher.op !== '!~') return undefined;
  try {
    anchored(matcher.value);
    return undefined;
  } catch (error) {
    return `the matcher ${matcherText(matcher)} has an invalid regular expression: ${(error as Error).message}`;
  }
}

export function matches(matcher: Matcher, labels: Labels): boolean {
  const value = labels[matcher.name] ?? '';
  switch (matcher.op) {
    case '=':
      return value === matcher.value;
    case '!=':
      return value !== matcher.value;
    case '=~':
      return anchored(matcher.value).test(value);
    case '!~':
      return !anchored(matcher.value).test(value);
  }
}

export function matchesAll(matchers: readonly Matcher[], labels: Labels): boolean {
  return matchers.every((matcher) => matches(matcher, labels));
}

export function fromObjectMatcher([name, op, value]: ObjectMatcher): Matcher {
  return { name, op, value };
}

export function fromSilenceMatcher(matcher: SilenceMatcher): Matcher {
  const op: MatchOp = matcher.isRegex ? (matcher.isEqual ? '=~' : '!~') : matcher.isEqual ? '=' : '!=';
  return { name: matcher.name, op, value: matcher.value };
}

export function matcherText(matcher: Matcher): string {
  return `${matcher.name}${matcher.op}${JSON.stringify(matcher.value)}`;
}

/**
 * Parses Alertmanager's text matchers: `severity="critical"`, `env=~prod.*`, `{a="1", b!="2"}`.
 * Throws with a sentence naming what is wrong.
 */
export function parseMatchers(text: string): Matcher[] {
  let body = text.trim();
  if (body.startsWith('{') && body.endsWith('}')) body = body.slice(1, -1);
  const result: Matcher[] = [];
  let rest = body.trim();
  while (rest.length > 0) {
    const head = /^\s*([^\s=!~"{},]+)\s*(=~|!~|!=|=)\s*/.exec(rest);
    if (!head) throw new Error(`"${text}" is not a matcher such as alertname="HighLatency" or severity=~"crit.*"`);
    rest = rest.slice(head[0].length);
    let value: string;
    if (rest.startsWith('"')) {
      const quoted = /^"((?:[^"\\]|\\.)*)"/.exec(rest);
      if (!quoted) throw new Error(`"${text}" has a value without its closing quote`);
      value = JSON.parse(`"${quoted[1]}"`) as string;
      rest = rest.slice(quoted[0].length);
    } else {
      const bare = /^[^,}]*/.exec(rest)![0];
      value = bare.trim();
      rest = rest.slice(bare.length);
    }
    const matcher: Matcher = { name: head[1]!, op: head[2] as MatchOp, value };
    const problem = matcherProblem(matcher);
    if (problem) throw new Error(problem);
    result.push(matcher);
    rest = rest.replace(/^\s*,?\s*/, '');
  }
  return result;
}

/** Alertmanager's label fingerprint: FNV-1a 64 over sorted names and values with 0xff separators, 16 hex digits. */
export function fingerprintOf(labels: Labels): string {
  const prime = 0x100000001b3n;
  const mask = 0xffffffffffffffffn;
  let hash = 0xcbf29ce484222325n;
  const add = (byte: number) => {
    hash ^= BigInt(byte);
    hash = (hash * prime) & mask;
  };
  for (const name of Object.keys(labels).sort()) {
    for (const byte of Buffer.from(name, 'utf8')) add(byte);
    add(0xff);
    for (const byte of Buffer.from(labels[name]!, 'utf8')) add(byte);
    add(0xff);
  }
  return hash.toString(16).padStart(16, '0');
}

/** Go's `LabelSet.String()`: `{a="1", b="2"}`, sorted by name. */
export function labelSetText(labels: Labels): string {
  const pairs = Object.keys(labels)
    .sort()
    .map((name) => `${name}=${JSON.stringify(labels[name])}`);
  return `{${pairs.join(', ')}}`;
}
