import { z } from 'zod';
import { integerQueryParam, optionalField, pageQueryParam, typeError } from './common';
import { uidSchema } from './dashboards';

/**
 * Grafana's library elements (`/api/library-elements`): panels kept once and referenced from
 * dashboards by `libraryPanel: {uid, name}`. Shapes as Grafana's `LibraryElementDTO`
 * (pkg/services/libraryelements/model/model.go).
 */

/** Kind 1: a library panel (Grafana's kind 2, library variables, is not offered). */
export const LIBRARY_PANEL_KIND = 1;

export const libraryElementUserSchema = z.looseObject({ id: z.number(), name: z.string(), avatarUrl: z.string() });

export const libraryElementMetaSchema = z.looseObject({
  folderName: z.string(),
  folderUid: z.string(),
  connectedDashboards: z.number(),
  created: z.string(),
  updated: z.string(),
  createdBy: libraryElementUserSchema,
  updatedBy: libraryElementUserSchema,
});

export const libraryElementSchema = z.looseObject({
  id: z.number(),
  orgId: z.number(),
  folderId: z.number(),
  folderUid: z.string(),
  uid: z.string(),
  name: z.string(),
  kind: z.number(),
  type: z.string(),
  description: z.string(),
  model: z.record(z.string(), z.unknown()),
  version: z.number(),
  meta: libraryElementMetaSchema,
});
export type LibraryElement = z.infer<typeof libraryElementSchema>;

/** `GET /api/library-elements/{uid}`, `POST`, `PATCH`. */
export const libraryElementResponseSchema = z.looseObject({ result: libraryElementSchema });
export type LibraryElementResponse = z.infer<typeof libraryElementResponseSchema>;

/** `GET /api/library-elements/name/{name}`. */
export const libraryElementArrayResponseSchema = z.looseObject({ result: z.array(libraryElementSchema) });

/** `GET /api/library-elements`. */
export const libraryElementSearchResponseSchema = z.looseObject({
  result: z.looseObject({
    totalCount: z.number(),
    elements: z.array(libraryElementSchema),
    page: z.number(),
    perPage: z.number(),
  }),
});
export type LibraryElementSearchResponse = z.infer<typeof libraryElementSearchResponseSchema>;

/** A comma-separated list in a query string (`typeFilter=stat,timeseries`); blanks dropped. */
const commaList = () =>
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

export const libraryElementSearchQuerySchema = z.object({
  searchString: z.string().optional(),
  kind: integerQueryParam(),
  sortDirection: z.enum(['alpha-asc', 'alpha-desc'], { error: 'must be alpha-asc or alpha-desc' }).optional(),
  typeFilter: commaList(),
  excludeUid: z.string().optional(),
  /** Folder uids; `general` (or an empty uid) is the root. */
  folderFilterUIDs: commaList(),
  /** Grafana's older folder ids; 0 is the root. */
  folderFilter: commaList(),
  perPage: integerQueryParam(),
  page: pageQueryParam(),
});
export type LibraryElementSearchQuery = z.infer<typeof libraryElementSearchQuerySchema>;

const kindSchema = z
  .number({ error: typeError('a number') })
  .refine((kind) => kind === LIBRARY_PANEL_KIND, { error: 'the element kind is not supported: only 1 (library panels) is' });

const modelSchema = z.record(z.string(), z.unknown(), { error: typeError('a JSON object') });

/** `POST /api/library-elements`. */
export const createLibraryElementRequestSchema = z.object({
  folderUid: optionalField(z.string({ error: typeError('a string') })),
  folderId: optionalField(z.number({ error: typeError('a number') }).int()),
  name: z
    .string({ error: typeError('a string') })
    .trim()
    .min(1)
    .max(150),
  model: modelSchema,
  kind: kindSchema,
  uid: optionalField(uidSchema),
});
export type CreateLibraryElementRequest = z.infer<typeof createLibraryElementRequestSchema>;

/** `PATCH /api/library-elements/{uid}`: what is left out stays as it is; `version` must be the stored one. */
export const patchLibraryElementRequestSchema = z.object({
  folderUid: optionalField(z.string({ error: typeError('a string') })),
  name: optionalField(z.string({ error: typeError('a string') }).max(150)),
  model: optionalField(modelSchema),
  kind: kindSchema,
  version: z.number({ error: typeError('a number') }).int(),
  uid: optionalField(uidSchema),
});
export type PatchLibraryElementRequest = z.infer<typeof patchLibraryElementRequestSchema>;

export const libraryElementUidParamsSchema = z.object({ uid: z.string() });
export const libraryElementNameParamsSchema = z.object({ name: z.string() });

export const deleteLibraryElementResponseSchema = z.looseObject({ id: z.number(), message: z.string() });

export const libraryElementConnectionSchema = z.looseObject({
  id: z.number(),
  kind: z.number(),
  elementId: z.number(),
  connectionId: z.number(),
  connectionUid: z.string(),
  created: z.string(),
  createdBy: libraryElementUserSchema,
});
export const libraryElementConnectionsResponseSchema = z.looseObject({ result: z.array(libraryElementConnectionSchema) });
export type LibraryElementConnection = z.infer<typeof libraryElementConnectionSchema>;

/** A dashboard panel's reference to a library panel (`"libraryPanel": {"uid", "name"}`). */
export function libraryPanelUid(panel: unknown): string | undefined {
  if (!panel || typeof panel !== 'object') return undefined;
  const ref = (panel as { libraryPanel?: unknown }).libraryPanel;
  if (!ref || typeof ref !== 'object') return undefined;
  const uid = (ref as { uid?: unknown }).uid;
  return typeof uid === 'string' && uid !== '' ? uid : undefined;
}

/** The uids of the library panels a dashboard model's panels reference, rows' collapsed panels included. */
export function libraryPanelUids(panels: unknown): string[] {
  const found = new Set<string>();
  const visit = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const panel of list) {
      const uid = libraryPanelUid(panel);
      if (uid) found.add(uid);
      else if (panel && typeof panel === 'object' && (panel as { type?: unknown }).type === 'row')
        visit((panel as { panels?: unknown }).panels);
    }
  };
  visit(panels);
  return [...found];
}
