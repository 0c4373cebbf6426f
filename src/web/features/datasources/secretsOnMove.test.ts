import { describe, expect, it } from 'vitest';
import { formFromDataSource } from './form';
import { secretsDroppedByMove } from './secretsOnMove';
import { dataSourceFixture } from './testing';

const saved = dataSourceFixture({
  type: 'prometheus',
  url: 'http://prometheus:9090',
  basicAuth: true,
  basicAuthUser: 'scraper',
  jsonData: { httpHeaderName1: 'X-Scope' },
  secureJsonFields: { basicAuthPassword: true, httpHeaderValue1: true },
});

describe('secrets dropped when the URL moves', () => {
  it('names the saved secrets when scheme, host or port change', () => {
    for (const url of ['https://prometheus:9090', 'http://elsewhere:9090', 'http://prometheus:9091']) {
      const state = formFromDataSource(saved.type, saved);
      state.values.url = url;
      expect(secretsDroppedByMove(saved, state)).toEqual(['Password', 'Header 1 value']);
    }
  });

  it('says nothing for a new path on the same server, or once the secrets are typed again', () => {
    const state = formFromDataSource(saved.type, saved);
    state.values.url = 'http://prometheus:9090/prometheus';
    expect(secretsDroppedByMove(saved, state)).toEqual([]);
    state.values.url = 'http://elsewhere:9090';
    state.secrets.basicAuthPassword = { configured: false, value: 'new' };
    state.headers[0] = { ...state.headers[0]!, configured: false, value: 'tenant' };
    expect(secretsDroppedByMove(saved, state)).toEqual([]);
  });

  it('reads a database address as host:port', () => {
    const db = dataSourceFixture({ type: 'grafana-postgresql-datasource', url: 'db:5432', secureJsonFields: { password: true } });
    const state = formFromDataSource(db.type, db);
    state.values.url = 'db:5433';
    expect(secretsDroppedByMove(db, state)).toEqual(['Password']);
    state.values.url = 'DB:5432';
    expect(secretsDroppedByMove(db, state)).toEqual([]);
  });
});
