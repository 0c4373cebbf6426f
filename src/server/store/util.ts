import { createHash, randomBytes } from 'node:crypto';

/** A short random uid: 14 characters of [a-z0-9], like Grafana's generated uids. */
export function newUid(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(14);
  let uid = '';
  for (const byte of bytes) uid += alphabet[byte % alphabet.length];
  return uid;
}

const avatarUrls = new Map<string, string>();

/**
 * Grafana's avatar address: `/avatar/<md5 of the lower-cased email>`. Remembered per email (a
 * list of annotations repeats the same few authors on every row), up to a thousand emails.
 */
export function avatarUrl(email: string): string {
  let url = avatarUrls.get(email);
  if (url === undefined) {
    url = `/avatar/${createHash('md5').update(email.trim().toLowerCase()).digest('hex')}`;
    if (avatarUrls.size >= 1000) avatarUrls.clear();
    avatarUrls.set(email, url);
  }
  return url;
}

/** Lower-case words joined by `-`: `"My Service!"` → `my-service`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Escapes `%`, `_` and `\` so text matches literally inside `like ... escape '\'`. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    // SQLite's codes, PostgreSQL's unique_violation.
    (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === '23505')
  );
}

/** A write naming a row that is not there (deleted meanwhile): SQLite's code, PostgreSQL's foreign_key_violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || error.code === '23503')
  );
}

/** Tags as stored: trimmed, without empties or repeats. */
export function uniqueTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}
