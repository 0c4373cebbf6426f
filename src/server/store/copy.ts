/**
 * `npm run db:copy`: every table of a SQLite data dir into an empty PostgreSQL database, with ids,
 * versions, hashed tokens and sealed secrets as they are (secrets re-sealed when the two keys
 * differ), in one PostgreSQL transaction: a copy that fails leaves the target as it was. Counts
 * are compared table by table at the end.
 */
import { sql, type Kysely } from 'kysely';
import { runningServers } from '../datadir';
import type { SecretBox } from '../secrets';
import { openDatabase, type Connection } from './db';
import { openPostgres } from './postgres';

/** Rows per insert: well under PostgreSQL's 65,535 parameters for our widest table. */
const BATCH_ROWS = 500;

/** Tables with sealed secrets, and the column (a JSON object of sealed values) that holds them. */
const SEALED_COLUMNS: Record<string, string> = { data_source: 'secure_json_data', alert_contact_point: 'secure_settings' };
export class CopyRefused extends Error {}

export interface CopyProgress {
  table: string;
  copied: number;
  total: number;
}

export interface CopyResult {
  tables: Array<{ table: string; rows: number }>;
  resealedSecrets: number;
}

interface TableInfo {
  name: string;
  /** Tables this one references (foreign keys), itself excluded. */
  dependsOn: string[];
  /** Column referencing this same table (dashboard.folder_id): parents are copied before children. */
  selfReference?: { column: string; target: string };
  hasId: boolean;
}

/** The copy's tables (not the migration bookkeeping), each after the tables it references. */
async function tablesInOrder(source: Kysely<unknown>): Promise<TableInfo[]> {
  // Ordinary tables only: a virtual table (the FTS5 title index) and its shadow tables are
  // SQLite's index, not data; PostgreSQL has its own (migration 0007). So is the search's log of
  // changed dashboards (migrations 0010 and 0017: each store writes its own).
  const names = (
    await sql<{ name: string }>`select name from pragma_table_list where schema = 'main' and type = 'table'
      and name not like 'sqlite_%' and name not like 'kysely_%' and name <> 'dashboard_change' order by name`.execute(source)
  ).rows.map((row) => row.name);
  const infos = new Map<string, TableInfo>();
  for (const name of names) {
    const keys = (await sql<{ table: string; from: string; to: string }>`select * from pragma_foreign_key_list(${name})`.execute(source))
      .rows;
    const columns = (await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(source)).rows;
    const self = keys.find((key) => key.table === name);
    infos.set(name, {
      name,
      dependsOn: [...new Set(keys.map((key) => key.table).filter((table) => table !== name))],
      selfReference: self && { column: self.from, target: self.to },
      hasId: columns.some((column) => column.name === 'id'),
    });
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const place = (info: TableInfo, path: string[]) => {
    if (placed.has(info.name)) return;
    if (path.includes(info.name)) throw new Error(`foreign keys form a cycle: ${[...path, info.name].join(' → ')}`);
    for (const dependency of info.dependsOn) place(infos.get(dependency)!, [...path, info.name]);
    placed.add(info.name);
    ordered.push(info);
  };
  for (const info of infos.values()) place(info, []);
  return ordered;
}

/** Rows with their parent (by `column`) before them; rows whose parent is missing keep their place. */
function parentsFirst(rows: Array<Record<string, unknown>>, column: string, target: string): Array<Record<string, unknown>> {
  const byKey = new Map(rows.map((row) => [row[target], row]));
  const out: Array<Record<string, unknown>> = [];
  const done = new Set<unknown>();
  const visit = (row: Record<string, unknown>, depth: number) => {
    if (done.has(row[target]) || depth > rows.length) return;
    const parent = row[column] === null ? undefined : byKey.get(row[column]);
    if (parent && parent !== row) visit(parent, depth + 1);
    done.add(row[target]);
    out.push(row);
  };
  for (const row of rows) visit(row, 0);
  return out;
}

async function rowCounts(db: Kysely<unknown>, tables: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts.set(table, Number(rows[0]!.n));
  }
  return counts;
}

