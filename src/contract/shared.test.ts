import { describe, expect, it } from 'vitest';
import { roleAtLeast, roleRank } from './common';
import { isHttpUrl, isValidTimeout, MAX_TIMEOUT_SECONDS, parseHostPort, urlOrigin } from './datasources';

describe('rules the server and the UI share', () => {
  it('orders roles None < Viewer < Editor < Admin; no role is below all', () => {
    expect(roleAtLeast('Admin', 'Editor')).toBe(true);
    expect(roleAtLeast('Editor', 'Editor')).toBe(true);
    expect(roleAtLeast('Viewer', 'Editor')).toBe(false);
    expect(roleAtLeast(undefined, 'None')).toBe(false);
    expect(roleRank('None')).toBeLessThan(roleRank('Viewer'));
  });

  it('accepts http(s) addresses with a host only', () => {
    expect(isHttpUrl('http://prometheus:9090')).toBe(true);
    expect(isHttpUrl('https://example.test/prefix')).toBe(true);
    expect(isHttpUrl('ftp://host')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
  });

  it('reads host:port, a bare host, or a URL; refuses a path or a bad port', () => {
    expect(parseHostPort('db:5432')).toEqual({ host: 'db', port: 5432 });
    expect(parseHostPort('db')).toEqual({ host: 'db', port: undefined });
    expect(parseHostPort('[::1]:3306')).toEqual({ host: '::1', port: 3306 });
    expect(parseHostPort('postgres://db:5432')).toEqual({ host: 'db', port: 5432 });
    expect(parseHostPort('db:5432/orders')).toBeUndefined();
    expect(parseHostPort('host:notaport')).toBeUndefined();
  });

  it('allows no timeout, or 1 to 300 seconds', () => {
    for (const ok of [undefined, null, '', 1, '30', MAX_TIMEOUT_SECONDS]) expect(isValidTimeout(ok)).toBe(true);
    for (const bad of [0, -1, 'soon', MAX_TIMEOUT_SECONDS + 1]) expect(isValidTimeout(bad)).toBe(false);
  });

  it('names where a URL points: scheme, host and port, not the path', () => {
    expect(urlOrigin('http://p:9090/a', false)).toBe(urlOrigin('HTTP://P:9090/b', false));
    expect(urlOrigin('http://p:9090', false)).not.toBe(urlOrigin('https://p:9090', false));
    expect(urlOrigin('db:5432', true)).not.toBe(urlOrigin('db:5433', true));
    expect(urlOrigin('', false)).toBeUndefined();
  });
});
