/**
 * Grafana's math expression (`$A > 5`, `abs($A - $B) / 2`, `${my query} * 100`): read into a
 * tree, then evaluated over the values of the queries and expressions it names, item by item as
 * Grafana's `mathexp` unions them.
 */
import { ExpressionError } from './expressionError';
import { isLabelSubset, NO_DATA, type ExprValue, type Labels, type NumberItem, type Series } from './values';

type Node =
  | { type: 'num'; value: number }
  | { type: 'var'; name: string }
  | { type: 'unary'; op: '-' | '!'; arg: Node }
  | { type: 'binary'; op: string; left: Node; right: Node }
  | { type: 'call'; name: string; args: Node[] };

const FUNCTIONS = new Set(['abs', 'log', 'ceil', 'floor', 'round', 'is_nan', 'is_null', 'is_inf', 'is_number']);

/** Binding strength of binary operators, loosest first (Go's, as Grafana's math uses). */
const PRECEDENCE: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '<': 3,
  '<=': 3,
  '>': 3,
  '>=': 3,
  '+': 4,
  '-': 4,
  '*': 5,
  '/': 5,
  '%': 5,
  '**': 6,
};

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const pattern =
    /\s*(\$\{[^}]+\}|\$[A-Za-z0-9_]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\*\*|&&|\|\||==|!=|<=|>=|[-+*/%<>!(),]|[A-Za-z_][A-Za-z0-9_]*)/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) throw new ExpressionError(`cannot read the math expression at "${text.slice(at).trim()}"`);
    tokens.push(match[1]!);
    at = pattern.lastIndex;
  }
  return tokens;
}

/** Parses a math expression (`$A > 5`, `abs($A - $B) / 2`, `${my query} * 100`). */
export function parseMath(text: string): Node {
  const tokens = tokenize(text);
  if (tokens.length === 0) throw new ExpressionError('the math expression is empty');
  let pos = 0;
  const peek = () => tokens[pos];
  const next = () => tokens[pos++];
  const expect = (token: string) => {
    if (next() !== token) throw new ExpressionError(`expected "${token}" in the math expression "${text}"`);
  };
  const primary = (): Node => {
    const token = next();
    if (token === undefined) throw new ExpressionError(`the math expression "${text}" ends too early`);
    if (token === '(') {
      const inner = binary(1);
      expect(')');
      return inner;
    }
    if (token === '-' || token === '!') return { type: 'unary', op: token, arg: binary(7) };
    if (token === '+') return binary(7);
    if (token.startsWith('${')) return { type: 'var', name: token.slice(2, -1) };
    if (token.startsWith('$')) return { type: 'var', name: token.slice(1) };
    if (/^[\d.]/.test(token)) return { type: 'num', value: Number(token) };
    if (FUNCTIONS.has(token)) {
      expect('(');
      const args = [binary(1)];
      while (peek() === ',') {
        next();
        args.push(binary(1));
      }
      expect(')');
      return { type: 'call', name: token, args };
    }
    throw new ExpressionError(
      `unknown word "${token}" in the math expression (variables are written $A; functions: ${[...FUNCTIONS].join(', ')})`,
    );
  };
  const binary = (minimum: number): Node => {
    let left = primary();
    for (;;) {
      const op = peek();
      const strength = op !== undefined ? PRECEDENCE[op] : undefined;
      if (strength === undefined || strength < minimum) break;
      next();
      // `**` binds to the right; the others to the left.
      const right = binary(op === '**' ? strength : strength + 1);
      left = { type: 'binary', op: op!, left, right };
    }
    return left;
  };
  const tree = binary(1);
  if (pos < tokens.length) throw new ExpressionError(`unexpected "${tokens[pos]}" in the math expression "${text}"`);
  return tree;
}

/** The variables a math expression reads. */
export function mathVariables(text: string): string[] {
  const found = new Set<string>();
  const walk = (node: Node) => {
    if (node.type === 'var') found.add(node.name);
    else if (node.type === 'unary') walk(node.arg);
    else if (node.type === 'binary') {
      walk(node.left);
      walk(node.right);
    } else if (node.type === 'call') node.args.forEach(walk);
  };
  walk(parseMath(text));
  return [...found];
}

function applyBinary(op: string, a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
    case '**':
      return a ** b;
    case '==':
      return a === b ? 1 : 0;
    case '!=':
      return a !== b ? 1 : 0;
    case '<':
      return a < b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    case '>':
      return a > b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    case '&&':
      return a !== 0 && b !== 0 ? 1 : 0;
    case '||':
      return a !== 0 || b !== 0 ? 1 : 0;
  }
  throw new ExpressionError(`unknown operator ${op}`);
}

