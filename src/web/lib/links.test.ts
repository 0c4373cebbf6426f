import { describe, expect, it } from 'vitest';
import { linkHref, safeLinkUrl } from './links';

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

describe("a dashboard link's URL", () => {
  const params = new URLSearchParams('var-zone=eu&var-zone=us&from=now-6h&viewPanel=2');
  it('keeps the time range and the variables only when the link asks', () => {
    const range = { from: 'now-6h', to: 'now' };
    expect(linkHref('/d/abc/x', {}, range, params)).toBe('/d/abc/x');
    expect(linkHref('/d/abc/x', { keepTime: true }, range, params)).toBe('/d/abc/x?from=now-6h&to=now');
    expect(linkHref('/d/abc/x?orgId=1#panel', { includeVars: true, keepTime: true }, range, params)).toBe(
      '/d/abc/x?orgId=1&from=now-6h&to=now&var-zone=eu&var-zone=us#panel',
    );
  });
});
