import { describe, expect, it } from 'vitest';
import { readStatementOf } from './sql-statements';
import type { SqlDialect } from './sql';

const both: SqlDialect[] = ['mysql', 'postgres'];
const refusal = (dialect: SqlDialect, sql: string): string => {
  try {
    readStatementOf(dialect, sql);
  } catch (error) {
    return (error as Error).message;
  }
  return 'allowed';
};

describe('read statements', () => {
  it.each([
    'SELECT 1',
    'select 1;',
    'SELECT 1 ; -- done',
    '(SELECT 1) UNION (SELECT 2)',
    'WITH x AS (SELECT 1) SELECT * FROM x',
    'WITH RECURSIVE x(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM x WHERE n < 3) SELECT n FROM x',
    'WITH x AS (SELECT 1), y AS (SELECT 2) (SELECT * FROM x)',
    'VALUES (1)',
    'TABLE t',
    'SHOW TABLES',
    'EXPLAIN SELECT 1',
    "SELECT '; DROP TABLE t'",
    "SELECT 'a -- b', 'c /* d', 1",
    'SELECT "into" FROM t',
    "SELECT substring('abc' FROM 1 FOR 2)",
    'SELECT 1 -- trailing comment',
  ])('%s is allowed on both', (sql) => {
    for (const dialect of both) expect(refusal(dialect, sql), `${dialect}: ${sql}`).toBe('allowed');
  });

  it.each([
    'SELECT `into`, `for update` FROM t',
    'DESCRIBE t',
    'DESC `t`',
    'EXPLAIN t',
    'EXPLAIN FORMAT=JSON SELECT 1',
    "SELECT 'O\\'Brien' AS name, 2",
    'SELECT 1 -- comment\n',
    'SELECT 1 # comment',
    'SELECT 1--1',
    'SELECT /*+ MAX_EXECUTION_TIME(1) */ 1',
  ])('%s is allowed on MySQL', (sql) => {
    expect(refusal('mysql', sql)).toBe('allowed');
  });

  it.each([
    'SELECT $$; DROP TABLE t$$',
    "SELECT $tag$ it's $tag$",
    "SELECT E'it\\'s; DROP TABLE t'",
    'SELECT /* a /* b */ c; DROP TABLE t */ 1',
    'EXPLAIN (ANALYZE, FORMAT JSON) SELECT 1',
    'EXPLAIN ANALYZE VERBOSE SELECT 1',
    'SELECT a$b FROM t',
    'SELECT 1 # 2',
  ])('%s is allowed on PostgreSQL', (sql) => {
    expect(refusal('postgres', sql)).toBe('allowed');
  });

  it('gives back the statement without its trailing ";" and comments', () => {
    expect(readStatementOf('postgres', 'SELECT 1 ; -- x')).toEqual({ text: 'SELECT 1', query: true });
    expect(readStatementOf('postgres', 'SELECT 1 -- x')).toEqual({ text: 'SELECT 1', query: true });
    expect(readStatementOf('postgres', 'SHOW TimeZone')).toEqual({ text: 'SHOW TimeZone', query: false });
    expect(readStatementOf('mysql', 'EXPLAIN SELECT 1;')).toEqual({ text: 'EXPLAIN SELECT 1', query: false });
  });
});

