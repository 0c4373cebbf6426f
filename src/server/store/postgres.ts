import pg from 'pg';
import {
  ColumnDefinitionNode,
  CompiledQuery,
  DataTypeNode,
  GeneratedNode,
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  PostgresDriver,
  RawNode,
  sql,
  type DatabaseConnection,
  type Driver,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type TransactionSettings,
  type UnknownRow,
} from 'kysely';
import type { Connection, Db } from './db';
import { DatabaseUnavailable, redactDatabaseUrl } from './databaseUrl';
import { CHANGES_CHANNEL, migrateToLatest } from './migrations';
import type { Database } from './schema';
import { leavesCachesAlone } from './uncountedWrites';

/**
 * Advisory lock keys (one 64-bit key space per database). Migrations and bootstrap hold
 * MIGRATION_LOCK for the session; every write transaction holds WRITE_LOCK until it ends.
 */
const MIGRATION_LOCK = 0x5349_4748_0001n;
const WRITE_LOCK = 0x5349_4748_0002n;

// int8 (counts, ids, epoch milliseconds) as numbers: every value we store is a safe integer.
// numeric (sum, avg) likewise. Set once for the process; `pg` otherwise returns strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/**
 * Write transactions on PostgreSQL take one database-wide advisory lock when they begin, the way
 * SQLite's `BEGIN IMMEDIATE` takes its write lock. Every transaction here reads, checks and
 * writes (a dashboard's version, a name that must stay unique, the last Admin of an org); with
 * the lock those checks hold across instances as they do on one SQLite file, at READ COMMITTED,
 * without retry loops. Reads never wait for it.
 */
class SerialWriteDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${WRITE_LOCK})`));
  }
}

class SightlinePostgresDialect extends PostgresDialect {
  constructor(private readonly settings: ConstructorParameters<typeof PostgresDialect>[0]) {
    super(settings);
  }

  override createDriver(): Driver {
    return new SerialWriteDriver(this.settings);
  }
}

/**
 * Migrations are written once, in SQLite's terms (see migrations.ts). On PostgreSQL their schema
 * statements are translated here: `integer` becomes `bigint` (ids and epoch milliseconds outgrow
 * 32 bits), an autoincrement key an identity column (explicit ids still insert, as `db:copy`
 * needs), and `collate nocase` the `citext` type (case-insensitive equality, uniqueness and order,
 * as the SQLite columns have). Raw SQL in migrations branches on the dialect itself.
 */
class SqliteDdlTranslator extends OperationNodeTransformer {
  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    return node.dataType === 'integer' ? DataTypeNode.create('bigint') : node;
  }

  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    let column = super.transformColumnDefinition(node);
    if (column.autoIncrement) {
      column = ColumnDefinitionNode.cloneWith(column, {
        autoIncrement: false,
        generated: GeneratedNode.create({ identity: true, byDefault: true }),
      });
    }
    const nocase = column.endModifiers?.some(isCollateNocase);
    if (nocase) {
      column = {
        ...column,
        dataType: RawNode.createWithSql('citext'),
        endModifiers: column.endModifiers!.filter((m) => !isCollateNocase(m)),
      };
    }
    return column;
  }
}

function isCollateNocase(node: unknown): boolean {
  return RawNode.is(node as RawNode) && (node as RawNode).sqlFragments.join('').trim().toLowerCase() === 'collate nocase';
}

export const translateSqliteDdl: KyselyPlugin = {
  transformQuery: ({ node }: PluginTransformQueryArgs): RootOperationNode => new SqliteDdlTranslator().transformNode(node),
  transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
};

/** A statement that may change data (counted so caches know their reads may be stale). */
const WRITE_STATEMENT = /^\s*(insert|update|delete|create|alter|drop|truncate|with\b[\s\S]*\b(insert|update|delete)\b)/i;
/** A transaction's start and end, as Kysely's driver writes them (`begin`, `start transaction …`, `commit`). */
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*commit\b/i;

/**
 * What this process knows about changes: its own data-changing statements (counted before and
 * after each runs; not those of `leavesCachesAlone`), and the commit of every transaction that ran
 * one, plus other instances' changes announced by NOTIFY. While the listening connection is down,
 * nothing may be trusted: every call returns a new value.
 */
class ChangeCounter {
  private count = 0;
  listening = false;

  bump(): void {
    this.count++;
  }

  value(): number {
    if (!this.listening) this.count++;
    return this.count;
  }
}

/** Connection settings from `SIGHTLINE_DATABASE_URL` (`sslmode` as libpq reads it). */
function clientConfig(url: string): pg.ClientConfig {
  return { connectionString: url, application_name: 'sightline' };
}

/**
 * Listens for other instances' changes on its own connection, reconnecting with backoff. Until it
 * is listening (and after it loses the connection) the counter distrusts every cached read.
 */
function listenForChanges(url: string, counter: ChangeCounter, log: (message: string) => void): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client(clientConfig(url));
    next.on('notification', () => counter.bump());
    // Only the current client's trouble counts; one already replaced may still report its end.
    next.on('error', (error) => client === next && lost(error));
    next.on('end', () => client === next && lost());
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
      if (stopped || client !== next) return void next.end().catch(() => {});
      // Changes made while nobody listened are unknown: everything read before is stale.
      counter.bump();
      counter.listening = true;
      retryMs = 250;
    } catch (error) {
      if (client === next) lost(error);
    }
  };

  const lost = (error?: unknown) => {
    const wasListening = counter.listening;
    counter.listening = false;
    if (stopped || timer) return;
    if (wasListening) log(`lost the PostgreSQL change listener${error instanceof Error ? `: ${error.message}` : ''}; reconnecting`);
    const old = client;
    client = undefined;
    old?.removeAllListeners('end');
    old?.end().catch(() => {});
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 5_000);
  };

  void connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const old = client;
    client = undefined;
    old?.removeAllListeners('end');
    await old?.end().catch(() => {});
  };
}

/**
 * Brings the schema up to date on one connection holding the migration lock: instances starting
 * together on a new database take turns, and the later ones find nothing left to do.
 */
async function migrateWithLock(db: Db): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.raw(String(MIGRATION_LOCK))})`.execute(connection);
    try {
      return await migrateToLatest(connection.withPlugin(translateSqliteDdl) as Kysely<unknown>);
    } finally {
      await sql`select pg_advisory_unlock(${sql.raw(String(MIGRATION_LOCK))})`.execute(connection);
    }
  });
}

