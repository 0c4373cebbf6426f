/**
 * Reading provisioning files: YAML (Grafana's format) with `$VAR`/`${VAR}` taken from the
 * environment (`$$` for a literal `$`), and every problem said with its file, line and reason.
 * Files are found by `findFiles`, which follows symlinks (Kubernetes ConfigMap mounts are made of
 * them) only to targets inside the folders it is given, and says why it left anything out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml';

import type { Problem } from './problems';

export { describeProblem, type ApplySummary, type Problem } from './problems';

export interface YamlFile {
  file: string;
  /** The document with the environment's values in. */
  value: unknown;
  /** Line of `key[index]`'s item (e.g. `datasources`, 2), or of the document. */
  lineOf(key: string, index: number): number;
}

/** Where a value sits in a document: `['datasources', 0, 'secureJsonData', 'password']`. */
export type KeyPath = Array<string | number>;

const VARIABLE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * The server's own settings (`SIGHTLINE_SECRET_KEY`, `SIGHTLINE_ADMIN_TOKEN`,
 * `SIGHTLINE_DATABASE_URL`, ...): a file may only seal them as secrets, never copy them into a
 * field the API shows (a URL, jsonData, a dashboard) where any Viewer could read them.
 */
const SERVER_VARIABLE = /^SIGHTLINE_/i;

/** `$VAR` and `${VAR}` replaced by the environment's values (unset: empty), `$$` by `$`. */
export function interpolate(text: string, env: NodeJS.ProcessEnv): string {
  return text.replace(VARIABLE, (match, braced: string | undefined, bare: string | undefined) => {
    if (match === '$$') return '$';
    return env[braced ?? bare!] ?? '';
  });
}

/** A scalar of a document as text; absent (undefined, null) is `''`. */
export const textOf = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** `datasources[0].jsonData.url` */
export const describeKeyPath = (keys: KeyPath) =>
  keys.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('');

/** Thrown while interpolating: what is wrong, and where (the reading turns it into a problem). */
class RefusedValue extends Error {
  constructor(
    readonly keys: KeyPath,
    reason: string,
  ) {
    super(reason);
  }
}

function interpolateAll(
  value: unknown,
  env: NodeJS.ProcessEnv,
  keys: KeyPath,
  secretsAllowedAt: (keys: KeyPath) => boolean,
  enclosing: Set<object>,
): unknown {
  if (typeof value === 'string') {
    for (const [match, braced, bare] of value.matchAll(VARIABLE)) {
      const name = braced ?? bare;
      if (match !== '$$' && name && SERVER_VARIABLE.test(name) && !secretsAllowedAt(keys)) {
        throw new RefusedValue(
          keys,
          `${match} in ${describeKeyPath(keys)}: SIGHTLINE_* variables hold the server's own secrets and may only be used in a data source's secureJsonData; the file is not applied`,
        );
      }
    }
    const result = interpolate(value, env);
    // PostgreSQL's text cannot hold NUL; one failed statement would undo every other file's writes.
    if (result.includes('\u0000')) throw new RefusedValue(keys, `${describeKeyPath(keys)} holds a NUL character`);
    return result;
  }
  if (value === null || typeof value !== 'object') return value;
  // A YAML alias can name the mapping it is in (`&a [*a]`): a cycle would never end.
  if (enclosing.has(value))
    throw new RefusedValue(keys, `${describeKeyPath(keys) || 'the document'} refers to itself (a YAML alias cycle)`);
  enclosing.add(value);
  try {
    if (Array.isArray(value)) return value.map((item, index) => interpolateAll(item, env, [...keys, index], secretsAllowedAt, enclosing));
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateAll(item, env, [...keys, key], secretsAllowedAt, enclosing)]),
    );
  } finally {
    enclosing.delete(value);
  }
}

/** One file `findFiles` found: `real` to read (symlinks resolved and checked), or why it is not read. */
export interface FoundFile {
  /** As found under the walked folder (symlinks not resolved): what problems and external ids name. */
  path: string;
  real?: string;
  problem?: Problem;
}

export interface FoundFiles {
  files: FoundFile[];
  /** Folders left out (a symlink outside, a loop, unreadable): nothing in them was read. */
  problems: Problem[];
}

/** Deeper than any real layout; a bound even when symlinks make a very deep tree without a loop. */
const MAX_DEPTH = 32;

const isInside = (real: string, root: string) => {
  const relative = path.relative(root, real);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
};

const leadsToFolder = (link: string) => {
  try {
    return fs.statSync(link).isDirectory();
  } catch {
    return false;
  }
};

/** `dir`'s real path (symlinks resolved), or undefined when it does not exist. */
export function realDir(dir: string): string | undefined {
  try {
    return fs.realpathSync(dir);
  } catch {
    return undefined;
  }
}

/**
 * The files under `dir` whose names match `names`, in name order; with `recursive`, in its
 * sub-folders too (not in those whose name starts with a dot: a ConfigMap mount shows every file
 * both as `x.yaml` and as `..data/x.yaml`). A symlink is followed when its target is inside one
 * of `roots` (real paths); otherwise, or when it dangles, loops or names something other than a
 * file, it is reported, never silently left out.
 */
