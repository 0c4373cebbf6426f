import type { SilenceMatcher } from '../../../../contract/alertingNotify';

export const matcherOperators = ['=', '!=', '=~', '!~'] as const;
export type MatcherOperator = (typeof matcherOperators)[number];

/** One row of the matchers editor. */
export interface MatcherRow {
  name: string;
  operator: MatcherOperator;
  value: string;
}

export function operatorOf(matcher: Pick<SilenceMatcher, 'isRegex' | 'isEqual'>): MatcherOperator {
  return matcher.isRegex ? (matcher.isEqual ? '=~' : '!~') : matcher.isEqual ? '=' : '!=';
}

export function toSilenceMatcher(row: MatcherRow): SilenceMatcher {
  return { name: row.name.trim(), value: row.value, isRegex: row.operator.endsWith('~'), isEqual: !row.operator.startsWith('!') };
}

/** `alertname=HighCPU`, `env!=dev`, `severity=~crit.*` (Grafana's `matcher` URL parameter) → a row. */
export function parseMatcherParam(text: string): MatcherRow | undefined {
  const match = /^\s*([^!=~\s]+)\s*(=~|!~|!=|=)(.*)$/.exec(text);
  if (!match) return undefined;
  const value = match[3]!.trim().replace(/^"(.*)"$/, '$1');
  return { name: match[1]!, operator: match[2] as MatcherOperator, value };
}

export function matcherText(matcher: Pick<SilenceMatcher, 'name' | 'value' | 'isRegex' | 'isEqual'>): string {
  return `${matcher.name}${operatorOf(matcher)}${matcher.value}`;
}

/** Why a row cannot be saved, or undefined. */
export function rowProblem(row: MatcherRow): string | undefined {
  if (!row.name.trim()) return 'Name the label';
  if (row.operator.endsWith('~')) {
    try {
      new RegExp(`^(?:${row.value})$`);
    } catch {
      return 'Not a valid regular expression';
    }
  }
  return undefined;
}
