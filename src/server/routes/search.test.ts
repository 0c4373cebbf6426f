import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema } from '../../contract/search';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let prodFolderId = 0;
beforeAll(async () => {
  server = await startTestServer();
  prodFolderId = (await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'prod', title: 'Production' } })).json().id;
  await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'staging', title: 'Staging' } });
  const dashboards: Array<[string, string[], string | undefined]> = [
    ['Kubernetes Cluster Overview', ['k8s', 'prod'], 'prod'],
    ['Node Exporter Full', ['linux', 'prod'], 'prod'],
    ['Cluster Network', ['k8s', 'network'], 'staging'],
    ['PostgreSQL Overview', ['db'], undefined],
    ['overview of everything', [], undefined],
  ];
  for (const [title, tags, folderUid] of dashboards) {
    await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { title, tags, uid: title.toLowerCase().replace(/\W+/g, '-') }, folderUid },
    });
  }
});
afterAll(() => server.cleanup());

async function search(query: string): Promise<string[]> {
  const response = await server.call({ method: 'GET', url: `/api/search${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return searchResultSchema.parse(response.json()).map((hit) => hit.title);
}

describe('search', () => {
  it('finds titles holding every word, in any order and any case', async () => {
    expect(await search('?query=overview%20cluster')).toEqual(['Kubernetes Cluster Overview']);
    expect(await search('?query=OVERVIEW')).toEqual(['Kubernetes Cluster Overview', 'overview of everything', 'PostgreSQL Overview']);
    expect(await search('?query=clu')).toEqual(['Cluster Network', 'Kubernetes Cluster Overview']);
    expect(await search('?query=nothing%20matches')).toEqual([]);
  });

  it('filters by tags, all of which must match', async () => {
    expect(await search('?tag=k8s')).toEqual(['Cluster Network', 'Kubernetes Cluster Overview']);
    expect(await search('?tag=k8s&tag=prod')).toEqual(['Kubernetes Cluster Overview']);
    expect(await search('?tag=k8s&tag=db')).toEqual([]);
  });

  it('filters by type, folder (by id, uid, and General) and dashboard', async () => {
    expect(await search('?type=dash-folder')).toEqual(['Production', 'Staging']);
    expect(await search(`?folderIds=${prodFolderId}`)).toEqual(['Kubernetes Cluster Overview', 'Node Exporter Full']);
    expect(await search('?folderUIDs=staging&type=dash-db')).toEqual(['Cluster Network']);
    expect(await search('?folderIds=0&type=dash-db')).toEqual(['overview of everything', 'PostgreSQL Overview']);
    expect(await search('?folderUIDs=prod,staging&query=cluster')).toEqual(['Cluster Network', 'Kubernetes Cluster Overview']);
    expect(await search('?dashboardUIDs=node-exporter-full&dashboardUIDs=cluster-network')).toEqual([
      'Cluster Network',
      'Node Exporter Full',
    ]);
  });

  it('sorts A–Z by default and Z–A on request', async () => {
    const all = await search('?type=dash-db');
    expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(await search('?type=dash-db&sort=alpha-desc')).toEqual([...all].reverse());
  });

  it('pages with limit and page', async () => {
    const all = await search('?type=dash-db');
    const pages = [
      await search('?type=dash-db&limit=2&page=1'),
      await search('?type=dash-db&limit=2&page=2'),
      await search('?type=dash-db&limit=2&page=3'),
    ];
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(all);
    expect(await search('?type=dash-db&limit=2&page=9')).toEqual([]);
  });

  it("answers hits in Grafana's shape", async () => {
    const [hit] = searchResultSchema.parse((await server.call({ method: 'GET', url: '/api/search?query=node%20exporter' })).json());
    expect(hit).toEqual({
      id: expect.any(Number),
      uid: 'node-exporter-full',
      title: 'Node Exporter Full',
      uri: 'db/node-exporter-full',
      url: '/d/node-exporter-full/node-exporter-full',
      slug: 'node-exporter-full',
      type: 'dash-db',
      tags: ['linux', 'prod'],
      isStarred: false,
      folderId: prodFolderId,
      folderUid: 'prod',
      folderTitle: 'Production',
      folderUrl: '/dashboards/f/prod/production',
    });
    const [root] = (await server.call({ method: 'GET', url: '/api/search?query=postgresql' })).json();
    expect(root).not.toHaveProperty('folderUid');
  });

  it('refuses bad parameters with a 4xx', async () => {
    const tooMany = await server.call({ method: 'GET', url: '/api/search?limit=5001' });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toMatch(/at most 5000/);
    for (const query of ['?limit=many', '?page=x', '?type=dashboard', '?sort=newest', '?folderIds=abc']) {
      const response = await server.call({ method: 'GET', url: `/api/search${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(/must be/);
    }
  });

  it('treats starred=true as "nothing starred yet"', async () => {
    expect(await search('?starred=true')).toEqual([]);
  });
});
