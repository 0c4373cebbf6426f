/**
 * Issue 14, item 1: in every request schema a JSON `null` is "not set" (as in Grafana), `0` is "none"
 * for optional ids Grafana reads so, and unknown fields are ignored; a `null` required field is
 * "required", never a type error.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  createAnnotationRequestSchema,
  massDeleteAnnotationsRequestSchema,
  patchAnnotationRequestSchema,
  updateAnnotationRequestSchema,
} from './annotations';
import { importDashboardRequestSchema, restoreDashboardRequestSchema, saveDashboardRequestSchema } from './dashboards';
import { createDataSourceRequestSchema, updateDataSourceRequestSchema } from './datasources';
import { describeZodError } from './errors';
import { createFolderRequestSchema, updateFolderPermissionsRequestSchema, updateFolderRequestSchema } from './folders';
import { updateOrgAddressRequestSchema, updateOrgRequestSchema } from './org';
import { createServiceAccountRequestSchema, createTokenRequestSchema, updateServiceAccountRequestSchema } from './serviceaccounts';
import { addTeamMemberRequestSchema, createTeamRequestSchema, updateTeamRequestSchema } from './teams';
import { addOrgUserRequestSchema, createUserRequestSchema, updateOrgUserRequestSchema } from './users';

interface Case {
  name: string;
  schema: z.ZodType;
  /** A smallest valid body. */
  valid: Record<string, unknown>;
  /** Fields that may be left out: each may be null. */
  optional: string[];
  /** Fields that must be given: null is "is required". */
  required: string[];
  /** Optional ids where 0 means "none". */
  zeroIsNone?: string[];
}

/** What a data source body may leave out, on create and update alike. */
const dataSourceOptionalFields = [
  'url',
  'user',
  'database',
  'basicAuth',
  'basicAuthUser',
  'withCredentials',
  'isDefault',
  'jsonData',
  'secureJsonData',
  'uid',
];

const cases: Case[] = [
  {
    name: 'POST /api/annotations',
    schema: createAnnotationRequestSchema,
    valid: { text: 'deploy' },
    optional: ['dashboardUID', 'dashboardUid', 'dashboardId', 'panelId', 'time', 'timeEnd', 'tags'],
    required: ['text'],
    zeroIsNone: ['dashboardId'],
  },
  {
    name: 'PUT /api/annotations/{id}',
    schema: updateAnnotationRequestSchema,
    valid: {},
    optional: ['time', 'timeEnd', 'tags', 'text'],
    required: [],
  },
  {
    name: 'PATCH /api/annotations/{id}',
    schema: patchAnnotationRequestSchema,
    valid: {},
    optional: ['time', 'timeEnd', 'tags', 'text'],
    required: [],
  },
  {
    name: 'POST /api/annotations/mass-delete',
    schema: massDeleteAnnotationsRequestSchema,
    valid: {},
    optional: ['annotationId', 'dashboardId', 'dashboardUID', 'panelId'],
    required: [],
    zeroIsNone: ['annotationId', 'dashboardId', 'panelId'],
  },
  {
    name: 'POST /api/dashboards/db',
    schema: saveDashboardRequestSchema,
    valid: { dashboard: { title: 'x' } },
    optional: ['folderUid', 'folderUID', 'folderId', 'overwrite', 'message'],
    required: ['dashboard'],
  },
  {
    name: 'POST /api/dashboards/uid/{uid}/restore',
    schema: restoreDashboardRequestSchema,
    valid: { version: 1 },
    optional: [],
    required: ['version'],
  },
  {
    name: 'POST /api/dashboards/import',
    schema: importDashboardRequestSchema,
    valid: { dashboard: { title: 'x' } },
    optional: ['overwrite', 'inputs', 'folderUid', 'folderId'],
    required: ['dashboard'],
  },
  {
    name: 'POST /api/datasources',
    schema: createDataSourceRequestSchema,
    valid: { name: 'm', type: 'prometheus', access: 'proxy' },
    optional: dataSourceOptionalFields,
    required: ['name', 'type'],
  },
  {
    name: 'PUT /api/datasources/uid/{uid}',
    schema: updateDataSourceRequestSchema,
    valid: { name: 'm', type: 'prometheus', access: 'proxy' },
    optional: [...dataSourceOptionalFields, 'version'],
    required: ['name', 'type'],
  },
  { name: 'POST /api/folders', schema: createFolderRequestSchema, valid: { title: 'f' }, optional: ['uid'], required: ['title'] },
  {
    name: 'PUT /api/folders/{uid}',
    schema: updateFolderRequestSchema,
    valid: { title: 'f' },
    optional: ['version', 'overwrite'],
    required: ['title'],
  },
  { name: 'PUT /api/org', schema: updateOrgRequestSchema, valid: { name: 'o' }, optional: [], required: ['name'] },
  {
    name: 'PUT /api/org/address',
    schema: updateOrgAddressRequestSchema,
    valid: {},
    optional: ['address1', 'address2', 'city', 'zipCode', 'state', 'country'],
    required: [],
  },
  {
    name: 'POST /api/serviceaccounts',
    schema: createServiceAccountRequestSchema,
    valid: { name: 's' },
    optional: ['role', 'isDisabled'],
    required: ['name'],
  },
  {
    name: 'PATCH /api/serviceaccounts/{id}',
    schema: updateServiceAccountRequestSchema,
    valid: {},
    optional: ['name', 'role', 'isDisabled'],
    required: [],
  },
  {
    name: 'POST /api/serviceaccounts/{id}/tokens',
    schema: createTokenRequestSchema,
    valid: { name: 't' },
    optional: ['secondsToLive'],
    required: ['name'],
  },
  {
    name: 'POST /api/admin/users',
    schema: createUserRequestSchema,
    valid: { login: 'p', password: 'secret' },
    optional: ['email', 'name', 'role'],
    required: ['password'],
  },
  {
    name: 'POST /api/org/users',
    schema: addOrgUserRequestSchema,
    valid: { loginOrEmail: 'p', role: 'Viewer' },
    optional: [],
    required: ['loginOrEmail'],
  },
  { name: 'PATCH /api/org/users/{id}', schema: updateOrgUserRequestSchema, valid: { role: 'Viewer' }, optional: [], required: [] },
  { name: 'POST /api/teams', schema: createTeamRequestSchema, valid: { name: 'team' }, optional: ['email'], required: ['name'] },
  { name: 'PUT /api/teams/{id}', schema: updateTeamRequestSchema, valid: {}, optional: ['name', 'email'], required: [] },
  { name: 'POST /api/teams/{id}/members', schema: addTeamMemberRequestSchema, valid: { userId: 2 }, optional: [], required: ['userId'] },
];

