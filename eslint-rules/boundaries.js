// A small local ESLint plugin: which folders may import which (bulletproof-react enforces the same with
// eslint-plugin-import's `no-restricted-paths`; this project adds no package for it). Imports are
// resolved against the importing file, so `../dashboards/api` and `../../features/dashboards/api`
// are caught alike, whatever the spelling.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `src/web/features/dashboards/api.ts` → its path from the repository root, with forward slashes. */
function fromRoot(file) {
  return path.relative(root, file).split(path.sep).join('/');
}

function featureOf(relative) {
  const match = /^src\/web\/features\/([^/]+)\//.exec(relative);
  return match ? match[1] : undefined;
}

/** `app/` files a feature may use: the link builder and the session hooks. Everything else there is the app's own. */
const APP_PUBLIC = new Set(['src/web/app/paths', 'src/web/app/useSession']);

/**
 * Why `importer` may not import `target` (both repository-relative, extension-less for the target),
 * or undefined when it may.
 */
export function boundaryViolation(importer, target) {
  const fromFeature = featureOf(importer);
  const testFile = /\.test\.tsx?$/.test(importer);
  if (target.startsWith('src/') === false) return undefined;
  if (importer.startsWith('src/contract/') && !target.startsWith('src/contract/')) return 'src/contract imports nothing of ours';
  if (importer.startsWith('src/web/') && target.startsWith('src/server/')) return 'src/web talks to the server over HTTP only';
  if (importer.startsWith('src/server/') && target.startsWith('src/web/')) return 'src/server never imports UI code';
  // Shared web code (panels, lib, components, api, the data source query editors) sits below the features.
  if (!fromFeature && /^src\/web\/(panels|lib|components|api|queryEditors)\//.test(importer) && featureOf(`${target}/`) && !testFile) {
    return `${importer.split('/').slice(0, 3).join('/')} is shared code below the features: it never imports one`;
  }
  if (fromFeature) {
    const toFeature = featureOf(`${target}/`);
    if (toFeature && toFeature !== fromFeature) {
      return `features never import each other (${fromFeature} → ${toFeature}): share through src/web/components or src/web/lib`;
    }
    // Tests render whole routes, so they may reach the router.
    if (target.startsWith('src/web/app/') && !APP_PUBLIC.has(target) && !testFile) {
      return `features use only app/paths and app/useSession; ${target} is internal to src/web/app`;
    }
  }
  return undefined;
}

const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps contract, server and web apart, and each web feature to itself' },
    schema: [],
  },
  create(context) {
    const importer = fromRoot(context.filename);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = fromRoot(path.resolve(path.dirname(context.filename), source));
      const reason = boundaryViolation(importer, target);
      if (reason) context.report({ node, message: `Import of '${source}' breaks a boundary: ${reason}.` });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'no-restricted-paths': noRestrictedPaths } };
