/**
 * The part of Go's text/template that notification templates use: text and `{{ }}` actions with
 * `{{-`/`-}}` trimming and comments; fields (`.Labels.x`, `$.Status`), variables (`$x := …`,
 * `$x = …`), pipelines (`.Status | toUpper`), parenthesised calls, `if`/`else if`/`else`, `range`
 * (with `$k, $v :=` and `else`), `with`, `define`, `template`, and the functions Alertmanager and
 * Grafana give templates (`toUpper`, `join`, `len`, `eq`, `gt`, `index`, `printf`, `match`, …).
 * Methods of the data (`.SortedPairs`, `.Alerts.Firing`, `.CommonLabels.Remove …`) are functions on
 * the objects, called when reached.
 */
import { MAX_NESTING_DEPTH, parseTemplate, TemplateError, type Node, type Operand, type Pipeline } from './goTemplateParser';

/** A float64 of the data (alert values): Go prints these with `%v`'s rules (`1e+06`). */
export class GoFloat {
  constructor(readonly value: number) {}
  toString(): string {
    return goFloatText(this.value);
  }
}

export function goFloatText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa, exponentText] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  // strconv's shortest %g: exponent form below 1e-4 and from 1e6 (Go prints 1e+06, 1.5e-05).
  if (exponent >= -4 && exponent < 6) return String(value);
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

const MAX_OUTPUT = 1_000_000;
const MAX_DEPTH = 50;
/**
 * Blocks, parentheses and template calls open while rendering, together: one template may nest
 * MAX_NESTING_DEPTH deep, and templates calling each other add theirs up; Node's fixed stack
 * overflows near 1,300 levels.
 */
const MAX_RENDER_DEPTH = 2 * MAX_NESTING_DEPTH + MAX_DEPTH;

function truth(value: unknown): boolean {
  if (value instanceof GoFloat) return value.value !== 0;
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Map) return value.size > 0;
  if (typeof value === 'object' && 'pairs' in (value as object)) return lengthOf(value) > 0;
  return true;
}

function lengthOf(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (value && typeof value === 'object') {
    const pairs = (value as { pairs?: Record<string, unknown> }).pairs;
    return Object.keys(pairs ?? value).length;
  }
  throw new TemplateError(`len of ${printed(value)} is not defined`);
}

function numeric(value: unknown): number | string {
  if (value instanceof GoFloat) return value.value;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined || value === null) return '';
  return printed(value);
}

export function printed(value: unknown): string {
  if (value === undefined || value === null) return '<no value>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : goFloatText(value);
  if (value instanceof GoFloat || value instanceof Date) return String(value);
  if (Array.isArray(value)) return `[${value.map(printed).join(' ')}]`;
  if (typeof value === 'object') {
    const record = (value as { pairs?: Record<string, unknown> }).pairs ?? (value as Record<string, unknown>);
    return `map[${Object.keys(record)
      .sort()
      .map((key) => `${key}:${printed(record[key])}`)
      .join(' ')}]`;
  }
  return String(value);
}

function compare(a: unknown, b: unknown): number {
  const x = numeric(a);
  const y = numeric(b);
  if (typeof x !== typeof y) throw new TemplateError(`incompatible types for comparison: ${printed(a)} and ${printed(b)}`);
  return x < y ? -1 : x > y ? 1 : 0;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!);
}

