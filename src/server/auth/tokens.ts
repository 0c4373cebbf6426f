import { hash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PREFIX = 'glsa_';
const TOKEN_PATTERN = /^glsa_([A-Za-z0-9]{32})_([0-9a-f]{8})$/;

/** CRC-32 of `glsa_<secret>`, as 8 hex digits of its little-endian bytes (Grafana's checksum). */
function checksum(secret: string): string {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(crc32(PREFIX + secret));
  return bytes.toString('hex');
}

/**
 * A new service account token in Grafana's format, `glsa_<32 alphanumerics>_<crc32>`, so secret
 * scanners that know Grafana tokens also catch leaked Sightline tokens.
 */
export function generateToken(): string {
  let secret = '';
  for (let i = 0; i < 32; i++) secret += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `${PREFIX}${secret}_${checksum(secret)}`;
}

/** True for a token whose shape and checksum are Grafana's; false for anything else. */
export function hasValidChecksum(token: string): boolean {
  const match = TOKEN_PATTERN.exec(token);
  return match !== null && checksum(match[1]!) === match[2];
}

/**
 * Only this digest is stored; it is what a presented token is looked up by, on every request.
 * The one-shot `hash` costs a third of a Hash object's create, update and digest.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
