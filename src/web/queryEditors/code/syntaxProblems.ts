import type { Diagnostic } from '@codemirror/lint';

/** What is used of a lezer parser (Prometheus' and Grafana's grammars both are one). */
interface GrammarParser {
  parse(text: string): { iterate(spec: { enter(node: { type: { isError: boolean }; from: number; to: number }): void }): void };
}

/** Where a query stops parsing, and why, in words a person reads. */
export interface SyntaxProblem {
  from: number;
  to: number;
  message: string;
}

function lineAndColumn(text: string, at: number): string {
  const before = text.slice(0, at).split('\n');
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/**
 * The grammar's error nodes as problems: the same parse gives the editor's underlines and the
 * message under it. An empty query has none (it simply is not run).
 */
export function syntaxProblems(parser: GrammarParser, text: string): SyntaxProblem[] {
  if (text.trim() === '') return [];
  const problems: SyntaxProblem[] = [];
  parser.parse(text).iterate({
    enter(node) {
      if (!node.type.isError) return;
      const atEnd = node.from >= text.trimEnd().length;
      const shown = text.slice(node.from, Math.max(node.to, node.from + 1)).trim();
      const message = atEnd
        ? `Syntax error at ${lineAndColumn(text, node.from)}: the query ends too soon`
        : `Syntax error at ${lineAndColumn(text, node.from)}: unexpected "${shown.length > 24 ? `${shown.slice(0, 24)}…` : shown}"`;
      if (problems.some((p) => p.from === node.from)) return;
      problems.push({ from: node.from, to: node.to, message });
    },
  });
  return problems;
}

/** The problems as CodeMirror diagnostics: an empty range widens to one character so it can be underlined. */
export function problemsAsDiagnostics(problems: readonly SyntaxProblem[], length: number): Diagnostic[] {
  return problems.map(({ from, to, message }) => {
    const start = Math.min(from, Math.max(0, length - 1));
    return { from: start, to: Math.min(length, Math.max(to, start + 1)), severity: 'error', message };
  });
}