export interface CopyOptions {
  /** The SQLite data dir. */
  from: string;
  /** postgres://… of the target database. */
  to: string;
  /** Seals secrets in the source (its key file or key). */
  sourceSecrets: SecretBox;
  /** Seals secrets on PostgreSQL (SIGHTLINE_SECRET_KEY). */
  targetSecrets: SecretBox;
  /** Empty a target that already holds rows instead of refusing. */
  force?: boolean;
  progress?: (progress: CopyProgress) => void;
}

export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyResult> {
  const running = runningServers(options.from);
  if (running.length > 0) {
    throw new CopyRefused(
      `a Sightline server is running on ${options.from} (pid ${running.join(', ')}): stop it first, or its later writes are not copied`,
    );
  }
  let source: Connection | undefined;
  let target: Connection | undefined;
  try {
    // Both at the latest schema: the same tables and columns on both sides.
    source = await openDatabase(options.from);
    target = await openPostgres(options.to, { poolSize: 2 });
    const sourceDb = source.db as unknown as Kysely<unknown>;
    const tables = await tablesInOrder(sourceDb);
    const names = tables.map((table) => table.name);
    const already = [...(await rowCounts(target.db as unknown as Kysely<unknown>, names))].filter(([, n]) => n > 0);
    if (already.length > 0 && !options.force) {
      throw new CopyRefused(
        `the target database is not empty (${already.map(([table, n]) => `${n} in ${table}`).join(', ')}); ` +
          'copy into a new database, or pass --force to delete what it holds first',
      );
    }
    const sourceCounts = await rowCounts(sourceDb, names);
    let resealedSecrets = 0;
    await (target.db as unknown as Kysely<unknown>).transaction().execute(async (trx) => {
      if (already.length > 0) {
        await sql`truncate ${sql.join(names.map((name) => sql.table(name)))} restart identity cascade`.execute(trx);
      }
      for (const table of tables) {
        const total = sourceCounts.get(table.name) ?? 0;
        options.progress?.({ table: table.name, copied: 0, total });
        let rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(sourceDb)).rows;
        if (table.selfReference) rows = parentsFirst(rows, table.selfReference.column, table.selfReference.target);
        const sealedColumn = SEALED_COLUMNS[table.name];
        if (sealedColumn) {
          rows = rows.map((row) => {
            const sealed = JSON.parse(String(row[sealedColumn])) as Record<string, string>;
            const resealed = Object.fromEntries(
              Object.entries(sealed).map(([name, value]) => {
                let plain: string;
                try {
                  plain = options.sourceSecrets.decrypt(value);
                } catch {
                  throw new CopyRefused(
                    `the secrets of ${table.name === 'data_source' ? 'data source' : 'contact point'} "${String(row.name)}" do not open with the source's key: ` +
                      `give the key they were sealed with (the data dir's secret.key, or --from-secret-key)`,
                  );
                }
                resealedSecrets++;
                return [name, options.targetSecrets.encrypt(plain)];
              }),
            );
            return { ...row, [sealedColumn]: JSON.stringify(resealed) };
          });
        }
        for (let start = 0; start < rows.length; start += BATCH_ROWS) {
          const batch = rows.slice(start, start + BATCH_ROWS);
          await trx
            .insertInto(table.name as never)
            .values(batch as never)
            .execute();
          options.progress?.({ table: table.name, copied: start + batch.length, total });
        }
        // Identity columns count on from the highest id copied.
        if (table.hasId && rows.length > 0) {
          await sql`select setval(pg_get_serial_sequence(${`"${table.name}"`}, 'id'), (select max(id) from ${sql.table(table.name)}))`.execute(
            trx,
          );
        }
      }
      const copied = await rowCounts(trx, names);
      const different = names.filter((name) => copied.get(name) !== sourceCounts.get(name));
      if (different.length > 0) {
        throw new Error(
          `row counts differ after the copy: ${different.map((name) => `${name} ${sourceCounts.get(name)} → ${copied.get(name)}`).join(', ')}`,
        );
      }
    });
    return { tables: names.map((table) => ({ table, rows: sourceCounts.get(table) ?? 0 })), resealedSecrets };
  } finally {
    await source?.close();
    await target?.close();
  }
}
