import { categoryLabel, type CategoryId } from './categories.ts';

/**
 * Catalog text search, shared by the shop and the back office. Pure: works
 * offline over the device's copy of the catalog, and the server renders /shop
 * with it, so the server's list and the browser's first render agree.
 * The rules: docs/search.md.
 */

/** Polish letters, the catalog's usual diacritics, without the slow general path below. */
const POLISH: Readonly<Record<string, string>> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };

/** Lower-case, without Polish (and other) diacritics. */
function fold(text: string): string {
  const plain = text.toLowerCase().replace(/[ąćęłńóśźż]/g, (letter) => POLISH[letter] ?? letter);
  // Other accents (é, ü…): NFD splits them into a base letter and a mark to drop.
  return /[\u0080-\uffff]/.test(plain) ? plain.normalize('NFD').replace(/\p{M}/gu, '') : plain;
}

/** Lower-case, without Polish (and other) diacritics, whitespace collapsed: 'Róża  Łąka' → 'roza laka'. */
export function normalizeForSearch(text: string): string {
  return fold(text).replace(/\s+/g, ' ').trim();
}

export interface Searchable {
  name: string;
  description: string;
  /** Its label is searched too: 'znicze' finds every candle. */
  category?: CategoryId;
  /** The sizes' names are searched as the description is: '35 róż', 'duży'. */
  sizes?: readonly { label: string }[] | null;
}

/**
 * Polish inflectional endings (without diacritics), longest first. Stripping
 * one brings most forms of a word to the same stem: róża, róże, róż, różami →
 * 'roz'; tulipany, tulipanów → 'tulipan'. Derivational endings (-owy) stay, so
 * 'róże' does not find 'różowy'.
 */
const ENDINGS = 'iego iemu ami ach ego emu ych ymi ich imi owi iej iem om ow em ym im ej ie iu a e i o u y'.split(' ');
/** A stem keeps at least this many letters: 'róż' stays 'roz'. */
const MIN_STEM = 3;
/** Shorter query words match only whole words or their beginnings, never inside a word. */
const MIN_INFIX = 4;
/** A query word of this many letters also matches with one typo (a letter missing, extra, wrong or swapped). */
const MIN_FUZZY = 5;

/** 'roze' → 'roz', 'kwiatek' and 'kwiatki' → 'kwiatk' (the e that drops out of -ek/-ec when a word inflects). */
export function polishStem(word: string): string {
  let stem = word;
  for (const ending of ENDINGS) {
    if (word.length - ending.length >= MIN_STEM && word.endsWith(ending)) {
      stem = word.slice(0, -ending.length);
      break;
    }
  }
  return stem.length > 4 && /e[kc]$/.test(stem) ? stem.slice(0, -2) + stem.slice(-1) : stem;
}

/** Damerau–Levenshtein distance ≤ 1, in one pass: the two words differ by at most one edit. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  if (i === a.length && a.length === b.length) return true;
  const rest = (skipA: number, skipB: number) => a.slice(i + skipA) === b.slice(i + skipB);
  if (a.length > b.length) return rest(1, 0);
  if (a.length < b.length) return rest(0, 1);
  return rest(1, 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(2, 2));
}

const stems = new Map<string, string>();
const stemOf = (word: string): string => {
  let stem = stems.get(word);
  if (stem === undefined) stems.set(word, (stem = polishStem(word)));
  return stem;
};

/** Words of letters and digits; the plain pattern is several times faster, and most normalized text is ASCII. */
function toWords(text: string): string[] {
  const plain = fold(text);
  return plain.split(/[\u0080-\uffff]/.test(plain) ? /[^\p{L}\p{N}]+/u : /[^a-z0-9]+/).filter(Boolean);
}

/** A match in the name counts most, then the category, then the description. */
const NAME = 9;
const CATEGORY = 5;
const DESCRIPTION = 3;

/** A product's distinct words, each with the weight of the first field it is in (name, category, description). */
interface Indexed {
  words: string[];
  weights: number[];
}

