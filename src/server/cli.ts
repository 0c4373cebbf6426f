import { parseArgs } from 'node:util';
import { orgRoleSchema } from '../contract/common';
import { createTokenRequestSchema } from '../contract/serviceaccounts';
import { describeZodError } from '../contract/errors';
import { bootstrap, mintToken } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { openStore } from './store';

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
  const store = await openStore(config.dataDir, { secretKey: config.secretKey });
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

const [command, ...rest] = process.argv.slice(2);
const commands: Record<string, (argv: string[]) => Promise<void>> = { token: tokenCommand };
const run = command ? commands[command] : undefined;
if (!run) fail(`unknown command "${command ?? ''}"`);
run(rest).catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? 'Configuration error: ' : ''}${(error as Error).message}\n`);
  process.exit(1);
});