describe('refused statements', () => {
  it.each([
    ['DROP TABLE t', /^only read statements \(SELECT, WITH, SHOW, .*EXPLAIN\) may run; this query starts with DROP$/],
    ['CREATE TABLE x (a int)', /starts with CREATE/],
    ['TRUNCATE t', /starts with TRUNCATE/],
    ['INSERT INTO t VALUES (1)', /starts with INSERT/],
    ['UPDATE t SET a = 1', /starts with UPDATE/],
    ["SET time_zone = '+05:00'", /starts with SET/],
    ['CALL p()', /starts with CALL/],
    ['DO 1', /starts with DO/],
    ['PREPARE s AS SELECT 1', /starts with PREPARE/],
    ['COPY t TO STDOUT', /starts with COPY/],
    ['  -- hidden\n/* more */ DELETE FROM t', /starts with DELETE/],
    ['(DELETE FROM t)', /starts with DELETE/],
    ['SELECT 1; DROP TABLE t', /^only one statement may run per query; remove what follows the ";" at character 9$/],
    ['SELECT 1 -- \n; DROP TABLE t', /only one statement/],
    ['SELECT * FROM t FOR UPDATE', /locking reads/],
    ['SELECT * FROM t FOR SHARE', /locking reads/],
    ['SELECT * FROM t LOCK IN SHARE MODE', /locking reads/],
    ['SELECT 1 INTO @x', /SELECT … INTO is not allowed/],
    ["SELECT * INTO OUTFILE '/tmp/x' FROM t", /SELECT … INTO/],
    ['SELECT * INTO newtable FROM t', /SELECT … INTO/],
    ['WITH x AS (SELECT 1) DELETE FROM t', /this query's WITH leads to DELETE/],
    ['WITH x AS (SELECT 1)', /WITH must lead to a SELECT/],
    ['WITH gone AS (DELETE FROM t RETURNING *) SELECT * FROM gone', /this query's WITH holds a DELETE$/],
    ['WITH gone AS MATERIALIZED (UPDATE t SET a = 1 RETURNING *) SELECT 1', /WITH holds an UPDATE$/],
    ['EXPLAIN DELETE FROM t', /this EXPLAIN explains DELETE/],
    ['EXPLAIN ANALYZE INSERT INTO t VALUES (1)', /explains INSERT/],
    ['', /no statement/],
    [' ; ', /no statement/],
    ['-- nothing', /no statement/],
    ["SELECT 'unterminated", /unterminated/],
    ['SELECT 1 /* open', /unterminated/],
    ['SELECT 1\0', /NUL/],
  ])('%j is refused on both', (sql, message) => {
    for (const dialect of both) expect(refusal(dialect, sql), `${dialect}: ${sql}`).toMatch(message);
  });

  it.each([
    ['/*!50000 DROP TABLE t*/', /executable comments/],
    ['/*M!100000 DROP TABLE t */', /executable comments/],
    ['SELECT 1 /*!, (SELECT 2) */', /executable comments/],
    ['SELECT 1 #x\n; DROP TABLE t', /only one statement/],
    // `--` without a space after it is two minus signs to MySQL, not a comment.
    ['SELECT 1 --x; DROP TABLE t', /only one statement/],
    // Under NO_BACKSLASH_ESCAPES the string ends at the backslash.
    ["SELECT 'a\\' ; DROP TABLE t; -- '", /only one statement/],
    ["SELECT 'a\\' INTO OUTFILE '/tmp/x' -- '", /SELECT … INTO/],
    // Under ANSI_QUOTES "…" is a name, where a backslash is no escape.
    ['SELECT "a\\" INTO @x -- "', /SELECT … INTO/],
    // Read one way it is a string; read the other, a statement and an unterminated rest, which a
    // server running statements one by one would start on.
    ['SELECT "a\\"; DROP TABLE t"', /only one statement/],
    // MySQL block comments do not nest.
    ['SELECT /* /* */ 1; DROP TABLE t */', /only one statement/],
    ['SELECT 1INTO @x', /SELECT … INTO/],
    ['RENAME TABLE a TO b', /starts with RENAME/],
    ['LOCK TABLES t WRITE', /starts with LOCK/],
    ['EXPLAIN FOR CONNECTION 5', /explains FOR/],
    ['DESC DELETE FROM t', /this DESC explains DELETE/],
    ['HANDLER t OPEN', /starts with HANDLER/],
  ])('%j is refused on MySQL', (sql, message) => {
    expect(refusal('mysql', sql)).toMatch(message);
  });

  it.each([
    ["SELECT 'a\\' ; DROP TABLE t; -- '", /only one statement/],
    ['SELECT 1 -- x\n; DROP TABLE t', /only one statement/],
    ['SELECT $a$ unterminated', /unterminated/],
    ['SELECT * FROM t FOR NO KEY UPDATE', /locking reads/],
    ['SELECT * FROM t FOR KEY SHARE', /locking reads/],
    ['DESCRIBE t', /starts with DESCRIBE/],
    ['EXPLAIN t', /this EXPLAIN explains a quoted name or string|explains T/],
    ['LISTEN x', /starts with LISTEN/],
    ['DISCARD ALL', /starts with DISCARD/],
  ])('%j is refused on PostgreSQL', (sql, message) => {
    expect(refusal('postgres', sql)).toMatch(message);
  });
});