function applyFunction(name: string, a: number | null): number | null {
  switch (name) {
    case 'is_null':
      return a === null ? 1 : 0;
    case 'is_nan':
      return a !== null && Number.isNaN(a) ? 1 : 0;
    case 'is_inf':
      return a !== null && (a === Infinity || a === -Infinity) ? 1 : 0;
    case 'is_number':
      return a !== null && Number.isFinite(a) ? 1 : 0;
  }
  if (a === null) return null;
  switch (name) {
    case 'abs':
      return Math.abs(a);
    case 'log':
      return Math.log(a);
    case 'ceil':
      return Math.ceil(a);
    case 'floor':
      return Math.floor(a);
    case 'round':
      return Math.round(a);
  }
  throw new ExpressionError(`unknown function ${name}`);
}

function mapValue(value: ExprValue, fn: (v: number | null) => number | null): ExprValue {
  switch (value.kind) {
    case 'scalar':
      return { kind: 'scalar', value: fn(value.value) };
    case 'number':
      return { kind: 'number', items: value.items.map((item) => ({ labels: item.labels, value: fn(item.value) })) };
    case 'series':
      return { kind: 'series', items: value.items.map((s) => ({ labels: s.labels, times: s.times, values: s.values.map(fn) })) };
    default:
      return value;
  }
}

/**
 * Pairs two sets' items as Grafana's math union does: one item on each side always pair; else
 * items pair when one's labels are a subset of the other's (the result keeps the larger set).
 */
function pairs<A extends { labels: Labels }, B extends { labels: Labels }>(left: A[], right: B[]): Array<[A, B, Labels]> {
  if (left.length === 1 && right.length === 1) {
    const [a, b] = [left[0]!, right[0]!];
    return [[a, b, Object.keys(a.labels).length >= Object.keys(b.labels).length ? a.labels : b.labels]];
  }
  const out: Array<[A, B, Labels]> = [];
  for (const a of left) {
    for (const b of right) {
      if (isLabelSubset(a.labels, b.labels)) out.push([a, b, b.labels]);
      else if (isLabelSubset(b.labels, a.labels)) out.push([a, b, a.labels]);
    }
  }
  return out;
}

/** Series ∘ series: points joined by timestamp (only times both hold). */
function joinSeries(op: string, a: Series, b: Series, labels: Labels): Series {
  const byTime = new Map<number, number | null>();
  b.times.forEach((t, i) => byTime.set(t, b.values[i]!));
  const times: number[] = [];
  const values: Array<number | null> = [];
  a.times.forEach((t, i) => {
    if (!byTime.has(t)) return;
    times.push(t);
    values.push(applyBinary(op, a.values[i]!, byTime.get(t)!));
  });
  return { labels, times, values };
}

function combine(op: string, left: ExprValue, right: ExprValue): ExprValue {
  if (left.kind === 'nodata' || right.kind === 'nodata') return NO_DATA;
  if (left.kind === 'scalar' && right.kind === 'scalar') return { kind: 'scalar', value: applyBinary(op, left.value, right.value) };
  if (right.kind === 'scalar') return mapValue(left, (v) => applyBinary(op, v, right.value));
  if (left.kind === 'scalar') return mapValue(right, (v) => applyBinary(op, left.value, v));
  if (left.kind === 'number' && right.kind === 'number') {
    return {
      kind: 'number',
      items: pairs(left.items, right.items).map(([a, b, labels]) => ({ labels, value: applyBinary(op, a.value, b.value) })),
    };
  }
  if (left.kind === 'series' && right.kind === 'series') {
    return { kind: 'series', items: pairs(left.items, right.items).map(([a, b, labels]) => joinSeries(op, a, b, labels)) };
  }
  // Series ∘ number (either order): each point with the number.
  const series = left.kind === 'series' ? left.items : (right as { items: Series[] }).items;
  const numbers = left.kind === 'number' ? left.items : (right as { items: NumberItem[] }).items;
  const seriesFirst = left.kind === 'series';
  return {
    kind: 'series',
    items: pairs(series, numbers).map(([s, n, labels]) => ({
      labels,
      times: s.times,
      values: s.values.map((v) => (seriesFirst ? applyBinary(op, v, n.value) : applyBinary(op, n.value, v))),
    })),
  };
}

export function evaluateMath(text: string, vars: Map<string, ExprValue>): ExprValue {
  const evaluate = (node: Node): ExprValue => {
    switch (node.type) {
      case 'num':
        return { kind: 'scalar', value: node.value };
      case 'var': {
        const value = vars.get(node.name);
        if (!value) throw new ExpressionError(`the math expression reads $${node.name}, which no query or expression before it defines`);
        return value;
      }
      case 'unary': {
        const arg = evaluate(node.arg);
        return mapValue(arg, (v) => (v === null ? null : node.op === '-' ? -v : v === 0 ? 1 : 0));
      }
      case 'binary':
        return combine(node.op, evaluate(node.left), evaluate(node.right));
      case 'call': {
        if (node.args.length !== 1) throw new ExpressionError(`${node.name} takes one argument`);
        return mapValue(evaluate(node.args[0]!), (v) => applyFunction(node.name, v));
      }
    }
  };
  return evaluate(parseMath(text));
}
