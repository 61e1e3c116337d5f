/**
 * The catalog search (src/domain/search.ts) at 5,000 products, as a customer
 * types: synthetic Polish names and descriptions (every inflected form the
 * rules care about), searched once per keystroke on fresh product objects,
 * so the first keystroke also pays for indexing the catalog, as on a phone.
 */
import { performance } from 'node:perf_hooks';
import type { CategoryId } from '../src/domain/categories.ts';
import { searchProducts } from '../src/domain/search.ts';
import { log, RUNS } from './context.ts';
import { budget, results } from './report.ts';

const NOUNS = [
  ['Bukiet', 'bukietu', 'bukiety'],
  ['Róża', 'róży', 'róż'],
  ['Tulipan', 'tulipana', 'tulipanów'],
  ['Znicz', 'znicza', 'zniczy'],
  ['Wieniec', 'wieńca', 'wieńców'],
  ['Storczyk', 'storczyka', 'storczyków'],
  ['Stroik', 'stroika', 'stroików'],
  ['Kubek', 'kubka', 'kubków'],
  ['Magnes', 'magnesu', 'magnesów'],
  ['Świeca', 'świecy', 'świec'],
  ['Wiązanka', 'wiązanki', 'wiązanek'],
  ['Kosz', 'kosza', 'koszy'],
] as const;
const ADJECTIVES = ['czerwonych', 'białych', 'żółtych', 'różowych', 'bordowych', 'kremowych', 'pastelowych', 'sztucznych'];
const EXTRAS = ['w wazonie', 'z zielenią', 'w pudełku', 'na grób', 'z wstążką', 'w doniczce', 'ślubny', 'okolicznościowy'];
const CATEGORIES: CategoryId[] = ['live-flowers', 'artificial-flowers', 'candles', 'souvenirs', 'seasonal-gifts'];

/** What the customer types, letter by letter: the forms the rules are for, and one typo. */
const KEYSTROKES = ['r', 'ró', 'róż', 'róże', 't', 'tu', 'tul', 'tuli', 'tulip', 'tulipa', 'tulipan', 'tulipany', 'tulipny'];

/** Deterministic: every run searches the same catalog. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    // The high bits: an LCG's low bits repeat with a short period.
    return Math.floor((state / 2 ** 31) * below);
  };
}

function syntheticCatalog(count = 5000) {
  const pick = random(37);
  return Array.from({ length: count }, (_, index) => {
    const [noun, genitive] = NOUNS[pick(NOUNS.length)]!;
    const [, , plural] = NOUNS[pick(NOUNS.length)]!;
    const adjective = ADJECTIVES[pick(ADJECTIVES.length)]!;
    return {
      name: `${noun} ${EXTRAS[pick(EXTRAS.length)]!} nr ${index + 1}`,
      description: `Kompozycja z ${plural} ${adjective}. Idealna zamiast ${genitive}, przygotowana na zamówienie w kwiaciarni.`,
      category: CATEGORIES[pick(CATEGORIES.length)]!,
      // Every other product sold in sizes, as a bouquet is: their names are searched too.
      sizes: index % 2 === 0 ? [{ label: 'Mały' }, { label: 'Średni' }, { label: `${15 + (index % 3) * 10} ${plural}` }] : [],
    };
  });
}

/**
 * Milliseconds per keystroke as typed (the fastest of the runs, each on a
 * fresh catalog), once the first search has indexed the catalog, and that
 * first search on its own (a catalog's words are read once per product
 * object, then every keystroke reuses them).
 */
function measureSearch(runs: number) {
  const perRun: number[][] = [];
  const firstSearch: number[] = [];
  const found: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const catalog = syntheticCatalog();
    const started = performance.now();
    searchProducts(catalog, KEYSTROKES[0]!);
    firstSearch.push(performance.now() - started);
    perRun.push(
      KEYSTROKES.map((query, index) => {
        const begun = performance.now();
        const results = searchProducts(catalog, query);
        const elapsed = performance.now() - begun;
        found[index] = results.length;
        return elapsed;
      }),
    );
  }
  // The least disturbed run: on a shared machine other work only ever adds time to a computation this short.
  const perKeystroke = KEYSTROKES.map((query, index) => ({
    query,
    ms: Math.min(...perRun.map((times) => times[index]!)),
    found: found[index]!,
  }));
  const sorted = perKeystroke.map((k) => k.ms).sort((a, b) => a - b);
  return {
    products: 5000,
    firstSearchMs: Math.min(...firstSearch),
    perKeystroke,
    maxMs: sorted.at(-1)!,
    medianMs: sorted[Math.floor(sorted.length / 2)]!,
  };
}

/** The domain's catalog search per keystroke at 5,000 products, in Node: the rule itself, without the page around it. */
export function searchSection(out: string[]) {
  log('catalog search per keystroke, 5,000 synthetic products');
  // At least 5 runs: each keystroke takes milliseconds, and a busy moment of the machine can double one.
  const search = measureSearch(Math.max(5, RUNS));
  results.search = search;
  budget('Catalog search per keystroke, 5,000 products (domain, slowest keystroke)', search.maxMs, 50, 'ms');
  budget('Catalog search, first keystroke on a fresh 5,000-product catalog (reads its words)', search.firstSearchMs, 50, 'ms');
  out.push(
    '## Catalog search (src/domain/search.ts, 5,000 synthetic products, fastest of the runs)',
    '',
    `First search on a fresh catalog (reads every product's words once): ${search.firstSearchMs.toFixed(1)} ms. Then, as typed:`,
    '',
    '| Typed | ms | Found |',
    '| --- | --- | --- |',
    ...search.perKeystroke.map((k) => `| ${k.query} | ${k.ms.toFixed(1)} | ${k.found} |`),
    '',
  );
}
