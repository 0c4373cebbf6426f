import { LanguageSupport, LRLanguage } from '@codemirror/language';
import { linter } from '@codemirror/lint';
import { parser } from '@prometheus-io/lezer-promql';
import { problemsAsDiagnostics, syntaxProblems } from '../code/syntaxProblems';

/** PromQL's grammar (Prometheus' own, which carries its highlighting tags). */
export const promqlLanguage = LRLanguage.define({
  name: 'promql',
  parser,
  languageData: { closeBrackets: { brackets: ['(', '[', '{', '"', "'", '`'] }, commentTokens: { line: '#' } },
});

export const promqlProblems = (text: string) => syntaxProblems(parser, text);

export const promqlLint = linter((view) => problemsAsDiagnostics(promqlProblems(view.state.doc.toString()), view.state.doc.length), {
  delay: 300,
});

export const promql = (extra: Parameters<typeof promqlLanguage.data.of>[0][]) =>
  new LanguageSupport(promqlLanguage, [promqlLint, ...extra.map((data) => promqlLanguage.data.of(data))]);
