import { z } from 'zod';
import { integerQueryParam, numericIdParam, optionalField, optionalId, orgRoleSchema, pageQueryParam, typeError } from './common';
import { uidSchema } from './dashboards';

export const folderSchema = z.looseObject({
  id: z.number(),
  uid: z.string(),
  title: z.string(),
  url: z.string(),
  version: z.number(),
  created: z.string(),
  updated: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  canSave: z.boolean(),
  canEdit: z.boolean(),
  canAdmin: z.boolean(),
  canDelete: z.boolean(),
});
export type Folder = z.infer<typeof folderSchema>;

/** `GET /api/folders` */
export const folderListItemSchema = z.looseObject({ id: z.number(), uid: z.string(), title: z.string() });
export type FolderListItem = z.infer<typeof folderListItemSchema>;
export const folderListSchema = z.array(folderListItemSchema);
export const folderListQuerySchema = z.object({ limit: integerQueryParam(), page: pageQueryParam() });

const folderTitle = z
  .string({ error: typeError('a string') })
  .trim()
  .min(1, 'cannot be empty')
  .max(255, 'is too long: at most 255 characters');

/** `POST /api/folders` */
export const createFolderRequestSchema = z.object({
  uid: optionalField(uidSchema),
  title: folderTitle,
});
export type CreateFolderRequest = z.infer<typeof createFolderRequestSchema>;

/** `PUT /api/folders/{uid}` */
export const updateFolderRequestSchema = z.object({
  title: folderTitle,
  version: optionalField(z.number({ error: typeError('a number') }).int()),
  overwrite: optionalField(z.boolean({ error: typeError('true or false') })),
});
export type UpdateFolderRequest = z.infer<typeof updateFolderRequestSchema>;

export const folderUidParamsSchema = z.object({ uid: z.string() });
/** `GET /api/folders/id/{id}`: Grafana's older address of a folder. */
export const folderIdParamsSchema = z.object({ id: numericIdParam() });

export const deleteFolderResponseSchema = z.looseObject({ id: z.number(), title: z.string(), message: z.string() });
export type DeleteFolderResponse = z.infer<typeof deleteFolderResponseSchema>;

/** Grafana's permission levels: 1 View, 2 Edit, 4 Admin. */
export const permissionLevels = { View: 1, Edit: 2, Admin: 4 } as const;
export type PermissionName = keyof typeof permissionLevels;
export type PermissionLevel = (typeof permissionLevels)[PermissionName];
export const permissionLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(4)], {
  error: 'must be 1 (View), 2 (Edit) or 4 (Admin)',
});

/**
 * One entry of `GET /api/folders/{uid}/permissions` (and of a dashboard's): for a role, one account
 * (`userId`) or a team (`teamId`); the other two are 0 / absent, as in Grafana.
 */
export const folderPermissionSchema = z.looseObject({
  role: orgRoleSchema.optional(),
  userId: z.number().optional(),
  userLogin: z.string().optional(),
  teamId: z.number().optional(),
  team: z.string().optional(),
  permission: permissionLevelSchema,
  permissionName: z.string(),
  /** Dashboard lists: true for the entries that come from the dashboard's folder. */
  inherited: z.boolean().optional(),
});
export type FolderPermission = z.infer<typeof folderPermissionSchema>;
export const folderPermissionListSchema = z.array(folderPermissionSchema);

/**
 * One item of a permission list to store. Exactly one of role, userId and teamId; `0` and `null`
 * mean "none" (so a list as GET returned it, `{"userId": 0, "teamId": 0, "role": "Viewer", ...}`,
 * posts back unchanged). Extra fields are ignored.
 */
export const permissionItemSchema = z
  .object({
    role: optionalField(
      z.enum(['Viewer', 'Editor'], {
        error: (issue) =>
          `invalid role specified: ${JSON.stringify(issue.input)}; use Viewer or Editor (Admins always have every permission)`,
      }),
    ),
    userId: optionalId(
      z
        .number({ error: typeError('a number') })
        .int()
        .min(0, 'cannot be negative'),
    ),
    teamId: optionalId(
      z
        .number({ error: typeError('a number') })
        .int()
        .min(0, 'cannot be negative'),
    ),
    permission: permissionLevelSchema,
    /** Set on entries a dashboard's list shows from its folder: not the dashboard's own, so not stored with it. */
    inherited: optionalField(z.boolean({ error: typeError('true or false') })),
  })
  .refine((item) => [item.role, item.userId, item.teamId].filter((v) => v !== undefined).length === 1, {
    error: 'give exactly one of role, userId or teamId',
  });
export type PermissionItemRequest = z.infer<typeof permissionItemSchema>;

/** `POST /api/folders/{uid}/permissions` (and a dashboard's): the new list, replacing the old one. */
export const updateFolderPermissionsRequestSchema = z.object({
  // Each entry is a row written in one statement.
  items: z.array(permissionItemSchema, { error: typeError('an array') }).max(1000, 'too many entries: at most 1000'),
});
export type UpdateFolderPermissionsRequest = z.infer<typeof updateFolderPermissionsRequestSchema>;
