/**
 * Reading Go text/template source (the part goTemplate.ts runs): text and `{{ }}` actions with
 * `{{-`/`-}}` trimming and comments, pipelines, variables, and the `if`/`range`/`with`/`define`/
 * `template`/`block` structure, into a tree of nodes.
 */

/** A template that cannot be read or run, in words for the person who wrote it. */
export class TemplateError extends Error {}

/**
 * How deep blocks (`if`, `range`, `with`, `define`, `block`) and parentheses may nest, together.
 * Go's parser stops parentheses at 10,000 (`maxStackDepth`, "max expression depth exceeded") and
 * grows its stack for blocks; Node's stack is fixed and overflows near 1,300 levels of rendering,
 * so the bound is far below it. Real templates nest a handful deep.
 */
export const MAX_NESTING_DEPTH = 100;

function tooDeep(): TemplateError {
  return new TemplateError(`max expression depth exceeded: blocks and parentheses nest more than ${MAX_NESTING_DEPTH} deep`);
}

export type Node =
  | { kind: 'text'; text: string }
  | { kind: 'output'; pipe: Pipeline }
  | { kind: 'if'; branches: Array<{ pipe: Pipeline; body: Node[] }>; otherwise: Node[] }
  | { kind: 'range'; pipe: Pipeline; keyVar?: string; valueVar?: string; body: Node[]; otherwise: Node[] }
  | { kind: 'with'; pipe: Pipeline; body: Node[]; otherwise: Node[] }
  | { kind: 'template'; name: string; pipe?: Pipeline };

export interface Pipeline {
  declare?: { names: string[]; assign: boolean };
  commands: Operand[][];
}

export type Operand =
  | { kind: 'field'; base: 'dot' | 'root' | 'var' | 'paren'; name?: string; inner?: Pipeline; path: string[] }
  | { kind: 'literal'; value: unknown }
  | { kind: 'func'; name: string };

type Piece = { kind: 'text'; text: string } | { kind: 'action'; text: string };

function pieces(source: string): Piece[] {
  const result: Piece[] = [];
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('{{', at);
    if (open < 0) {
      result.push({ kind: 'text', text: source.slice(at) });
      break;
    }
    let text = source.slice(at, open);
    let start = open + 2;
    if (source.startsWith('- ', start) || source.startsWith('-\t', start) || source.startsWith('-\n', start)) {
      text = text.replace(/\s+$/, '');
      start += 1;
    }
    if (text) result.push({ kind: 'text', text });
    const close = findClose(source, start);
    if (close < 0) throw new TemplateError('unclosed action: a "{{" has no "}}"');
    let inner = source.slice(start, close);
    let next = close + 2;
    if (/\s-$/.test(inner)) {
      inner = inner.slice(0, -1);
      const rest = source.slice(next);
      next += rest.length - rest.replace(/^\s+/, '').length;
    }
    const trimmed = inner.trim();
    if (!(trimmed.startsWith('/*') && trimmed.endsWith('*/'))) result.push({ kind: 'action', text: trimmed });
    at = next;
  }
  return result;
}

/** The `}}` closing an action, skipping those inside quoted strings. */
function findClose(source: string, from: number): number {
  let quote: string | undefined;
  for (let i = from; i < source.length; i++) {
    const c = source[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === '`') quote = c;
    else if (c === '}' && source[i + 1] === '}') return i;
  }
  return -1;
}

type Token = { kind: 'word' | 'string' | 'number' | 'punct'; text: string; value?: unknown };

