import * as v from 'valibot';
import { CATEGORY_IDS } from '../../domain/categories.ts';

/**
 * Search params of /shop. An unknown category (old link, typo) falls back to
 * "all products" instead of failing the whole route.
 */
export const shopSearchSchema = v.object({
  category: v.fallback(v.optional(v.picklist(CATEGORY_IDS)), undefined),
});

export type ShopSearch = v.InferOutput<typeof shopSearchSchema>;
