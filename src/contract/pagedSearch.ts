import { z } from 'zod';

/** Grafana's answer to a paged search (teams, service accounts): `{ totalCount, <items>: [...], page, perPage }`. */
export function pagedSearchResponseSchema<Key extends string, Item extends z.ZodType>(itemsKey: Key, item: Item) {
  const items = { [itemsKey]: z.array(item) } as { [K in Key]: z.ZodArray<Item> };
  return z.looseObject({ totalCount: z.number(), ...items, page: z.number(), perPage: z.number() });
}
