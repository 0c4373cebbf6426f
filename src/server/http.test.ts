import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonTooDeep } from './http';

/** The check as first written, a character at a time: what the faster one must agree with. */
function reference(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92) i++;
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      if (++depth > max) return true;
    } else if (code === 125 || code === 93) depth--;
  }
  return false;
}

describe('jsonTooDeep', () => {
  it('counts brackets outside strings only, however strings escape their quotes', () => {
    expect(jsonTooDeep('[[[]]]', 3)).toBe(false);
    expect(jsonTooDeep('[[[[]]]]', 3)).toBe(true);
    expect(jsonTooDeep('["[[[[", "\\"[[[["]', 3)).toBe(false);
    expect(jsonTooDeep('["\\\\", [[["x"]]]]', 3)).toBe(true);
    expect(jsonTooDeep('["\\\\\\"[[[["]', 3)).toBe(false);
    expect(jsonTooDeep('"unterminated [[[[', 3)).toBe(false);
    expect(jsonTooDeep('"ends in a backslash\\', 0)).toBe(false);
  });

  it('agrees with a character-by-character scan on random text', () => {
    const alphabet = ['"', '\\', '[', ']', '{', '}', 'a', ' ', 'é', '✓'];
    let seed = 19;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 20_000; n++) {
      const text = Array.from({ length: Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const max = Math.floor(random() * 5);
      expect(jsonTooDeep(text, max), `${JSON.stringify(text)} at most ${max}`).toBe(reference(text, max));
    }
  });

  it('agrees on a real dashboard at every depth', () => {
    const text = fs.readFileSync(path.join(__dirname, 'testing/fixtures/dashboards/istio-service-dashboard.json'), 'utf8');
    for (let max = 0; max < 12; max++) expect(jsonTooDeep(text, max)).toBe(reference(text, max));
  });
});
