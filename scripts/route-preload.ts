/**
 * A Vite build plugin that starts each page's code beside the entry instead of after it.
 *
 * Without it a first visit is a chain: index.html → the entry and its imports → (entry evaluated,
 * router matched) → the page's lazy chunk and its imports. This plugin reads the router's route
 * table at build time (every object with a `path` and the `import()`s written inside it, nested
 * `children` joined to their parent's path), and emits a small classic script that index.html
 * loads `async` beside the entry. It matches `location.pathname` against the table and adds
 * `<link rel="modulepreload">` for the page's chunks (and `preload` for their CSS), so they
 * download while the entry is still downloading and evaluating. Vite's own preload helper sees
 * the links and does not ask again.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { findRoutes, type Node } from './router-routes.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** A route of the router: its full path pattern and the modules its `import()`s load. */
export interface RouteModules {
  path: string;
  modules: string[];
}

/** What the emitted script gets: a path pattern (react-router syntax) and the files to preload. */
export interface RoutePreload {
  path: string;
  js: string[];
  css: string[];
}

/** A react-router path pattern (`/d/:uid/:slug?`, `*`) as an anchored, case-insensitive regex source. */
export function pathPattern(routePath: string): string {
  const segments = routePath.split('/').filter(Boolean);
  let source = '';
  for (const segment of segments) {
    if (segment === '*') {
      source += '(?:/.*)?';
    } else if (segment.startsWith(':')) {
      source += segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    } else {
      const optional = segment.endsWith('?');
      const text = (optional ? segment.slice(0, -1) : segment).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      source += optional ? `(?:/${text})?` : `/${text}`;
    }
  }
  return `^${source || ''}/?$`;
}

/**
 * The script index.html loads: preloads the files of the first route whose pattern matches the
 * address. Routes share most files, so each file is named once and routes list their indexes.
 */
export function preloadScript(routes: RoutePreload[], base: string): string {
  const files: string[] = [];
  const index = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
  const table = routes.map((r) => [pathPattern(r.path), r.js.map(index), r.css.map(index)]);
  return `(function () {
  // Written by scripts/route-preload.ts: each page's chunks, fetched beside the entry.
  var base = ${JSON.stringify(base)};
  var files = ${JSON.stringify(files)};
  var routes = ${JSON.stringify(table)};
  var path = window.location.pathname;
  function add(rel, file, as) {
    var link = document.createElement('link');
    link.rel = rel;
    link.as = as;
    // Vite loads both module scripts and page CSS in CORS mode (crossorigin=""), so the preload
    // must ask the same way or the browser fetches again and warns of a credentials-mode mismatch.
    link.crossOrigin = '';
    link.href = base + files[file];
    document.head.appendChild(link);
  }
  for (var i = 0; i < routes.length; i++) {
    if (!new RegExp(routes[i][0], 'i').test(path)) continue;
    for (var j = 0; j < routes[i][1].length; j++) add('modulepreload', routes[i][1][j], 'script');
    for (var k = 0; k < routes[i][2].length; k++) add('preload', routes[i][2][k], 'style');
    return;
  }
})();
`;
}

type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss?: Set<string> } };

/** A chunk's file, its static imports' files (recursively) and their CSS. */
function closure(bundle: OutputBundle, fileName: string, into: { js: Set<string>; css: Set<string> }): void {
  const chunk = bundle[fileName] as ChunkWithCss | undefined;
  if (!chunk || chunk.type !== 'chunk' || into.js.has(fileName)) return;
  into.js.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.css.add(css);
  for (const imported of chunk.imports) closure(bundle, imported, into);
}

/**
 * The plugin. `router` is the module (relative to the project root) whose route table it reads;
 * the script is written to `assets/` and loaded by index.html.
 */
export function routePreload({ router }: { router: string }): Plugin {
  let root = process.cwd();
  let base = '/';
  let routerId = '';
  let routes: RouteModules[] = [];
  return {
    name: 'sightline-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
      routerId = path.resolve(root, router);
    },
    async transform(code, id) {
      if (id !== routerId) return null;
      const found = findRoutes(this.parse(code) as unknown as Node);
      routes = [];
      for (const route of found) {
        const modules: string[] = [];
        for (const specifier of route.specifiers) {
          const resolved = await this.resolve(specifier, id);
          if (resolved) modules.push(resolved.id);
        }
        routes.push({ path: route.path, modules });
      }
      return null;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const entry = Object.values(bundle).find((file): file is OutputChunk => file.type === 'chunk' && file.isEntry);
      if (!html || html.type !== 'asset' || !entry) return;
      if (routes.length === 0) this.error(`no routes with import() found in ${router}`);
      const initial = { js: new Set<string>(), css: new Set<string>() };
      closure(bundle, entry.fileName, initial);
      // The chunk each module ended up in: its own when only import() loads it, else the chunk it
      // shares with its static importers.
      const chunkOf = new Map<string, string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk')
          for (const id of file.moduleIds) if (!chunkOf.has(id) || file.facadeModuleId === id) chunkOf.set(id, file.fileName);
      }
      const table: RoutePreload[] = routes.map((route) => {
        // Smallest import first: a route's prefetch (a few kB) is then fetched before its page's
        // code, so its API requests go out while the page's chunks still arrive.
        const closures = route.modules.map((id) => {
          const fileName = chunkOf.get(id);
          if (!fileName) this.error(`${route.path}: no chunk holds ${path.relative(root, id)}`);
          const files = { js: new Set<string>(), css: new Set<string>() };
          closure(bundle, fileName, files);
          return files;
        });
        const size = (files: { js: Set<string> }) =>
          [...files.js].reduce((sum, f) => sum + String((bundle[f] as OutputChunk).code).length, 0);
        closures.sort((a, b) => size(a) - size(b));
        const js = new Set(closures.flatMap((c) => [...c.js]));
        const css = new Set(closures.flatMap((c) => [...c.css]));
        return { path: route.path, js: [...js].filter((f) => !initial.js.has(f)), css: [...css].filter((f) => !initial.css.has(f)) };
      });
      const source = preloadScript(table, base);
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      const fileName = `assets/route-preload-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const tag = `<script async src="${base}${fileName}"></script>`;
      const text = String(html.source);
      if (!text.includes('<script type="module"')) this.error('index.html has no module script to put the route preload before');
      html.source = text.replace('<script type="module"', `${tag}\n    <script type="module"`);
    },
  };
}