export interface PostgresOptions {
  poolSize?: number;
  /** Where listener problems are reported (the server's log). */
  log?: (message: string) => void;
}

/** Opens a pool on the PostgreSQL database at `url`, brings its schema up to date, and listens for changes. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Connection> {
  const counter = new ChangeCounter();
  const pool = new pg.Pool({ ...clientConfig(url), max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 });
  // A pooled connection that breaks while idle must not take the process down.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Whether this connection's transaction ran a counted write. Its commit must count then: another
    // connection may have read (and cached) the rows as they were before it, stamped after the
    // write's own counts. A transaction of uncounted writes only (a rule's evaluation) commits
    // without counting; counted, it emptied every cache at every evaluation.
    let counted = false;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : undefined;
      if (text === undefined) return query(...args);
      if (COMMIT.test(text)) {
        if (!counted) return query(...args);
        counted = false;
      } else {
        if (BEGIN.test(text)) counted = false;
        if (!WRITE_STATEMENT.test(text) || leavesCachesAlone(text)) return query(...args);
        counted = true;
      }
      counter.bump();
      const result = query(...args);
      if (result instanceof Promise) return result.finally(() => counter.bump());
      return result;
    };
  });
  const db = new Kysely<Database>({ dialect: new SightlinePostgresDialect({ pool }) });
  let stopListening: (() => Promise<void>) | undefined;
  try {
    const applied = await migrateWithLock(db);
    stopListening = listenForChanges(url, counter, options.log ?? ((message) => console.warn(message)));
    return {
      db,
      dialect: 'postgres',
      file: redactDatabaseUrl(url),
      applied,
      warnings: [],
      writes: () => counter.value(),
      close: async () => {
        await stopListening?.();
        await db.destroy();
      },
    };
  } catch (error) {
    await stopListening?.();
    await db.destroy();
    const code = (error as { code?: string }).code;
    // Not reachable, refused, unknown database, wrong password: the operator's to fix, in one line.
    if (code && /^(ECONN|ENOTFOUND|EAI_|ETIMEDOUT|28|3D)/.test(code)) {
      throw new DatabaseUnavailable(`cannot use the PostgreSQL database at ${redactDatabaseUrl(url)}: ${(error as Error).message}`);
    }
    throw error;
  }
}
