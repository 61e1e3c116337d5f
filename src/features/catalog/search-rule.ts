import { use } from 'react';
import type { searchProducts } from '../../domain/search.ts';

export type SearchRule = typeof searchProducts;

let loaded: SearchRule | undefined;
let loading: Promise<SearchRule> | undefined;

/**
 * The shop's text search (src/domain/search.ts) is loaded when it is first
 * needed, not with the page: most visits to /shop never search, and its
 * JS budget has no room for it. The search box starts it on focus, so it is
 * there by the first letter.
 */
export function loadSearchRule(): Promise<SearchRule> {
  loading ??= import('../../domain/search.ts').then((module) => (loaded = module.searchProducts));
  return loading;
}

/**
 * The search rule while a search is shown. A render with a search waits for
 * it (suspends): the server's render and the browser's hydration of a page
 * with `q` draw the same list, and a deferred render keeps the previous list
 * on screen meanwhile.
 */
export function useSearchRule(searching: boolean): SearchRule | undefined {
  if (!searching) return undefined;
  return loaded ?? use(loadSearchRule());
}
