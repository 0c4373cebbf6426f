import { z } from 'zod';
import { booleanQueryParam, integerQueryParam, MAX_TERMS_PER_REQUEST, pageQueryParam, repeatedQueryParam } from './common';

/** Most ids or uids one search may filter by (each is a SQL parameter). */
export const MAX_SEARCH_IDS = 1000;

const stringList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : [value].flat()))
  .refine((values) => values.length <= MAX_SEARCH_IDS, { error: `too many values: at most ${MAX_SEARCH_IDS}` });
/** Ids may come repeated (`folderIds=1&folderIds=2`) or comma-separated. */
const integerList = stringList.pipe(
  z.array(z.string()).transform((values, ctx) => {
    const numbers: number[] = [];
    for (const part of values.flatMap((v) => v.split(','))) {
      if (part.trim() === '') continue;
      if (!/^-?\d+$/.test(part.trim()) || !Number.isSafeInteger(Number(part))) {
        ctx.addIssue({ code: 'custom', message: `must be whole numbers, got "${part.slice(0, 40)}"` });
        return z.NEVER;
      }
      numbers.push(Number(part));
    }
    if (numbers.length > MAX_SEARCH_IDS) {
      ctx.addIssue({ code: 'custom', message: `too many values: at most ${MAX_SEARCH_IDS}` });
      return z.NEVER;
    }
    return numbers;
  }),
);
const uidList = stringList
  .transform((values) =>
    values
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean),
  )
  .refine((values) => values.length <= MAX_SEARCH_IDS, { error: `too many values: at most ${MAX_SEARCH_IDS}` });

export { MAX_SEARCH_LIMIT } from './searchLimits';

/** `GET /api/search` */
export const searchQuerySchema = z.object({
  /** Every word must be in the title; each word is one SQL condition. */
  query: z
    .string()
    .max(1000, 'is too long: at most 1000 characters')
    .refine((text) => text.split(/\s+/).filter(Boolean).length <= MAX_TERMS_PER_REQUEST, {
      error: `has too many words: at most ${MAX_TERMS_PER_REQUEST}`,
    })
    .optional(),
  tag: repeatedQueryParam(MAX_TERMS_PER_REQUEST, 'tags'),
  type: z.enum(['dash-db', 'dash-folder'], { error: 'must be dash-db or dash-folder' }).optional(),
  dashboardUIDs: uidList,
  dashboardIds: integerList,
  folderUIDs: uidList,
  folderIds: integerList,
  starred: booleanQueryParam(),
  sort: z.enum(['alpha-asc', 'alpha-desc'], { error: 'must be alpha-asc or alpha-desc' }).optional(),
  limit: integerQueryParam(),
  page: pageQueryParam(),
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
