/**
 * The router's route table read from its source: every route object with its full path and the
 * modules its `import()`s load. The build's route preload (route-preload.ts) and the bench's
 * bundle report (bench/lib/ui.ts) both read routes this way.
 */
export interface Node {
  type: string;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end' || key === 'range' || key === 'loc') continue;
    if (Array.isArray(value)) out.push(...value.filter(isNode));
    else if (isNode(value)) out.push(value);
  }
  return out;
}

function propertyName(property: Node): string | undefined {
  const key = property.key as Node | undefined;
  if (!key || property.computed) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

function joinPath(prefix: string, segment: string): string {
  if (segment.startsWith('/')) return segment;
  return `${prefix.replace(/\/+$/, '')}/${segment}`;
}

/**
 * Every route object (`{ path: '…', … }`) in a module's AST with the specifiers of the `import()`s
 * inside it; a route's `children` are routes under its path, not its own imports.
 */
export function findRoutes(program: Node): Array<{ path: string; specifiers: string[] }> {
  const routes: Array<{ path: string; specifiers: string[] }> = [];
  const importsIn = (node: Node, into: string[]) => {
    if (node.type === 'ImportExpression') {
      const source = node.source as Node;
      if (source.type === 'Literal' && typeof source.value === 'string') into.push(source.value);
    }
    for (const child of children(node)) importsIn(child, into);
  };
  const visit = (node: Node, prefix: string) => {
    if (node.type === 'ObjectExpression') {
      const properties = (node.properties as Node[]).filter((p) => p.type === 'Property');
      const pathProperty = properties.find((p) => propertyName(p) === 'path');
      const value = pathProperty?.value as Node | undefined;
      if (value?.type === 'Literal' && typeof value.value === 'string') {
        const full = joinPath(prefix, value.value);
        const specifiers: string[] = [];
        for (const part of node.properties as Node[]) {
          if (part.type === 'Property' && propertyName(part) === 'children') visit(part.value as Node, full);
          else importsIn(part, specifiers);
        }
        if (specifiers.length > 0) routes.push({ path: full, specifiers });
        return;
      }
    }
    for (const child of children(node)) visit(child, prefix);
  };
  visit(program, '/');
  return routes;
}
