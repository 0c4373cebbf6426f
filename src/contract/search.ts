import { z } from 'zod';
import { booleanQueryParam, integerQueryParam } from './common';

const stringList = z.union([z.string(), z.array(z.string())]).optional()
  .transform((value) => (value === undefined ? [] : [value].flat()));
/** Ids may come repeated (`folderIds=1&folderIds=2`) or comma-separated. */
const integerList = stringList.pipe(
  z.array(z.string()).transform((values, ctx) => {
    const numbers: number[] = [];
    for (const part of values.flatMap((v) => v.split(','))) {
      if (part.trim() === '') continue;
      if (!/^-?\d+$/.test(part.trim())) {
        ctx.addIssue({ code: 'custom', message: `must be whole numbers, got "${part}"` });
        return z.NEVER;
      }
      numbers.push(Number(part));
    }
    return numbers;
  }),
);
const uidList = stringList.transform((values) => values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean));

export const MAX_SEARCH_LIMIT = 5000;

/** `GET /api/search` */
export const searchQuerySchema = z.object({
  query: z.string().optional(),
  tag: stringList,
  type: z.enum(['dash-db', 'dash-folder'], { error: 'must be dash-db or dash-folder' }).optional(),
  dashboardUIDs: uidList,
  dashboardIds: integerList,
  folderUIDs: uidList,
  folderIds: integerList,
  starred: booleanQueryParam(),
  sort: z.enum(['alpha-asc', 'alpha-desc'], { error: 'must be alpha-asc or alpha-desc' }).optional(),
  limit: integerQueryParam(),
  page: integerQueryParam(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchHitSchema = z.looseObject({
  id: z.number(),
  uid: z.string(),
  title: z.string(),
  uri: z.string(),
  url: z.string(),
  slug: z.string(),
  type: z.enum(['dash-db', 'dash-folder']),
  tags: z.array(z.string()),
  isStarred: z.boolean(),
  folderId: z.number().optional(),
  folderUid: z.string().optional(),
  folderTitle: z.string().optional(),
  folderUrl: z.string().optional(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
export const searchResultSchema = z.array(searchHitSchema);
