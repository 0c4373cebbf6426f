/**
 * Which SQL a Viewer's query may run: one read statement (SELECT, WITH … SELECT, SHOW, EXPLAIN,
 * DESCRIBE, VALUES, TABLE), checked on the text after macro expansion by a lexer that knows each
 * server's strings, quoted names and comments. MySQL's `START TRANSACTION READ ONLY` does not stop
 * DDL (it commits on its own), `LOCK TABLES` or `SET`, so the statement itself must be a read.
 *
 * Where the server's reading of the text depends on a setting Sightline does not control (MySQL's
 * `NO_BACKSLASH_ESCAPES` and `ANSI_QUOTES`, PostgreSQL's `standard_conforming_strings`), the text
 * is lexed under every reading: a reading that ends inside a string or comment is one the server
 * would refuse as a syntax error, and any other reading must pass the checks.
 */
import { QueryError } from './errors';
import type { SqlDialect } from './sql';

type TokenKind = 'word' | 'quoted' | 'number' | 'punct';

interface Token {
  kind: TokenKind;
  /** Upper case for words, the character for punctuation. */
  text: string;
  start: number;
  end: number;
}

/** How a server may read quotes: whether a backslash escapes inside '…' and "…" strings. */
interface Reading {
  backslashInSingle: boolean;
  backslashInDouble: boolean;
}

const MYSQL_READINGS: Reading[] = [
  { backslashInSingle: true, backslashInDouble: true }, // the default sql_mode
  { backslashInSingle: true, backslashInDouble: false }, // ANSI_QUOTES: "…" is a name
  { backslashInSingle: false, backslashInDouble: false }, // NO_BACKSLASH_ESCAPES
];
const POSTGRES_READINGS: Reading[] = [
  { backslashInSingle: false, backslashInDouble: false }, // standard_conforming_strings on (the default)
  { backslashInSingle: true, backslashInDouble: false }, // standard_conforming_strings off
];

/** The text ends inside a string, quoted name or comment under this reading. */
class Unterminated extends Error {
  constructor(
    /** The tokens before the unterminated one. */
    readonly tokens: Token[],
  ) {
    super('unterminated');
  }
}

const isDigit = (c: string) => c >= '0' && c <= '9';
const isWordStart = (c: string) => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c === '_' || c >= '\u0080';
const isWordPart = (c: string) => isWordStart(c) || isDigit(c) || c === '$';
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;
const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

function refuse(message: string): never {
  throw new QueryError(message);
}