describe('every request schema reads null as absent', () => {
  for (const c of cases) {
    describe(c.name, () => {
      it('parses the smallest valid body, ignoring unknown fields', () => {
        const parsed = c.schema.safeParse({ ...c.valid, somethingNew: 1, id: 7, created: '2024-01-01' });
        expect(parsed.success, parsed.success ? '' : describeZodError(parsed.error)).toBe(true);
        expect(parsed.data).not.toHaveProperty('somethingNew');
      });
      for (const field of c.optional) {
        it(`${field}: null is the same as left out`, () => {
          const parsed = c.schema.safeParse({ ...c.valid, [field]: null });
          expect(parsed.success, parsed.success ? '' : describeZodError(parsed.error)).toBe(true);
          expect((parsed.data as Record<string, unknown>)[field]).toBeUndefined();
        });
      }
      for (const field of c.required) {
        it(`${field}: null is "required", as when left out`, () => {
          const parsed = c.schema.safeParse({ ...c.valid, [field]: null });
          expect(parsed.success).toBe(false);
          expect(describeZodError(parsed.error!)).toMatch(new RegExp(`^${field}: is required`));
        });
      }
      for (const field of c.zeroIsNone ?? []) {
        it(`${field}: 0 is "none"`, () => {
          const parsed = c.schema.safeParse({ ...c.valid, [field]: 0 });
          expect(parsed.success).toBe(true);
          expect((parsed.data as Record<string, unknown>)[field]).toBeUndefined();
        });
      }
    });
  }

  it('reads a folder permission item as GET returned it: 0 ids are "none", extra fields ignored', () => {
    const item = {
      id: 1,
      folderId: 3,
      userId: 0,
      teamId: 0,
      role: 'Viewer',
      permission: 1,
      permissionName: 'View',
      inherited: false,
      uid: 'f',
    };
    expect(updateFolderPermissionsRequestSchema.parse({ items: [item] })).toEqual({
      items: [{ role: 'Viewer', permission: 1, inherited: false }],
    });
    expect(updateFolderPermissionsRequestSchema.parse({ items: [{ userId: 5, teamId: null, role: null, permission: 2 }] })).toEqual({
      items: [{ userId: 5, permission: 2 }],
    });
  });
});
