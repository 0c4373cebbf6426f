import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing: scrypt (memory-hard) with a 16-byte random salt per password. N = 2^15, r = 8
 * (32 MiB and about 60–100 ms of one core per hash here), p = 1, 32-byte key. The parameters are
 * stored with the hash, so raising them later still verifies old hashes (and re-hashes on sign-in).
 */
export const SCRYPT_PARAMS = { N: 32_768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** Grafana's minimum; anything shorter is refused when set. */
export const MIN_PASSWORD_LENGTH = 4;
export const MAX_PASSWORD_LENGTH = 255;

/**
 * Hashes at once at most; the rest wait their turn. Each takes 32 MiB and a libuv thread (shared
 * with DNS lookups and file reads): a flood of sign-ins must not take them all, nor the memory.
 */
const MAX_CONCURRENT_HASHES = 2;
/** Waiting hashes beyond this are refused (the caller answers 429). */
const MAX_WAITING_HASHES = 64;

export class PasswordHashingBusyError extends Error {
  constructor() {
    super('Too many sign-ins at once; try again in a moment');
  }
}

let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING_HASHES) throw new PasswordHashingBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line; `running` only drops when nobody waits.
    if (next) next();
    else running--;
  }
}

function scryptHash(password: string, salt: Buffer, params: { N: number; r: number; p: number }, length: number): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return withHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

/** `scrypt:N=32768,r=8,p=1$<salt hex>$<hash hex>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptHash(password, salt, SCRYPT_PARAMS, KEY_LENGTH);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt:N=${N},r=${r},p=${p}$${salt.toString('hex')}$${hash.toString('hex')}`;
}

interface ParsedHash {
  params: { N: number; r: number; p: number };
  salt: Buffer;
  hash: Buffer;
}

/** Both the current form and the first one (`scrypt$salt$hash`, node's defaults N = 16384, r = 8, p = 1). */
function parseHash(stored: string): ParsedHash | undefined {
  const [scheme, saltHex, hashHex, extra] = stored.split('$');
  if (!scheme || !saltHex || !hashHex || extra !== undefined) return undefined;
  let params = { N: 16_384, r: 8, p: 1 };
  if (scheme !== 'scrypt') {
    const match = /^scrypt:N=(\d+),r=(\d+),p=(\d+)$/.exec(scheme);
    if (!match) return undefined;
    params = { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
    // A hash written with absurd parameters (a tampered row) must not tie up the server.
    if (params.N > 1 << 20 || params.r > 32 || params.p > 4) return undefined;
  }
  return { params, salt: Buffer.from(saltHex, 'hex'), hash: Buffer.from(hashHex, 'hex') };
}

/** Verifies a password; a missing or unreadable hash costs the same time and answers false. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : undefined;
  if (!parsed || parsed.hash.length === 0) {
    // Someone asking for a login that does not exist waits as long as for a wrong password.
    await scryptHash(password, DUMMY_SALT, SCRYPT_PARAMS, KEY_LENGTH);
    return false;
  }
  const actual = await scryptHash(password, parsed.salt, parsed.params, parsed.hash.length);
  return timingSafeEqual(actual, parsed.hash);
}

const DUMMY_SALT = randomBytes(16);

/** Whether a stored hash was made with weaker parameters than today's (re-hashed at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.N < SCRYPT_PARAMS.N || parsed.params.r < SCRYPT_PARAMS.r;
}

/** Why a new password is refused, or undefined (Grafana's rule: at least 4 characters). */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return 'New password is too short';
  if (password.length > MAX_PASSWORD_LENGTH) return `New password is too long: at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}
