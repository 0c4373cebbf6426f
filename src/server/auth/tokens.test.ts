import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, hasValidChecksum } from './tokens';

describe('service account tokens', () => {
  it("use Grafana's glsa_ format with a little-endian CRC-32 of glsa_<secret>", () => {
    const token = generateToken();
    const match = /^glsa_([A-Za-z0-9]{32})_([0-9a-f]{8})$/.exec(token);
    expect(match).not.toBeNull();
    const expected = Buffer.alloc(4);
    expected.writeUInt32LE(crc32(`glsa_${match![1]}`));
    expect(match![2]).toBe(expected.toString('hex'));
    expect(hasValidChecksum(token)).toBe(true);
  });

  it('are different every time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateToken));
    expect(tokens.size).toBe(1000);
  });

  it('spot a mistyped token by its checksum', () => {
    const token = generateToken();
    const flipped = token.slice(0, 10) + (token[10] === 'a' ? 'b' : 'a') + token.slice(11);
    expect(hasValidChecksum(flipped)).toBe(false);
    expect(hasValidChecksum('glsa_short_00000000')).toBe(false);
  });

  it('are stored as a SHA-256 digest only', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