function sprintf(format: string, args: unknown[]): string {
  let next = 0;
  return format.replace(
    /%([-+# 0]*)(\d+)?(?:\.(\d+))?([vdsqfgtx%])/g,
    (_all, _flags, width: string | undefined, precision: string | undefined, verb: string) => {
      if (verb === '%') return '%';
      const arg = args[next++];
      let text: string;
      switch (verb) {
        case 'd':
          text = String(Math.trunc(Number(numeric(arg))));
          break;
        case 'f':
          text = Number(numeric(arg)).toFixed(precision === undefined ? 6 : Number(precision));
          break;
        case 'q':
          text = JSON.stringify(printed(arg));
          break;
        case 'x':
          text = typeof arg === 'number' ? arg.toString(16) : Buffer.from(printed(arg)).toString('hex');
          break;
        default:
          text = printed(arg);
      }
      return width ? text.padStart(Number(width)) : text;
    },
  );
}

const FUNCTIONS: Record<string, (...args: unknown[]) => unknown> = {
  toUpper: (s) => printed(s).toUpperCase(),
  toLower: (s) => printed(s).toLowerCase(),
  title: (s) => printed(s).replace(/\b\w/g, (c) => c.toUpperCase()),
  trimSpace: (s) => printed(s).trim(),
  join: (sep, list) => (Array.isArray(list) ? list.map(printed).join(printed(sep)) : printed(list)),
  len: (value) => lengthOf(value),
  eq: (a, ...rest) => rest.some((b) => compare(a, b) === 0),
  ne: (a, b) => compare(a, b) !== 0,
  lt: (a, b) => compare(a, b) < 0,
  le: (a, b) => compare(a, b) <= 0,
  gt: (a, b) => compare(a, b) > 0,
  ge: (a, b) => compare(a, b) >= 0,
  not: (a) => !truth(a),
  and: (...args) => args.find((a) => !truth(a)) ?? args[args.length - 1],
  or: (...args) => args.find((a) => truth(a)) ?? args[args.length - 1],
  index: (collection, ...keys) =>
    keys.reduce<unknown>((value, key) => {
      if (value === undefined || value === null) return undefined;
      const record = (value as { pairs?: Record<string, unknown> }).pairs ?? value;
      return (record as Record<string, unknown>)[String(numeric(key))];
    }, collection),
  print: (...args) => args.map(printed).join(''),
  println: (...args) => `${args.map(printed).join(' ')}\n`,
  printf: (format, ...args) => sprintf(printed(format), args),
  html: (s) => escapeHtml(printed(s)),
  urlquery: (...args) => encodeURIComponent(args.map(printed).join('')),
  safeHtml: (s) => printed(s),
  stringSlice: (...args) => args.map(printed),
  match: (pattern, text) => new RegExp(printed(pattern)).test(printed(text)),
  reReplaceAll: (pattern, replacement, text) =>
    printed(text).replace(new RegExp(printed(pattern), 'g'), printed(replacement).replace(/\$(\d+)/g, '$$$1')),
};

export class TemplateSet {
  private readonly defines = new Map<string, Node[]>();

  /** Adds the `define`s of `source` (later ones replace earlier ones of the same name). */
  add(source: string): this {
    for (const [name, body] of parseTemplate(source).defines) this.defines.set(name, body);
    return this;
  }

  has(name: string): boolean {
    return this.defines.has(name);
  }

  /**
   * What stops `source` from rendering whatever the data: a syntax error, or a template or
   * function it reaches (through the set's templates too) that is not defined. Undefined when none.
   */
  problem(source: string): string | undefined {
    let parsed;
    try {
      parsed = parseTemplate(source);
    } catch (error) {
      if (error instanceof TemplateError) return error.message;
      throw error;
    }
    const defines = new Map([...this.defines, ...parsed.defines]);
    const reached = new Set<string>();
    const bodies: Node[][] = [parsed.body];
    for (let body = bodies.pop(); body; body = bodies.pop()) {
      for (const name of calledTemplates(body, (functionName) => Object.hasOwn(FUNCTIONS, functionName))) {
        if (name.kind === 'function') return `function "${name.name}" not defined`;
        const called = defines.get(name.name);
        if (!called) return `template "${name.name}" is not defined`;
        if (!reached.has(name.name)) {
          reached.add(name.name);
          bodies.push(called);
        }
      }
    }
    return undefined;
  }

  /** Renders `source` (text with actions, and `template` calls into the set) against `data`. */
  render(source: string, data: unknown): string {
    const parsed = parseTemplate(source);
    const local = new Map([...this.defines, ...parsed.defines]);
    return new Execution(local, data).run(parsed.body, data);
  }
}

/** The templates a body calls and the functions it names that `isFunction` does not know. */
function calledTemplates(body: Node[], isFunction: (name: string) => boolean): Array<{ kind: 'template' | 'function'; name: string }> {
  const found: Array<{ kind: 'template' | 'function'; name: string }> = [];
  const pipe = (pipeline: Pipeline | undefined) => {
    for (const command of pipeline?.commands ?? []) {
      for (const operand of command) {
        if (operand.kind === 'func' && !isFunction(operand.name)) found.push({ kind: 'function', name: operand.name });
        if (operand.kind === 'field' && operand.inner) pipe(operand.inner);
      }
    }
  };
  const nodes = (list: Node[]) => {
    for (const node of list) {
      switch (node.kind) {
        case 'output':
          pipe(node.pipe);
          break;
        case 'if':
          for (const branch of node.branches) {
            pipe(branch.pipe);
            nodes(branch.body);
          }
          nodes(node.otherwise);
          break;
        case 'range':
        case 'with':
          pipe(node.pipe);
          nodes(node.body);
          nodes(node.otherwise);
          break;
        case 'template':
          pipe(node.pipe);
          found.push({ kind: 'template', name: node.name });
          break;
      }
    }
  };
  nodes(body);
  return found;
}

class Execution {
  private output = 0;
  private depth = 0;
  /** Blocks, parentheses and template calls open now (MAX_RENDER_DEPTH). */
  private open = 0;

  /** Runs `work` one level deeper, refusing to go past MAX_RENDER_DEPTH. */
  private deeper<T>(work: () => T): T {
    if (++this.open > MAX_RENDER_DEPTH) {
      this.open--;
      throw new TemplateError(
        `max expression depth exceeded: blocks, parentheses and template calls nest more than ${MAX_RENDER_DEPTH} deep`,
      );
    }
    try {
      return work();
    } finally {
      this.open--;
    }
  }

  constructor(
    private readonly defines: Map<string, Node[]>,
    private readonly root: unknown,
  ) {}

  run(nodes: Node[], dot: unknown, scope: Map<string, unknown> = new Map([['$', this.root]])): string {
    return this.deeper(() => this.runNodes(nodes, dot, scope));
  }

  private runNodes(nodes: Node[], dot: unknown, scope: Map<string, unknown>): string {
    let text = '';
    const vars = new Map(scope);
    for (const node of nodes) {
      const piece = this.node(node, dot, vars);
      this.output += piece.length;
      if (this.output > MAX_OUTPUT) throw new TemplateError(`the template's output is larger than ${MAX_OUTPUT} characters`);
      text += piece;
    }
    // Assignments (`$x = …`) to variables of an enclosing scope are seen there, as in Go.
    for (const [name, value] of vars) if (scope.has(name)) scope.set(name, value);
    return text;
  }

  private node(node: Node, dot: unknown, vars: Map<string, unknown>): string {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'output': {
        const value = this.pipeline(node.pipe, dot, vars);
        return node.pipe.declare ? '' : printed(value);
      }
      case 'if': {
        for (const branch of node.branches) {
          if (truth(this.pipeline(branch.pipe, dot, vars))) return this.run(branch.body, dot, vars);
        }
        return this.run(node.otherwise, dot, vars);
      }
      case 'with': {
        const value = this.pipeline(node.pipe, dot, vars);
        return truth(value) ? this.run(node.body, value, vars) : this.run(node.otherwise, dot, vars);
      }
      case 'range': {
        const value = this.pipeline(node.pipe, dot, vars);
        const entries: Array<[unknown, unknown]> = [];
        if (Array.isArray(value)) value.forEach((item, i) => entries.push([i, item]));
        else if (value && typeof value === 'object') {
          const record = (value as { pairs?: Record<string, unknown> }).pairs ?? (value as Record<string, unknown>);
          for (const key of Object.keys(record).sort()) entries.push([key, record[key]]);
        } else if (typeof value === 'number') for (let i = 0; i < value; i++) entries.push([i, i]);
        else if (value !== undefined && value !== null) throw new TemplateError(`range can't iterate over ${printed(value)}`);
        if (entries.length === 0) return this.run(node.otherwise, dot, vars);
        let text = '';
        for (const [key, item] of entries) {
          const inner = new Map(vars);
          if (node.keyVar) inner.set(node.keyVar, key);
          if (node.valueVar) inner.set(node.valueVar, item);
          text += this.run(node.body, item, inner);
          for (const name of vars.keys()) vars.set(name, inner.get(name));
        }
        return text;
      }
      case 'template': {
        const body = this.defines.get(node.name);
        if (!body) throw new TemplateError(`template "${node.name}" is not defined`);
        if (++this.depth > MAX_DEPTH) throw new TemplateError(`templates call each other more than ${MAX_DEPTH} deep`);
        const value = node.pipe ? this.pipeline(node.pipe, dot, vars) : undefined;
        try {
          return this.run(body, value, new Map([['$', value]]));
        } finally {
          this.depth--;
        }
      }
    }
  }

  private pipeline(pipe: Pipeline, dot: unknown, vars: Map<string, unknown>): unknown {
    let value: unknown;
    let first = true;
    for (const command of pipe.commands) {
      value = this.command(command, dot, vars, first ? undefined : { value });
      first = false;
    }
    if (pipe.declare) {
      const name = pipe.declare.names[0]!;
      if (pipe.declare.assign && !vars.has(name)) throw new TemplateError(`undefined variable: ${name}`);
      vars.set(name, value);
    }
    return value;
  }

  private command(command: Operand[], dot: unknown, vars: Map<string, unknown>, piped?: { value: unknown }): unknown {
    const [head, ...rest] = command;
    const args = () => [...rest.map((operand) => this.operand(operand, dot, vars)), ...(piped ? [piped.value] : [])];
    if (head!.kind === 'func') {
      const fn = FUNCTIONS[head!.name];
      if (!fn) throw new TemplateError(`function "${head!.name}" not defined`);
      return fn(...args());
    }
    if (head!.kind === 'field' && (rest.length > 0 || piped) && head!.path.length > 0) {
      // A method call with arguments: `.CommonLabels.Remove .GroupLabels.Names`.
      return this.field(head!, dot, vars, args());
    }
    if (rest.length > 0 || piped) throw new TemplateError(`can't give arguments to a value that is not a function`);
    return this.operand(head!, dot, vars);
  }

  private operand(operand: Operand, dot: unknown, vars: Map<string, unknown>): unknown {
    if (operand.kind === 'literal') return operand.value;
    if (operand.kind === 'func') {
      const fn = FUNCTIONS[operand.name];
      if (!fn) throw new TemplateError(`function "${operand.name}" not defined`);
      return fn();
    }
    return this.field(operand, dot, vars, undefined);
  }

  private field(
    operand: Extract<Operand, { kind: 'field' }>,
    dot: unknown,
    vars: Map<string, unknown>,
    args: unknown[] | undefined,
  ): unknown {
    let value: unknown;
    if (operand.base === 'dot') value = dot;
    else if (operand.base === 'root') value = vars.get('$');
    else if (operand.base === 'paren') value = this.deeper(() => this.pipeline(operand.inner!, dot, vars));
    else {
      if (!vars.has(operand.name!)) throw new TemplateError(`undefined variable: ${operand.name}`);
      value = vars.get(operand.name!);
    }
    operand.path.forEach((name, i) => {
      const last = i === operand.path.length - 1;
      if (value === undefined || value === null) throw new TemplateError(`nil pointer evaluating .${name}`);
      const member = (value as Record<string, unknown>)[name];
      if (typeof member === 'function') {
        value = (member as (...a: unknown[]) => unknown).apply(value, last && args ? args : []);
        return;
      }
      if (last && args) throw new TemplateError(`${name} is not a method but has arguments`);
      const pairs = (value as { pairs?: Record<string, unknown> }).pairs;
      if (pairs) {
        value = pairs[name] ?? '';
        return;
      }
      if (typeof value !== 'object' || !(name in value)) throw new TemplateError(`can't evaluate field ${name}`);
      value = member;
    });
    return value;
  }
}
