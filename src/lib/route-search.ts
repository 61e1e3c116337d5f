/**
 * A route's search params as the URL has them: the named keys whose values
 * are non-empty text, nothing else. For a page that parses its params itself
 * (its parser and the rules it needs then load with the page's code, not with
 * the route table every visitor downloads first). The keys still
 * type the route's links and navigations.
 */
export function textSearchParams<Key extends string>(...keys: Key[]) {
  return (search: Record<string, unknown>): { [K in Key]?: string | undefined } => {
    // Every key is set, if only to undefined: the router keeps the raw value of a key left out.
    const params: { [K in Key]?: string | undefined } = {};
    for (const key of keys) {
      const value = search[key];
      // The router reads '?q=2024' as the number 2024: it is the same text in the address bar. Written to be small: it is in every first load.
      params[key] = typeof value === 'number' || (typeof value === 'string' && value) ? String(value) : undefined;
    }
    return params;
  };
}