function tokens(text: string): Token[] {
  const result: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"') {
      const match = /^"((?:[^"\\]|\\.)*)"/.exec(text.slice(i));
      if (!match) throw new TemplateError(`unterminated string in {{ ${text} }}`);
      result.push({ kind: 'string', text: match[0], value: JSON.parse(match[0]) });
      i += match[0].length;
    } else if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end < 0) throw new TemplateError(`unterminated raw string in {{ ${text} }}`);
      result.push({ kind: 'string', text: text.slice(i, end + 1), value: text.slice(i + 1, end) });
      i = end + 1;
    } else if (text.startsWith(':=', i)) {
      result.push({ kind: 'punct', text: ':=' });
      i += 2;
    } else if ('()|=,'.includes(c)) {
      result.push({ kind: 'punct', text: c });
      i++;
    } else {
      const match = /^[^\s()|=,"`]+/.exec(text.slice(i))!;
      const word = match[0];
      if (/^-?\d/.test(word) && !Number.isNaN(Number(word))) result.push({ kind: 'number', text: word, value: Number(word) });
      else result.push({ kind: 'word', text: word });
      i += word.length;
    }
  }
  return result;
}

class ActionParser {
  private at = 0;
  constructor(
    private readonly list: Token[],
    private readonly source: string,
    /** The nesting of the blocks around this action: parentheses count on from it. */
    private depth = 0,
  ) {}

  done(): boolean {
    return this.at >= this.list.length;
  }

  peek(): Token | undefined {
    return this.list[this.at];
  }

  pipeline(allowDeclare: boolean): Pipeline {
    const pipe: Pipeline = { commands: [] };
    if (allowDeclare) {
      // `$x :=`, `$x =`, `$k, $v :=`
      const save = this.at;
      const names: string[] = [];
      while (this.peek()?.kind === 'word' && this.peek()!.text.startsWith('$') && !this.peek()!.text.includes('.')) {
        names.push(this.list[this.at++]!.text);
        if (this.peek()?.text === ',') this.at++;
        else break;
      }
      const op = this.peek()?.text;
      if (names.length > 0 && (op === ':=' || op === '=')) {
        this.at++;
        pipe.declare = { names, assign: op === '=' };
      } else {
        this.at = save;
      }
    }
    for (;;) {
      const command: Operand[] = [];
      while (!this.done() && this.peek()!.text !== '|' && this.peek()!.text !== ')') command.push(this.operand());
      if (command.length === 0) throw new TemplateError(`missing value in {{ ${this.source} }}`);
      pipe.commands.push(command);
      if (this.peek()?.text !== '|') break;
      this.at++;
    }
    return pipe;
  }

  private operand(): Operand {
    const token = this.list[this.at++]!;
    if (token.kind === 'string' || token.kind === 'number') return { kind: 'literal', value: token.value };
    if (token.text === '(') {
      if (++this.depth > MAX_NESTING_DEPTH) throw tooDeep();
      const inner = this.pipeline(false);
      this.depth--;
      if (this.list[this.at++]?.text !== ')') throw new TemplateError(`unclosed "(" in {{ ${this.source} }}`);
      // `(expr).Field`
      const next = this.peek();
      if (next?.kind === 'word' && next.text.startsWith('.')) {
        this.at++;
        return { kind: 'field', base: 'paren', inner, path: next.text.slice(1).split('.') };
      }
      return { kind: 'field', base: 'paren', inner, path: [] };
    }
    if (token.kind !== 'word') throw new TemplateError(`unexpected "${token.text}" in {{ ${this.source} }}`);
    const word = token.text;
    if (word === 'true' || word === 'false') return { kind: 'literal', value: word === 'true' };
    if (word === 'nil') return { kind: 'literal', value: undefined };
    if (word === '.') return { kind: 'field', base: 'dot', path: [] };
    if (word.startsWith('.')) return { kind: 'field', base: 'dot', path: word.slice(1).split('.') };
    if (word.startsWith('$')) {
      const [name, ...path] = word.split('.');
      return name === '$' ? { kind: 'field', base: 'root', path } : { kind: 'field', base: 'var', name, path };
    }
    if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(word)) throw new TemplateError(`unexpected "${word}" in {{ ${this.source} }}`);
    return { kind: 'func', name: word };
  }
}

export interface Parsed {
  body: Node[];
  defines: Map<string, Node[]>;
}

