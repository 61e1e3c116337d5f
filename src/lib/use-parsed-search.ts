import { useMemo } from 'react';

/**
 * A page's search params (textSearchParams, src/lib/route-search.ts) parsed
 * with its feature's parser, again only when the router's params change (it
 * keeps the same object while they do not): docs/decisions/012. A module of
 * its own, so only the pages' chunks carry it.
 */
export function useParsedSearch<Params, Search>(params: Params, parse: (params: Params) => Search): Search {
  return useMemo(() => parse(params), [params, parse]);
}
