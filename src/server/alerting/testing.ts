/** Rule groups for the scheduler's tests, made through the provisioning API as a user would. */
import { expect } from 'vitest';
import type { TestServer } from '../testing/harness';

/** `count` groups `group-0`… in a new folder, each with one always-true rule evaluated every 10 s. */
export async function provisionRuleGroups(server: TestServer, folderTitle: string, count: number): Promise<void> {
  const folderUid = (await server.call({ method: 'POST', url: '/api/folders', payload: { title: folderTitle } })).json().uid as string;
  for (let i = 0; i < count; i++) {
    const put = await server.call({
      method: 'PUT',
      url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/group-${i}`,
      payload: {
        interval: 10,
        rules: [
          {
            title: `rule ${i}`,
            condition: 'A',
            data: [{ refId: 'A', datasourceUid: '__expr__', model: { type: 'math', expression: '1' } }],
          },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
  }
}
