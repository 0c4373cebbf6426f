import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { orgRoleSchema } from '../contract/common';
import { createTokenRequestSchema } from '../contract/serviceaccounts';
import { describeZodError } from '../contract/errors';
import { passwordProblem } from './auth/passwords';
import { setPersonPassword } from './auth/signin';
import { bootstrap, mintToken } from './bootstrap';
import { ConfigError, loadConfig, storeOptionsOf } from './config';
import { openStore } from './store';
import { SecretBox, SECRET_KEY_FILE } from './secrets';
import { backupDatabase, BackupRefused, restoreDatabase, RestoreRefused } from './store/backup';
import { copySqliteToPostgres, CopyRefused } from './store/copy';
import { DATABASE_FILE } from './store/db';
import { redactDatabaseUrl } from './store/databaseUrl';

const USAGE = `Usage: npm run token -- --name NAME --role ROLE [--ttl SECONDS] [--token-name NAME] [--data-dir DIR]

Mints a service account token straight into a data directory (the server may be running).
The account NAME is created with ROLE (None, Viewer, Editor or Admin) when it does not exist.
--ttl SECONDS   the token expires after that many seconds; 0 or absent: never expires.
--data-dir DIR  the data directory (default: SIGHTLINE_DATA_DIR, else ./data).
The token alone is printed on standard output, so scripts can capture it.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function tokenCommand(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        name: { type: 'string' },
        role: { type: 'string' },
        ttl: { type: 'string' },
        'token-name': { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!values.name?.trim()) fail('--name is required');
  const role = orgRoleSchema.safeParse(values.role);
  if (!role.success) fail(`--role: ${describeZodError(role.error)}`);
  const ttl = values.ttl === undefined ? undefined : Number(values.ttl);
  const request = createTokenRequestSchema.safeParse({ name: values['token-name'] ?? 'cli', secondsToLive: ttl });
  if (!request.success) fail(`--ttl/--token-name: ${describeZodError(request.error)}`);

  const env = values['data-dir'] ? { ...process.env, SIGHTLINE_DATA_DIR: values['data-dir'] } : process.env;
  const config = loadConfig(env);
  const store = await openStore(config.dataDir, storeOptionsOf(config));
  try {
    const first = await bootstrap(store, config.adminToken);
    if (first.created) process.stderr.write(`Set up a new data directory at ${config.dataDir}\n`);
    const minted = await mintToken(store, {
      name: values.name.trim(),
      role: role.data,
      secondsToLive: request.data.secondsToLive,
      tokenName: values['token-name'],
    });
    process.stderr.write(
      `${minted.accountCreated ? 'Created' : 'Using'} service account "${values.name.trim()}" (id ${minted.accountId}, role ${minted.role}); ` +
        `token ${request.data.secondsToLive ? `expires in ${request.data.secondsToLive} s` : 'never expires'}:\n`,
    );
    process.stdout.write(`${minted.token}\n`);
  } finally {
    await store.close();
  }
}

const BACKUP_USAGE = `Usage: npm run backup -- --out FILE [--force] [--data-dir DIR]
       npm run restore -- FILE [--data-dir DIR]

backup   copies the database of a data directory to FILE with SQLite's online backup API: the copy
         is consistent while servers run. Also keep the data directory's secret.key (or your
         SIGHTLINE_SECRET_KEY): data source secrets in the copy are sealed with it. An existing
         FILE is replaced only with --force; the live database (and its -wal/-shm) never.
restore  puts FILE in place of the data directory's database (the old one is kept beside it as
         sightline.db.before-restore-<time>). Refused while a server runs on that data directory.
