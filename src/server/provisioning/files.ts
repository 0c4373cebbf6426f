/**
 * Reading provisioning files: YAML (Grafana's format) with `$VAR`/`${VAR}` taken from the
 * environment (`$$` for a literal `$`), and every problem said with its file, line and reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isSeq, LineCounter, parseDocument, type Document } from 'yaml';

import type { Problem } from './problems';

export { describeProblem, type Problem } from './problems';

export interface YamlFile {
  file: string;
  /** The document with the environment's values in. */
  value: unknown;
  /** Line of `key[index]`'s item (e.g. `datasources`, 2), or of the document. */
  lineOf(key: string, index: number): number;
}

const VARIABLE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** `$VAR` and `${VAR}` replaced by the environment's values (unset: empty), `$$` by `$`. */
export function interpolate(text: string, env: NodeJS.ProcessEnv): string {
  return text.replace(VARIABLE, (match, braced: string | undefined, bare: string | undefined) => {
    if (match === '$$') return '$';
    return env[braced ?? bare!] ?? '';
  });
}

function interpolateAll(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, env)]));
  }
  return value;
}

/** The `.yaml`/`.yml` files directly in `dir`, in name order (none when it does not exist). */
export function yamlFilesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/i.test(entry.name))
    .map((entry) => path.join(dir, entry.name))
    .sort();
}

/** Reads one YAML file; a file that does not parse is a problem (with the line YAML names). */
export function readYaml(file: string, env: NodeJS.ProcessEnv): YamlFile | Problem {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { file, line: 0, reason: `cannot be read: ${(error as Error).message}` };
  }
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [error] = doc.errors;
  if (error) {
    const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return { file, line: lineCounter.linePos(error.pos[0]).line, reason: `is not valid YAML: ${reason}` };
  }
  return {
    file,
    value: interpolateAll(doc.toJS(), env),
    lineOf(key, index) {
      const list = doc.get(key, true);
      const node = isSeq(list) ? (list.items[index] as { range?: [number, number, number] } | undefined) : undefined;
      return node?.range ? lineCounter.linePos(node.range[0]).line : 1;
    },
  };
}

/** The 1-based line of a `JSON.parse` error's position in `text`, when its message names one. */
export function jsonErrorLine(text: string, error: Error): number {
  const position = /at position (\d+)/.exec(error.message);
  if (position) return text.slice(0, Number(position[1])).split('\n').length;
  const line = /line (\d+)/.exec(error.message);
  return line ? Number(line[1]) : 1;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
