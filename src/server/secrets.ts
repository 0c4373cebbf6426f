import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { checkPrivateFile, ensurePrivateDir, PRIVATE_FILE_MODE } from './datadir';

export const SECRET_KEY_FILE = 'secret.key';
const PREFIX = 'v1';

/**
 * Encrypts data source secrets at rest with AES-256-GCM. The key comes from config
 * (SIGHTLINE_SECRET_KEY, any string; hashed to 32 bytes) or from `<data dir>/secret.key`,
 * generated once with mode 0600. Losing the key loses the secrets, nothing else.
 */
export class SecretBox {
  private constructor(
    private readonly key: Buffer,
    /** Start-up warnings (a key file other local users can read). */
    readonly warnings: string[] = [],
  ) {}

  static fromConfig(dataDir: string, configuredKey: string | undefined): SecretBox {
    if (configuredKey) return new SecretBox(createHash('sha256').update(configuredKey).digest());
    const file = path.join(dataDir, SECRET_KEY_FILE);
    if (!fs.existsSync(file)) {
      ensurePrivateDir(dataDir);
      // Written whole under a private name, then linked into place: another process starting at
      // the same time either wins the link or reads the complete key, never a half-written one,
      // and a key written meanwhile is never overwritten.
      const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(temporary, randomBytes(32).toString('base64'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      try {
        fs.linkSync(temporary, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        fs.unlinkSync(temporary);
      }
    }
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (base64); restore it from a backup`);
    return new SecretBox(key, checkPrivateFile(file));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [PREFIX, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  }

  /** Throws when the value was sealed with another key or tampered with. */
  decrypt(sealed: string): string {
    const [prefix, iv, tag, data] = sealed.split(':');
    if (prefix !== PREFIX || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}
