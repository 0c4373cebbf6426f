import { z } from 'zod';
import { integerQueryParam, orgRoleSchema, typeError } from './common';
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
export const folderListQuerySchema = z.object({ limit: integerQueryParam(), page: integerQueryParam() });

const folderTitle = z
  .string({ error: typeError('a string') })
  .trim()
  .min(1, 'cannot be empty')
  .max(255, 'is too long: at most 255 characters');

/** `POST /api/folders` */
export const createFolderRequestSchema = z.object({
  uid: uidSchema.optional(),
  title: folderTitle,
});
export type CreateFolderRequest = z.infer<typeof createFolderRequestSchema>;

/** `PUT /api/folders/{uid}` */
export const updateFolderRequestSchema = z.object({
  title: folderTitle,
  version: z.number({ error: typeError('a number') }).int().optional(),
  overwrite: z.boolean({ error: typeError('true or false') }).optional(),
});
export type UpdateFolderRequest = z.infer<typeof updateFolderRequestSchema>;

export const folderUidParamsSchema = z.object({ uid: z.string() });

export const deleteFolderResponseSchema = z.looseObject({ id: z.number(), title: z.string(), message: z.string() });
export type DeleteFolderResponse = z.infer<typeof deleteFolderResponseSchema>;

/** Grafana's permission levels: 1 View, 2 Edit, 4 Admin. */
export const permissionLevels = { View: 1, Edit: 2, Admin: 4 } as const;
export type PermissionName = keyof typeof permissionLevels;
export type PermissionLevel = (typeof permissionLevels)[PermissionName];
export const permissionLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(4)], {
  error: 'must be 1 (View), 2 (Edit) or 4 (Admin)',
});

/** One entry of `GET /api/folders/{uid}/permissions`: for a role or for one account (`userId`). */
export const folderPermissionSchema = z.looseObject({
  role: orgRoleSchema.optional(),
  userId: z.number().optional(),
  userLogin: z.string().optional(),
  permission: permissionLevelSchema,
  permissionName: z.string(),
});
export type FolderPermission = z.infer<typeof folderPermissionSchema>;
export const folderPermissionListSchema = z.array(folderPermissionSchema);

/** `POST /api/folders/{uid}/permissions`: the new list, replacing the old one. */
export const updateFolderPermissionsRequestSchema = z.object({
  items: z.array(
    z
      .object({
        role: z.enum(['Viewer', 'Editor'], { error: 'must be Viewer or Editor (Admins always have every permission)' }).optional(),
        userId: z.number({ error: typeError('a number') }).int().positive().optional(),
        teamId: z.number().optional(),
        permission: permissionLevelSchema,
      })
      .refine((item) => item.teamId === undefined || item.teamId === 0, { error: 'teams are not supported; give role or userId' })
      .refine((item) => (item.role === undefined) !== (item.userId === undefined), {
        error: 'give exactly one of role or userId',
      }),
    { error: typeError('an array') },
  ),
});
export type UpdateFolderPermissionsRequest = z.infer<typeof updateFolderPermissionsRequestSchema>;
