import * as v from 'valibot';
import { CATEGORY_IDS } from '../../domain/categories.ts';

export const MAX_QUERY_LENGTH = 100;

/** Trimmed, at most 100 characters; blank or not a string means "no search". */
const querySchema = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((value) => String(value).trim().slice(0, MAX_QUERY_LENGTH)),
      v.transform((value) => (value === '' ? undefined : value)),
    ),
  ),
  undefined,
);

/**
 * Search params of /shop. An unknown category (old link, typo) falls back to
 * "all products" instead of failing the whole route; so does a broken `q`.
 */
export const shopSearchSchema = v.object({
  category: v.fallback(v.optional(v.picklist(CATEGORY_IDS)), undefined),
  q: querySchema,
});

export type ShopSearch = v.InferOutput<typeof shopSearchSchema>;

/** The `q` the URL should carry for what the customer typed. */
export function queryParam(text: string): string | undefined {
  const trimmed = text.trim().slice(0, MAX_QUERY_LENGTH);
  return trimmed === '' ? undefined : trimmed;
}