export function findFiles(dir: string, options: { names: RegExp; roots: string[]; recursive: boolean }): FoundFiles {
  const found: FoundFiles = { files: [], problems: [] };
  const roots = options.roots;
  if (!fs.existsSync(dir)) return found;

  /** The symlink's target, checked; a problem instead when it may not be followed. */
  const follow = (link: string, at: string): { real: string; stat: fs.Stats } | Problem => {
    let target = '';
    try {
      target = fs.readlinkSync(at);
      const real = fs.realpathSync(at);
      if (!roots.some((root) => isInside(real, root))) {
        return {
          file: link,
          line: 0,
          reason: `is a symlink to ${target}, outside ${roots.join(' and ')}; not read`,
        };
      }
      return { real, stat: fs.statSync(real) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') return { file: link, line: 0, reason: `is a symlink loop (${target}); not read` };
      if (code === 'ENOENT') return { file: link, line: 0, reason: `is a symlink to ${target}, which does not exist; not read` };
      return { file: link, line: 0, reason: `cannot be read: ${(error as Error).message}` };
    }
  };

  const walk = (logical: string, real: string, ancestors: string[]) => {
    if (ancestors.includes(real)) {
      found.problems.push({ file: logical, line: 0, reason: `leads back to ${real} (a symlink loop); not read again` });
      return;
    }
    if (ancestors.length >= MAX_DEPTH) {
      found.problems.push({ file: logical, line: 0, reason: `is more than ${MAX_DEPTH} folders deep; not read` });
      return;
    }
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(real, { withFileTypes: true });
    } catch (error) {
      found.problems.push({ file: logical, line: 0, reason: `cannot be read: ${(error as Error).message}` });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const entryPath = path.join(logical, entry.name);
      const wanted = options.names.test(entry.name);
      const descends = options.recursive && !entry.name.startsWith('.');
      let kind: fs.Stats | fs.Dirent = entry;
      let entryReal = path.join(real, entry.name);
      if (entry.isSymbolicLink()) {
        // `..data` and the like are not even looked at: their files are read through their own links.
        if (!wanted && !descends) continue;
        // Nor is a link that could only be a folder to descend into but is none (a README, say).
        if (!wanted && !leadsToFolder(entryReal)) continue;
        const target = follow(entryPath, entryReal);
        if ('reason' in target) {
          if (wanted) found.files.push({ path: entryPath, problem: target });
          else found.problems.push(target);
          continue;
        }
        kind = target.stat;
        entryReal = target.real;
      }
      if (kind.isDirectory()) {
        if (descends) walk(entryPath, entryReal, [...ancestors, real]);
      } else if (!wanted) continue;
      else if (kind.isFile()) found.files.push({ path: entryPath, real: entryReal });
      // A FIFO would block the reading forever; a socket or device is no provisioning file either.
      else found.files.push({ path: entryPath, problem: { file: entryPath, line: 0, reason: 'is not a regular file; not read' } });
    }
  };

  const start = realDir(dir);
  if (!start) return found;
  if (!roots.some((root) => isInside(start, root))) {
    found.problems.push({ file: dir, line: 0, reason: `is ${start}, outside ${roots.join(' and ')}; not read` });
    return found;
  }
  walk(dir, start, []);
  return found;
}

/** The `.yaml`/`.yml` files directly in `dir`, followed only into `root` (the provisioning dir). */
export function yamlFilesIn(dir: string, root: string): FoundFiles {
  const realRoot = realDir(root);
  return findFiles(dir, { names: /\.ya?ml$/i, roots: realRoot ? [realRoot] : [], recursive: false });
}

/**
 * Reads one YAML file; a file that does not parse, or names a `SIGHTLINE_*` variable outside
 * where `secretsAllowedAt` allows, is a problem (with the line YAML names).
 */
export function readYaml(
  found: FoundFile,
  env: NodeJS.ProcessEnv,
  secretsAllowedAt: (keys: KeyPath) => boolean = () => false,
): YamlFile | Problem {
  const file = found.path;
  if (found.problem || !found.real) return found.problem ?? { file, line: 0, reason: 'cannot be read' };
  let text: string;
  try {
    text = fs.readFileSync(found.real, 'utf8');
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
  let value: unknown;
  try {
    value = interpolateAll(doc.toJS(), env, [], secretsAllowedAt, new Set());
  } catch (error) {
    if (error instanceof RefusedValue) {
      return { file, line: lineOfPath(doc, lineCounter, error.keys), reason: error.message };
    }
    // e.g. the yaml package's guard against alias bombs ("Excessive alias count").
    return { file, line: 0, reason: `cannot be read: ${(error as Error).message}` };
  }
  return {
    file,
    value,
    lineOf(key, index) {
      const list = isMap(doc.contents) ? doc.get(key, true) : undefined;
      const node = isSeq(list) ? (list.items[index] as { range?: [number, number, number] } | undefined) : undefined;
      return node?.range ? lineCounter.linePos(node.range[0]).line : 1;
    },
  };
}

/** The line of the node at `keys`; 0 when the path does not lead to one (e.g. through an alias). */
function lineOfPath(doc: Document, lineCounter: LineCounter, keys: KeyPath): number {
  try {
    const node = doc.getIn(keys, true) as { range?: [number, number, number] } | undefined;
    return node?.range ? lineCounter.linePos(node.range[0]).line : 0;
  } catch {
    return 0;
  }
}

/** The 1-based line of a `JSON.parse` error's position in `text`, when its message names one. */
export function jsonErrorLine(text: string, error: Error): number {
  const position = /at position (\d+)/.exec(error.message);
  if (position) return text.slice(0, Number(position[1])).split('\n').length;
  const line = /line (\d+)/.exec(error.message);
  return line ? Number(line[1]) : 1;
}

/** Whether a parsed JSON value holds a NUL character in a key or string (PostgreSQL's text cannot). */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  return false;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