/** Words per product object: typing re-searches the same thousands of rows on every keystroke. */
const indexed = new WeakMap<Searchable, Indexed>();
const categoryWords = new Map<CategoryId, string[]>();
const sizeWords = new Map<string, string[]>();

function indexOf(product: Searchable): Indexed {
  let index = indexed.get(product);
  if (!index) {
    index = { words: [], weights: [] };
    const { words, weights } = index;
    const add = (list: string[], weight: number) => {
      for (const word of list) {
        if (words.includes(word)) continue;
        words.push(word);
        weights.push(weight);
      }
    };
    add(toWords(product.name), NAME);
    const category = product.category;
    if (category) {
      let labelWords = categoryWords.get(category);
      if (!labelWords) categoryWords.set(category, (labelWords = toWords(categoryLabel(category))));
      add(labelWords, CATEGORY);
    }
    add(toWords(product.description), DESCRIPTION);
    for (const size of product.sizes ?? []) {
      // Few labels recur across the catalogue ('Mały', 'Duży'): their words are read once.
      let labelWords = sizeWords.get(size.label);
      if (!labelWords) sizeWords.set(size.label, (labelWords = toWords(size.label)));
      add(labelWords, DESCRIPTION);
    }
    indexed.set(product, index);
  }
  return index;
}

/** The best score a word can get: the same word, in the name. */
const BEST = 6 * NAME;

/**
 * How well one query word matches one word of a product: 6 the same word,
 * 5 the same stem, 4 its beginning, 2 one typo away, 1 inside it, 0 not at all.
 * Memoised per query: a catalog repeats its words.
 */
function wordMatcher(query: string): (word: string) => number {
  const seen = new Map<string, number>();
  const queryStem = stemOf(query);
  const fuzzy = query.length >= MIN_FUZZY;
  // Short stems are too alike ('roz', 'rok'): one edit apart means nothing there.
  const fuzzyStem = fuzzy && queryStem.length >= MIN_FUZZY;
  return (word) => {
    let score = seen.get(word);
    if (score === undefined) {
      score =
        word === query
          ? 6
          : stemOf(word) === queryStem
            ? 5
            : word.startsWith(query)
              ? 4
              : fuzzy && (withinOneEdit(word, query) || (fuzzyStem && withinOneEdit(stemOf(word), queryStem)))
                ? 2
                : query.length >= MIN_INFIX && word.includes(query)
                  ? 1
                  : 0;
      seen.set(word, score);
    }
    return score;
  };
}

/** The product's score for the query: every query word must match somewhere, else 0. */
function scoreOf(product: Searchable, matchers: ReadonlyArray<(word: string) => number>): number {
  const { words, weights } = indexOf(product);
  let total = 0;
  for (const match of matchers) {
    let best = 0;
    for (let i = 0; i < words.length && best < BEST; i += 1) best = Math.max(best, match(words[i]!) * weights[i]!);
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

const matchersFor = (query: string) => toWords(query).map(wordMatcher);

/** Whether every word of the query matches the name, category or description (see searchProducts); an empty query matches everything. */
export function matchesQuery(product: Searchable, query: string): boolean {
  const matchers = matchersFor(query);
  return matchers.length === 0 || scoreOf(product, matchers) > 0;
}

/**
 * The products matching every word of the query, best first: a match in the
 * name before one in the description, the same word or stem before a word's
 * beginning, and that before a typo. Equal matches keep the list's order; an
 * empty query returns the list as it is.
 */
export function searchProducts<T extends Searchable>(products: readonly T[], query: string): T[] {
  const matchers = matchersFor(query);
  if (matchers.length === 0) return [...products];
  const scored: Array<{ product: T; score: number }> = [];
  for (const product of products) {
    const score = scoreOf(product, matchers);
    if (score > 0) scored.push({ product, score });
  }
  // Array.prototype.sort is stable: equal scores keep the catalog's order.
  return scored.sort((a, b) => b.score - a.score).map((hit) => hit.product);
}
