import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The modules `file` imports statically (type-only and dynamic imports load nothing up front). */
function staticImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1]!);
  return specifiers.map((specifier) => {
    if (!specifier.startsWith('.')) return specifier;
    const base = path.resolve(path.dirname(file), specifier);
    return ['.ts', '.tsx', '/index.ts'].map((ending) => base + ending).find((candidate) => fs.existsSync(candidate)) ?? base;
  });
}

describe('the dashboards list prefetch', () => {
  it('loads neither zod nor a contract schema before it sends its requests', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      if (path.isAbsolute(file)) staticImports(file).forEach(visit);
    };
    visit(path.resolve(__dirname, 'listPrefetch.ts'));
    const loaded = [...seen].map((file) => (path.isAbsolute(file) ? path.relative(path.resolve(__dirname, '../../..'), file) : file));
    expect(loaded).not.toContain('zod');
    // Only the contract's plain-value modules.
    expect(loaded.filter((file) => file.startsWith('contract/')).sort()).toEqual(['contract/roles.ts', 'contract/searchLimits.ts']);
    expect(loaded).not.toContain('web/api/client.ts');
  });
});
