import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './LivePanel';

describe('panel link URLs', () => {
  it('keeps http(s), mailto, paths on this server and relative links', () => {
    for (const url of [
      'https://runbooks.example/cpu?x=1',
      'http://host:3000/a',
      'mailto:ops@example.org',
      '/d/abc/x?orgId=1',
      'd/abc?orgId=1',
    ]) {
      expect(safeLinkUrl(url), url).toBe(url);
    }
  });

  it('drops links a click must never run: javascript:, data:, protocol-relative and empty ones', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>x</script>',
      '//evil.example/x',
      'vbscript:x',
      '',
    ]) {
      expect(safeLinkUrl(url), url).toBeUndefined();
    }
  });
});
