/**
 * Grafana's math expression (`$A > 5`, `abs($A - $B) / 2`, `${my query} * 100`): read into a
 * tree, then evaluated over the values of the queries and expressions it names, item by item as
 * Grafana's `mathexp` unions them.
 */
import { ExpressionError } from './expressionError';
import { isLabelSubset, NO_DATA, type ExprValue, type Labels, type NumberItem, type Series } from './values';

/**
 * The parsed expression. Runs of one precedence (`$A + $B - 1`, `2 ** 3 ** 2`) and of prefix
 * operators (`--$A`) are flat lists, so the tree is only as deep as the expression nests
 * parentheses and calls, which the parser bounds: a long flat expression never overflows the stack.
 */
type Node =
  | { type: 'num'; value: number }
  | { type: 'var'; name: string }
  /** `ops` outermost first: `-!$A` is `-(!$A)`. */
  | { type: 'unary'; ops: Array<'-' | '!'>; arg: Node }
  /** `operands[0] ops[0] operands[1] ops[1] …`, all of one precedence; `**` groups from the right. */
  | { type: 'chain'; operands: Node[]; ops: string[]; fromRight: boolean }
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
const TIGHTEST = 6;

/** How deep parentheses and function calls may nest (each level costs the parser stack frames). */
export const MAX_MATH_NESTING = 100;

/** The start of a long text, for messages. */
function excerpt(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed;
}

function tokenize(text: string, name: string): string[] {
  const tokens: string[] = [];
  const pattern =
    /\$\{[^}]+\}|\$[A-Za-z0-9_]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\*\*|&&|\|\||==|!=|<=|>=|[-+*/%<>!(),]|[A-Za-z_][A-Za-z0-9_]*/y;
  const space = /\s*/y;
  let at = 0;
  for (;;) {
    space.lastIndex = at;
    space.exec(text);
    at = space.lastIndex;
    if (at >= text.length) break;
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) throw new ExpressionError(`${name} cannot be read at "${excerpt(text.slice(at))}"`);
    tokens.push(match[0]);
    at = pattern.lastIndex;
  }
  return tokens;
}

/**
 * Parses a math expression (`$A > 5`, `abs($A - $B) / 2`, `${my query} * 100`). `name` is how
 * messages call it (`math expression C`).
 */
export function parseMath(text: string, name = 'the math expression'): Node {
  const tokens = tokenize(text, name);
  if (tokens.length === 0) throw new ExpressionError(`${name} is empty`);
  let pos = 0;
  let nesting = 0;
  const next = () => tokens[pos++];
  const expect = (token: string) => {
    const found = next();
    if (found !== token)
      throw new ExpressionError(`${name} expects "${token}" ${found === undefined ? 'at its end' : `where it has "${excerpt(found)}"`}`);
  };
  const nest = () => {
    if (++nesting > MAX_MATH_NESTING)
      throw new ExpressionError(`${name} nests deeper than ${MAX_MATH_NESTING} levels of parentheses and function calls`);
  };
  const primary = (): Node => {
    const token = next();
    if (token === undefined) throw new ExpressionError(`${name} ends too early`);
    if (token === '(') {
      nest();
      const inner = binary(1);
      expect(')');
      nesting--;
      return inner;
    }
    if (token.startsWith('${')) return { type: 'var', name: token.slice(2, -1) };
    if (token.startsWith('$')) return { type: 'var', name: token.slice(1) };
    if (/^[\d.]/.test(token)) return { type: 'num', value: Number(token) };
    if (FUNCTIONS.has(token)) {
      expect('(');
      nest();
      const args = [binary(1)];
      while (tokens[pos] === ',') {
        next();
        args.push(binary(1));
      }
      expect(')');
      nesting--;
      return { type: 'call', name: token, args };
    }
    throw new ExpressionError(
      `unknown word "${excerpt(token)}" in ${name} (variables are written $A; functions: ${[...FUNCTIONS].join(', ')})`,
    );
  };
  // Prefix operators bind tighter than any binary one: `-2 ** 2` is `(-2) ** 2`.
  const unary = (): Node => {
    const ops: Array<'-' | '!'> = [];
    for (let token = tokens[pos]; token === '-' || token === '!' || token === '+'; token = tokens[pos]) {
      next();
      if (token !== '+') ops.push(token);
    }
    const arg = primary();
    return ops.length > 0 ? { type: 'unary', ops, arg } : arg;
  };
  const binary = (strength: number): Node => {
    if (strength > TIGHTEST) return unary();
    const operands = [binary(strength + 1)];
    const ops: string[] = [];
    while (pos < tokens.length && PRECEDENCE[tokens[pos]!] === strength) {
      ops.push(next()!);
      operands.push(binary(strength + 1));
    }
    return ops.length === 0 ? operands[0]! : { type: 'chain', operands, ops, fromRight: strength === TIGHTEST };
  };
  const tree = binary(1);
  if (pos < tokens.length) throw new ExpressionError(`${name} has an unexpected "${excerpt(tokens[pos]!)}"`);
  return tree;
}

/** The variables a math expression reads. */
export function mathVariables(text: string, name?: string): string[] {
  const found = new Set<string>();
  const walk = (node: Node) => {
    if (node.type === 'var') found.add(node.name);
    else if (node.type === 'unary') walk(node.arg);
    else if (node.type === 'chain') node.operands.forEach(walk);
    else if (node.type === 'call') node.args.forEach(walk);
  };
  walk(parseMath(text, name));
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

export function evaluateMath(text: string, vars: Map<string, ExprValue>, name = 'the math expression'): ExprValue {
  const evaluate = (node: Node): ExprValue => {
    switch (node.type) {
      case 'num':
        return { kind: 'scalar', value: node.value };
      case 'var': {
        const value = vars.get(node.name);
        if (!value) throw new ExpressionError(`${name} reads $${node.name}, which no query or expression of the rule defines`);
        return value;
      }
      case 'unary': {
        let value = evaluate(node.arg);
        for (let i = node.ops.length - 1; i >= 0; i--) {
          const op = node.ops[i];
          value = mapValue(value, (v) => (v === null ? null : op === '-' ? -v : v === 0 ? 1 : 0));
        }
        return value;
      }
      case 'chain': {
        const values = node.operands.map(evaluate);
        if (node.fromRight) {
          let value = values[values.length - 1]!;
          for (let i = values.length - 2; i >= 0; i--) value = combine(node.ops[i]!, values[i]!, value);
          return value;
        }
        let value = values[0]!;
        for (let i = 1; i < values.length; i++) value = combine(node.ops[i - 1]!, value, values[i]!);
        return value;
      }
      case 'call': {
        if (node.args.length !== 1) throw new ExpressionError(`${node.name} takes one argument`);
        return mapValue(evaluate(node.args[0]!), (v) => applyFunction(node.name, v));
      }
    }
  };
  return evaluate(parseMath(text, name));
}