/** The tokens of `sql` under one reading; comments and white space are dropped. */
function tokenize(dialect: SqlDialect, sql: string, reading: Reading): Token[] {
  const tokens: Token[] = [];
  const n = sql.length;
  let i = 0;
  /** The end of a quoted run that starts at `i` with `quote`; a doubled quote stays inside. */
  const endOfQuoted = (quote: string, backslash: boolean): number => {
    let j = i + 1;
    while (j < n) {
      const c = sql[j]!;
      if (backslash && c === '\\') j += 2;
      else if (c === quote) {
        if (sql[j + 1] === quote) j += 2;
        else return j + 1;
      } else j++;
    }
    throw new Unterminated(tokens);
  };
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c <= ' ' || c === '\u007f') {
      i++;
      continue;
    }
    // Line comments end at the first line break either server could see.
    const lineComment =
      (c === '-' && next === '-' && (dialect === 'postgres' || i + 2 >= n || sql[i + 2]! <= ' ' || sql[i + 2] === '\u007f')) ||
      (c === '#' && dialect === 'mysql');
    if (lineComment) {
      while (i < n && sql[i] !== '\n' && sql[i] !== '\r') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      if (dialect === 'mysql' && /^\/\*[Mm]?!/.test(sql.slice(i, i + 4))) {
        refuse('MySQL executable comments (/*! … */) are not allowed: write the statement without them');
      }
      // PostgreSQL nests block comments; MySQL ends one at the first */.
      let depth = 1;
      let j = i + 2;
      while (depth > 0) {
        if (j >= n) throw new Unterminated(tokens);
        if (sql[j] === '*' && sql[j + 1] === '/') {
          depth--;
          j += 2;
        } else if (dialect === 'postgres' && sql[j] === '/' && sql[j + 1] === '*') {
          depth++;
          j += 2;
        } else j++;
      }
      i = j;
      continue;
    }
    const previous = tokens[tokens.length - 1];
    const adjacentWord = previous?.kind === 'word' && previous.end === i ? previous.text : undefined;
    if (c === "'") {
      // PostgreSQL's E'…' strings always take backslash escapes.
      const escapes = dialect === 'postgres' && adjacentWord === 'E' ? true : reading.backslashInSingle;
      const end = endOfQuoted("'", escapes);
      tokens.push({ kind: 'quoted', text: "'", start: i, end });
      i = end;
      continue;
    }
    if (c === '"' || (c === '`' && dialect === 'mysql')) {
      const end = endOfQuoted(c, c === '"' && dialect === 'mysql' && reading.backslashInDouble);
      tokens.push({ kind: 'quoted', text: c, start: i, end });
      i = end;
      continue;
    }
    if (c === '$' && dialect === 'postgres') {
      DOLLAR_TAG.lastIndex = i;
      const tag = DOLLAR_TAG.exec(sql);
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        if (close === -1) throw new Unterminated(tokens);
        const end = close + tag[0].length;
        tokens.push({ kind: 'quoted', text: '$', start: i, end });
        i = end;
        continue;
      }
    }
    if (isDigit(c) || (c === '.' && next !== undefined && isDigit(next))) {
      // A number stops where a letter starts: `1INTO` is read as 1 and INTO, as a server may.
      NUMBER.lastIndex = i;
      const number = NUMBER.exec(sql)!;
      tokens.push({ kind: 'number', text: number[0], start: i, end: i + number[0].length });
      i += number[0].length;
      continue;
    }
    if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWordPart(sql[j]!)) j++;
      tokens.push({ kind: 'word', text: sql.slice(i, j).toUpperCase(), start: i, end: j });
      i = j;
      continue;
    }
    tokens.push({ kind: 'punct', text: c, start: i, end: i + 1 });
    i++;
  }
  return tokens;
}

const isWord = (token: Token | undefined, ...words: string[]) => token?.kind === 'word' && words.includes(token.text);
const isPunct = (token: Token | undefined, char: string) => token?.kind === 'punct' && token.text === char;
const shown = (token: Token | undefined) => (token ? (token.kind === 'word' ? token.text : 'a quoted name or string') : 'nothing');