/** Parses template text; `define` blocks go to `defines`, the rest is the body. */
export function parseTemplate(source: string): Parsed {
  const list = pieces(source);
  const defines = new Map<string, Node[]>();
  let index = 0;
  let depth = 0;

  /** A block's body, one level deeper than the block. */
  const parseBody = (stops: string[]): { nodes: Node[]; stop: string; rest: string } => {
    if (++depth > MAX_NESTING_DEPTH) throw tooDeep();
    try {
      return parseBlock(stops);
    } finally {
      depth--;
    }
  };

  const parseBlock = (stops: string[]): { nodes: Node[]; stop: string; rest: string } => {
    const nodes: Node[] = [];
    while (index < list.length) {
      const piece = list[index++]!;
      if (piece.kind === 'text') {
        nodes.push({ kind: 'text', text: piece.text });
        continue;
      }
      const [keyword = ''] = piece.text.split(/\s+/, 1);
      const rest = piece.text.slice(keyword.length).trim();
      if (stops.includes(keyword)) return { nodes, stop: keyword, rest };
      const parser = () => new ActionParser(tokens(rest), piece.text, depth);
      switch (keyword) {
        case 'if': {
          const branches: Array<{ pipe: Pipeline; body: Node[] }> = [];
          let condition = parser().pipeline(true);
          let otherwise: Node[] = [];
          for (;;) {
            const block = parseBody(['else', 'end']);
            branches.push({ pipe: condition, body: block.nodes });
            if (block.stop === 'end') break;
            if (block.rest.startsWith('if ') || block.rest === 'if') {
              condition = new ActionParser(tokens(block.rest.slice(2)), block.rest, depth).pipeline(true);
              continue;
            }
            otherwise = parseBody(['end']).nodes;
            break;
          }
          nodes.push({ kind: 'if', branches, otherwise });
          break;
        }
        case 'range':
        case 'with': {
          const pipe = parser().pipeline(true);
          const block = parseBody(['else', 'end']);
          const otherwise = block.stop === 'else' ? parseBody(['end']).nodes : [];
          if (keyword === 'with') {
            nodes.push({ kind: 'with', pipe, body: block.nodes, otherwise });
          } else {
            const names = pipe.declare?.names ?? [];
            const { declare: _declare, ...plain } = pipe;
            void _declare;
            nodes.push({
              kind: 'range',
              pipe: plain,
              keyVar: names.length === 2 ? names[0] : undefined,
              valueVar: names.length === 2 ? names[1] : names[0],
              body: block.nodes,
              otherwise,
            });
          }
          break;
        }
        case 'define': {
          const name = tokens(rest)[0];
          if (name?.kind !== 'string') throw new TemplateError(`define needs a quoted name: {{ ${piece.text} }}`);
          defines.set(String(name.value), parseBody(['end']).nodes);
          break;
        }
        case 'template':
        case 'block': {
          const list2 = tokens(rest);
          const name = list2[0];
          if (name?.kind !== 'string') throw new TemplateError(`template needs a quoted name: {{ ${piece.text} }}`);
          const p = new ActionParser(list2.slice(1), piece.text, depth);
          const node: Node = { kind: 'template', name: String(name.value), pipe: p.done() ? undefined : p.pipeline(false) };
          if (keyword === 'block') defines.set(String(name.value), parseBody(['end']).nodes);
          nodes.push(node);
          break;
        }
        case 'end':
        case 'else':
          throw new TemplateError(`unexpected {{ ${keyword} }}`);
        default:
          nodes.push({ kind: 'output', pipe: new ActionParser(tokens(piece.text), piece.text, depth).pipeline(true) });
      }
    }
    if (stops.length > 0) throw new TemplateError(`unexpected end of template: a block is missing its {{ end }}`);
    return { nodes, stop: '', rest: '' };
  };

  const body = parseBlock([]).nodes;
  return { body, defines };
}
