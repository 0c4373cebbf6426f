import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';

/** Real-world dashboards (see testing/fixtures/dashboards/SOURCES.md): large, with rows and templating. */
const fixtureDir = new URL('../testing/fixtures/dashboards/', import.meta.url);
const fixtures = fs.readdirSync(fixtureDir).filter((file) => file.endsWith('.json'));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

describe('real-world dashboards round-trip unchanged', () => {
  it('has at least three fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(3);
  });

  for (const file of fixtures) {
    it(file, async () => {
      const text = fs.readFileSync(new URL(file, fixtureDir), 'utf8');
      const original = JSON.parse(text) as Record<string, unknown>;
      // Import as Grafana's UI does: no id; the uid kept when the export has one.
      const { id: _id, ...model } = original;
      const saved = await server.call({
        method: 'POST',
        url: '/api/dashboards/db',
        payload: { dashboard: model, overwrite: true, message: 'import' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { uid, id, version } = saved.json();
      if (typeof original.uid === 'string') expect(uid).toBe(original.uid);

      const read = await server.call({ method: 'GET', url: `/api/dashboards/uid/${uid}` });
      expect(read.statusCode).toBe(200);
      const { dashboard } = read.json();
      expect(dashboard).toEqual({ ...model, id, uid, version });

      // An ordinary edit keeps every other field too.
      const edited = await server.call({
        method: 'POST',
        url: '/api/dashboards/db',
        payload: { dashboard: { ...dashboard, description: 'edited' } },
      });
      expect(edited.json().version).toBe(version + 1);
      const again = (await server.call({ method: 'GET', url: `/api/dashboards/uid/${uid}` })).json().dashboard;
      expect(again).toEqual({ ...model, description: 'edited', id, uid, version: version + 1 });

      // The first version still holds the import exactly.
      const v1 = (await server.call({ method: 'GET', url: `/api/dashboards/uid/${uid}/versions/${version}` })).json();
      expect(v1.data).toEqual({ ...model, id, uid, version });

      const words = String(model.title)
        .split(/\s+/)
        .filter((w) => /^\w+$/.test(w))
        .reverse()
        .join(' ');
      const hits = (await server.call({ method: 'GET', url: `/api/search?query=${encodeURIComponent(words)}` })).json();
      expect(hits.map((h: { uid: string }) => h.uid)).toContain(uid);
    });
  }
});