--data-dir DIR  the data directory (default: SIGHTLINE_DATA_DIR, else ./data).`;

function dataDirOf(given: string | undefined): string {
  return loadConfig(given ? { ...process.env, SIGHTLINE_DATA_DIR: given } : process.env).dataDir;
}

async function backupCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string' }, force: { type: 'boolean' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) return void process.stdout.write(`${BACKUP_USAGE}\n`);
  if (!values.out) {
    process.stderr.write(`--out FILE is required\n\n${BACKUP_USAGE}\n`);
    process.exit(2);
  }
  const dataDir = dataDirOf(values['data-dir']);
  const out = path.resolve(values.out);
  const started = Date.now();
  let shown = -1;
  let result;
  try {
    result = await backupDatabase(
      dataDir,
      out,
      ({ totalPages, remainingPages }) => {
        const percent = totalPages === 0 ? 100 : Math.floor(((totalPages - remainingPages) / totalPages) * 100);
        if (percent !== shown) process.stderr.write(`backup: ${percent}% (${totalPages - remainingPages} of ${totalPages} pages)\n`);
        shown = percent;
      },
      { force: values.force },
    );
  } catch (error) {
    if (error instanceof BackupRefused) {
      process.stderr.write(`backup refused: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (shown !== 100) process.stderr.write(`backup: 100% (${result.totalPages} of ${result.totalPages} pages)\n`);
  const size = fs.statSync(out).size;
  process.stderr.write(
    `backup: ${result.totalPages} pages (${(size / 1e6).toFixed(1)} MB) written to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
      (process.env.SIGHTLINE_SECRET_KEY
        ? ''
        : `backup: keep ${path.join(dataDir, 'secret.key')} with it: data source secrets are sealed with that key\n`),
  );
}

async function restoreCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return void process.stdout.write(`${BACKUP_USAGE}\n`);
  if (positionals.length !== 1) {
    process.stderr.write(`restore takes exactly one FILE\n\n${BACKUP_USAGE}\n`);
    process.exit(2);
  }
  const dataDir = dataDirOf(values['data-dir']);
  try {
    const { replaced, migrations } = restoreDatabase(dataDir, path.resolve(positionals[0]!));
    process.stderr.write(
      `restore: ${positionals[0]} is now the database of ${dataDir} (${migrations} migrations applied in it; newer ones run at the next start)\n` +
        (replaced ? `restore: the previous database was kept as ${replaced}\n` : ''),
    );
    if (!process.env.SIGHTLINE_SECRET_KEY && !fs.existsSync(path.join(dataDir, 'secret.key'))) {
      process.stderr.write(
        `restore: ${dataDir} has no secret.key: put back the one from the backed-up data directory, or data source secrets cannot be read\n`,
      );
    }
  } catch (error) {
    if (error instanceof RestoreRefused) {
      process.stderr.write(`restore refused: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const COPY_USAGE = `Usage: SIGHTLINE_SECRET_KEY=… npm run db:copy -- --from DATA_DIR --to postgres://user:password@host:5432/db [--force]

Copies every table of a SQLite data directory into an empty PostgreSQL database: ids, versions,
hashed tokens and data source secrets (re-sealed with SIGHTLINE_SECRET_KEY, which every instance
on PostgreSQL must share). One transaction: a copy that fails leaves the target as it was. Row
counts are compared table by table. Stop the servers on the data directory first.
--from DIR              the SQLite data directory.
--to URL                the PostgreSQL database (created and empty; its schema is set up here).
--from-secret-key KEY   the key the source sealed secrets with, when it is not the data
                        directory's secret.key (default: that file, else SIGHTLINE_SECRET_KEY).
--force                 delete what the target already holds instead of refusing.`;

async function copyCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      'from-secret-key': { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return void process.stdout.write(`${COPY_USAGE}\n`);
  if (!values.from || !values.to) {
    process.stderr.write(`--from and --to are required\n\n${COPY_USAGE}\n`);
    process.exit(2);
  }
  // The target as the servers will read it: SIGHTLINE_SECRET_KEY is required there.
  const target = loadConfig({ ...process.env, SIGHTLINE_DATABASE_URL: values.to });
  const from = path.resolve(values.from);
  if (!fs.existsSync(path.join(from, DATABASE_FILE))) {
    process.stderr.write(`db:copy: ${from} holds no ${DATABASE_FILE}: is it a Sightline data directory?\n`);
    process.exit(1);
  }
  const keyFile = path.join(from, SECRET_KEY_FILE);
  const sourceKey = values['from-secret-key'] ?? (fs.existsSync(keyFile) ? undefined : target.secretKey);
  const started = Date.now();
  let last = '';
  try {
    const result = await copySqliteToPostgres({
      from,
      to: values.to,
      sourceSecrets: SecretBox.fromConfig(from, sourceKey),
      targetSecrets: SecretBox.fromConfig(from, target.secretKey),
      force: values.force,
      progress: ({ table, copied, total }) => {
        const line = `db:copy: ${table} ${copied} of ${total}`;
        if (copied === total || copied === 0 || line !== last) process.stderr.write(`${line}\n`);
        last = line;
      },
    });
    const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stderr.write(
      `db:copy: ${rows} rows in ${result.tables.length} tables copied to ${redactDatabaseUrl(values.to)} and counted on both sides ` +
        `(${result.resealedSecrets} secrets re-sealed) in ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
        `db:copy: start the servers with SIGHTLINE_DATABASE_URL and the same SIGHTLINE_SECRET_KEY; old tokens keep working\n`,
    );
  } catch (error) {
    if (error instanceof CopyRefused) {
      process.stderr.write(`db:copy refused: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const PASSWORD_USAGE = `Usage: npm run password -- --login LOGIN [--password-stdin] [--data-dir DIR]

Sets the password of the person LOGIN (login or email) straight in the data directory or database
(the server may be running) and ends every session they had. Without --password-stdin a random
password is made; the password alone is printed on standard output.
--password-stdin   read the new password from standard input (at least 4 characters).
--data-dir DIR     the data directory (default: SIGHTLINE_DATA_DIR, else ./data).`;

async function passwordCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      login: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return void process.stdout.write(`${PASSWORD_USAGE}\n`);
  if (!values.login?.trim()) {
    process.stderr.write(`--login is required\n\n${PASSWORD_USAGE}\n`);
    process.exit(2);
  }
  let password = randomBytes(12).toString('base64url');
  if (values['password-stdin']) {
    password = fs.readFileSync(0, 'utf8').replace(/\r?\n$/, '');
    const problem = passwordProblem(password);
    if (problem) {
      process.stderr.write(`password: ${problem}\n`);
      process.exit(2);
    }
  }
  const config = loadConfig(values['data-dir'] ? { ...process.env, SIGHTLINE_DATA_DIR: values['data-dir'] } : process.env);
  const store = await openStore(config.dataDir, storeOptionsOf(config));
  try {
    const person = await store.sessions.findPassword(values.login.trim());
    if (!person) {
      process.stderr.write(`password: no person has the login or email "${values.login.trim()}"\n`);
      process.exit(1);
    }
    await setPersonPassword(store, person.userId, password);
    process.stderr.write(`password: set for "${person.login}" (id ${person.userId}); their sessions have ended\n`);
    if (!values['password-stdin']) process.stdout.write(`${password}\n`);
  } finally {
    await store.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
const commands: Record<string, (argv: string[]) => Promise<void>> = {
  token: tokenCommand,
  backup: backupCommand,
  restore: restoreCommand,
  'db:copy': copyCommand,
  password: passwordCommand,
};
const run = command ? commands[command] : undefined;
if (!run) fail(`unknown command "${command ?? ''}"`);
run(rest).catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? 'Configuration error: ' : ''}${(error as Error).message}\n`);
  process.exit(1);
});
