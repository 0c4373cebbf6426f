import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, storeOptionsOf } from './config';
import { redactDatabaseUrl } from './store/databaseUrl';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/sightline');

describe('the database configuration', () => {
  it('uses the data dir SQLite file unless SIGHTLINE_DATABASE_URL is set', () => {
    const config = load({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('/srv/sightline/data');
    expect(storeOptionsOf(config).databaseUrl).toBeUndefined();
  });

  it('takes a postgres:// URL with a pool size, and requires SIGHTLINE_SECRET_KEY with it', () => {
    const url = 'postgres://sightline:pw@db.internal:5432/sightline?sslmode=require';
    const config = load({ SIGHTLINE_DATABASE_URL: url, SIGHTLINE_SECRET_KEY: 'k', SIGHTLINE_DATABASE_POOL_SIZE: '25' });
    expect(storeOptionsOf(config)).toMatchObject({ databaseUrl: url, poolSize: 25, secretKey: 'k' });
    expect(load({ SIGHTLINE_DATABASE_URL: url, SIGHTLINE_SECRET_KEY: 'k' }).databasePoolSize).toBe(10);
    expect(() => load({ SIGHTLINE_DATABASE_URL: url })).toThrow(/SIGHTLINE_SECRET_KEY is required with PostgreSQL/);
  });

  it('explains a URL it cannot use', () => {
    const bad = (value: string) => () => load({ SIGHTLINE_DATABASE_URL: value, SIGHTLINE_SECRET_KEY: 'k' });
    expect(bad('mysql://u:p@h/db')).toThrow(ConfigError);
    expect(bad('mysql://u:p@h/db')).toThrow(/must start with postgres:\/\//);
    expect(bad('not a url')).toThrow(/must be a URL like postgres:\/\/user:password@host:5432\/database/);
    expect(bad('postgres://u:p@h')).toThrow(/must name a host and a database/);
    expect(() => load({ SIGHTLINE_DATABASE_URL: 'postgres://h/db', SIGHTLINE_SECRET_KEY: 'k', SIGHTLINE_DATABASE_POOL_SIZE: '1' })).toThrow(
      /SIGHTLINE_DATABASE_POOL_SIZE must be a whole number from 2 to 1000/,
    );
  });

  it('never shows the database password', () => {
    expect(redactDatabaseUrl('postgres://sightline:s3cret@db:5432/sightline')).toBe('postgres://sightline:***@db:5432/sightline');
    expect(redactDatabaseUrl('postgres://db/sightline')).toBe('postgres://db/sightline');
  });
});

describe('SIGHTLINE_ROOT_URL (Grafana’s root_url)', () => {
  it('defaults to this machine at PORT, and always ends in a slash', () => {
    expect(loadConfig({}).rootUrl).toBe('http://127.0.0.1:3000/');
    expect(loadConfig({ PORT: '8080' }).rootUrl).toBe('http://127.0.0.1:8080/');
    expect(loadConfig({ SIGHTLINE_ROOT_URL: 'https://sightline.example.com' }).rootUrl).toBe('https://sightline.example.com/');
    expect(loadConfig({ SIGHTLINE_ROOT_URL: 'https://example.com/monitoring' }).rootUrl).toBe('https://example.com/monitoring/');
  });

  it('refuses what is no http(s) address', () => {
    expect(() => loadConfig({ SIGHTLINE_ROOT_URL: 'sightline.example.com' })).toThrow(/absolute address/);
    expect(() => loadConfig({ SIGHTLINE_ROOT_URL: 'ftp://sightline.example.com/' })).toThrow(/http:\/\/ or https:\/\//);
    expect(() => loadConfig({ SIGHTLINE_ROOT_URL: 'https://x.example/?a=1' })).toThrow(/query or a fragment/);
  });
});
