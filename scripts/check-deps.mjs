#!/usr/bin/env node
// Every package the code imports must be declared in package.json: an undeclared one works only while
// something else happens to pull it in, and breaks a fresh install the day that changes.
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
const builtins = new Set(builtinModules);
const roots = [
  'src',
  'e2e',
  'bench',
  'scripts',
  'eslint-rules',
  'vite.config.ts',
  'playwright.config.ts',
  'eslint.config.js',
  'postcss.config.cjs',
];
const codeFile = /\.(c|m)?(j|t)sx?$/;
// Specifiers of static imports and re-exports, side-effect imports, dynamic import() and require().
const specifier = /(?:\bfrom\s+|^\s*import\s+|\bimport\(\s*|\brequire\(\s*)['"]((?:@[\w.-]+\/)?[\w.-]+(?:\/[\w./-]*)?|[./][^'"\n]*)['"]/gm;

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    if (codeFile.test(entry)) yield entry;
    return;
  }
  for (const name of fs.readdirSync(full)) {
    if (name === 'node_modules' || name === 'fixtures') continue;
    yield* files(path.join(entry, name));
  }
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`; relative paths and builtins → undefined. */
function packageName(spec) {
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:') || spec.startsWith('virtual:')) return undefined;
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtins.has(name) ? undefined : name;
}

const missing = new Map();
for (const entry of roots) {
  for (const file of files(entry)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(specifier)) {
      const name = packageName(match[1]);
      if (name && !declared.has(name)) missing.set(name, [...(missing.get(name) ?? []), file]);
    }
  }
}

if (missing.size > 0) {
  for (const [name, where] of missing)
    console.error(`${name} is imported but not declared in package.json (${[...new Set(where)].join(', ')})`);
  process.exit(1);
}
console.log(`dependencies: every imported package is declared (${declared.size} declared).`);