/** Statements that return rows and nothing else; `(` opens a parenthesized SELECT. */
const QUERY_VERBS = ['SELECT', 'VALUES', 'TABLE'];
/** The statement WITH's common table expressions lead to. */
const WITH_TARGETS = ['SELECT', 'VALUES', 'TABLE', 'INSERT', 'UPDATE', 'DELETE', 'MERGE', 'REPLACE'];
/** Statements that change data, which PostgreSQL allows as a CTE's body. */
const WRITE_VERBS = ['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'REPLACE'];
/** Words EXPLAIN takes before the statement it explains. */
const EXPLAIN_OPTIONS = ['ANALYZE', 'ANALYSE', 'VERBOSE', 'EXTENDED', 'PARTITIONS', 'FORMAT'];
/** What EXPLAIN may explain besides a query, and which is no table name for MySQL's DESCRIBE. */
const NOT_TABLE_NAMES = ['INSERT', 'UPDATE', 'DELETE', 'REPLACE', 'MERGE', 'CREATE', 'EXECUTE', 'DECLARE', 'REFRESH', 'FOR', 'WITH'];

function allowedVerbs(dialect: SqlDialect): string {
  return dialect === 'mysql' ? 'SELECT, WITH, SHOW, DESCRIBE, EXPLAIN' : 'SELECT, WITH, SHOW, EXPLAIN';
}

/** Index of the statement WITH leads to (its first token at WITH's depth after the CTEs), or -1. */
function mainStatementAfterWith(tokens: Token[], withIndex: number): number {
  let depth = 0;
  for (let i = withIndex + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (isPunct(token, '(')) {
      // `… AS (…) (SELECT …)`: a parenthesized main query right after the last CTE.
      if (depth === 0 && isPunct(tokens[i - 1], ')')) return i;
      // A CTE's body (PostgreSQL's may change data: `WITH gone AS (DELETE … RETURNING *) SELECT …`).
      if (depth === 0 && isWord(tokens[i - 1], 'AS', 'MATERIALIZED') && isWord(tokens[i + 1], ...WRITE_VERBS)) {
        const verb = tokens[i + 1]!.text;
        refuse(`only read statements may run; this query's WITH holds ${/^[AEIOU]/.test(verb) ? 'an' : 'a'} ${verb}`);
      }
      depth++;
    } else if (isPunct(token, ')')) {
      if (depth === 0) return -1;
      depth--;
    } else if (depth === 0 && isWord(token, ...WITH_TARGETS)) return i;
  }
  return -1;
}

/** Checks that a query (SELECT, VALUES, TABLE, or WITH leading to one) starts at `index`, after any opening parentheses. */
function checkQueryAt(tokens: Token[], index: number, what: string, dialect: SqlDialect): void {
  let i = index;
  while (isPunct(tokens[i], '(')) i++;
  const token = tokens[i];
  if (isWord(token, ...QUERY_VERBS)) return;
  if (isWord(token, 'WITH')) {
    const main = mainStatementAfterWith(tokens, i);
    if (main === -1) refuse(`WITH must lead to a SELECT; no SELECT follows its common table expressions`);
    if (isPunct(tokens[main], '(')) return checkQueryAt(tokens, main, what, dialect);
    if (!isWord(tokens[main], ...QUERY_VERBS))
      refuse(`only read statements (${allowedVerbs(dialect)}) may run; this query's WITH leads to ${tokens[main]!.text}`);
    return;
  }
  refuse(`only read statements (${allowedVerbs(dialect)}) may run; ${what} ${shown(token)}`);
}

/** EXPLAIN / DESCRIBE: options, then a query (or, on MySQL, a table name). */
function checkExplain(tokens: Token[], verbIndex: number, dialect: SqlDialect): void {
  let i = verbIndex + 1;
  for (;;) {
    const token = tokens[i];
    if (isWord(token, ...EXPLAIN_OPTIONS)) {
      i++;
      // FORMAT=JSON, FORMAT JSON
      if (token!.text === 'FORMAT') i += isPunct(tokens[i], '=') ? 2 : 1;
    } else if (dialect === 'postgres' && isPunct(token, '(') && !isWord(tokens[i + 1], ...QUERY_VERBS, 'WITH')) {
      // PostgreSQL's option list: EXPLAIN (ANALYZE, FORMAT JSON) SELECT …
      let depth = 0;
      do {
        if (isPunct(tokens[i], '(')) depth++;
        else if (isPunct(tokens[i], ')')) depth--;
        i++;
      } while (depth > 0 && i < tokens.length);
    } else break;
  }
  const target = tokens[i];
  const verb = tokens[verbIndex]!.text;
  const isTableName =
    dialect === 'mysql' && (target?.kind === 'quoted' || (target?.kind === 'word' && !NOT_TABLE_NAMES.includes(target.text)));
  if (isTableName && !isWord(target, ...QUERY_VERBS)) return;
  if (target === undefined) refuse(`${verb} needs a statement to explain`);
  if (!isPunct(target, '(') && !isWord(target, ...QUERY_VERBS, 'WITH'))
    refuse(`only read statements (${allowedVerbs(dialect)}) may run; this ${verb} explains ${shown(target)}`);
  checkQueryAt(tokens, i, `this ${verb} explains`, dialect);
}

/** The statement's kind: SHOW, EXPLAIN/DESCRIBE of a query, or a query. */
function checkVerb(dialect: SqlDialect, statement: Token[]): void {
  const verb = statement[0];
  if (isWord(verb, 'SHOW')) return;
  if (isWord(verb, 'EXPLAIN') || (dialect === 'mysql' && isWord(verb, 'DESCRIBE', 'DESC'))) return checkExplain(statement, 0, dialect);
  checkQueryAt(statement, 0, 'this query starts with', dialect);
}

function checkTokens(dialect: SqlDialect, tokens: Token[]): void {
  const semicolon = tokens.findIndex((token) => isPunct(token, ';'));
  if (semicolon !== -1 && semicolon < tokens.length - 1) {
    refuse(`only one statement may run per query; remove what follows the ";" at character ${tokens[semicolon]!.start + 1}`);
  }
  const statement = semicolon === -1 ? tokens : tokens.slice(0, semicolon);
  if (statement.length === 0) refuse('the query has no statement');
  checkVerb(dialect, statement);
  // Clauses that make a read write or lock, wherever they stand (subqueries too).
  for (let i = 0; i < statement.length; i++) {
    const token = statement[i]!;
    if (token.kind !== 'word') continue;
    const next = statement[i + 1];
    if (token.text === 'INTO')
      refuse('SELECT … INTO is not allowed: a query may only return rows (no OUTFILE, DUMPFILE, variables or new tables)');
    const lockingRead =
      (token.text === 'FOR' &&
        (isWord(next, 'UPDATE', 'SHARE') || (isWord(next, 'NO', 'KEY') && isWord(statement[i + 2], 'KEY', 'SHARE', 'UPDATE')))) ||
      (token.text === 'LOCK' && isWord(next, 'IN') && isWord(statement[i + 2], 'SHARE'));
    if (lockingRead) refuse('locking reads (FOR UPDATE, FOR SHARE, LOCK IN SHARE MODE) are not allowed: a query may only read');
  }
}

export interface ReadStatement {
  /** The statement without a trailing `;` and what follows it. */
  text: string;
  /** A query PostgreSQL can read through a cursor (SELECT, WITH … SELECT, VALUES, TABLE). */
  query: boolean;
}

/**
 * Refuses (QueryError, 400) anything but one read statement; returns the statement as it may be
 * sent. Comments and string contents are never taken for code, executable comments are refused.
 */
export function readStatementOf(dialect: SqlDialect, sql: string): ReadStatement {
  if (sql.includes('\0')) refuse('the query contains a NUL character');
  let lexed: Token[] | undefined;
  for (const reading of dialect === 'mysql' ? MYSQL_READINGS : POSTGRES_READINGS) {
    let tokens: Token[];
    try {
      tokens = tokenize(dialect, sql, reading);
    } catch (error) {
      if (!(error instanceof Unterminated)) throw error;
      // The server would refuse this reading as a syntax error, unless it ran statements one by
      // one and a complete one came before: then there is more than one statement.
      if (error.tokens.some((token) => isPunct(token, ';'))) refuse('only one statement may run per query');
      continue;
    }
    checkTokens(dialect, tokens);
    lexed ??= tokens;
  }
  if (!lexed) refuse('the query has an unterminated string, quoted name or comment');
  const semicolon = lexed.findIndex((token) => isPunct(token, ';'));
  const last = semicolon === -1 ? lexed[lexed.length - 1]! : lexed[semicolon - 1]!;
  let first = 0;
  while (isPunct(lexed[first], '(')) first++;
  const query = !isWord(lexed[first], 'SHOW', 'EXPLAIN', 'DESCRIBE', 'DESC');
  return { text: sql.slice(0, last.end), query };
}
