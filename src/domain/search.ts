/**
 * Catalog text search, shared by the shop and anything else that filters
 * products. Pure: works offline over the device's copy of the catalog.
 */

/** Letters NFD does not decompose into a base letter plus a combining mark. */
const STANDALONE_LETTERS: Readonly<Record<string, string>> = { ł: 'l', Ł: 'l' };

/** Lower-case, without Polish (and other) diacritics, whitespace collapsed: 'Róża  Łąka' → 'roza laka'. */
export function normalizeForSearch(text: string): string {
  return text
    .replace(/[łŁ]/g, (letter) => STANDALONE_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export interface Searchable {
  name: string;
  description: string;
}

/** Normalized text per product object: typing re-searches the same thousands of rows on every keystroke. */
const haystacks = new WeakMap<Searchable, string>();

function haystackOf(product: Searchable): string {
  let haystack = haystacks.get(product);
  if (haystack === undefined) {
    haystack = normalizeForSearch(`${product.name} ${product.description}`);
    haystacks.set(product, haystack);
  }
  return haystack;
}

/** Every word of the query must occur in the name or the description; an empty query matches everything. */
export function matchesQuery(product: Searchable, query: string): boolean {
  const words = normalizeForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = haystackOf(product);
  return words.every((word) => haystack.includes(word));
}
