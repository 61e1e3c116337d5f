import { describe, expect, it } from 'vitest';
import { countProducts, polishPlural, PRODUCT_FORMS } from './plural.ts';
import type { CategoryId } from './categories.ts';
import { matchesQuery, normalizeForSearch, polishStem, searchProducts, withinOneEdit } from './search.ts';

const rose = { name: 'Bukiet czerwonych róż', description: 'Dwanaście róż przewiązanych wstążką.' };
const candle = { name: 'Znicz szklany „Anioł”', description: 'Bursztynowy znicz z motywem anioła.' };

describe('normalizeForSearch', () => {
  it('lower-cases and strips every Polish diacritic, ł included', () => {
    expect(normalizeForSearch('Zażółć GĘŚLĄ jaźń')).toBe('zazolc gesla jazn');
    expect(normalizeForSearch('Łódź, Śląsk, Ćma, Ńa')).toBe('lodz, slask, cma, na');
  });

  it('collapses and trims whitespace', () => {
    expect(normalizeForSearch('  Róża \t biała  ')).toBe('roza biala');
  });
});

describe('matchesQuery', () => {
  it("finds 'Róża' when typed without diacritics, in any case", () => {
    expect(matchesQuery({ name: 'Róża czerwona', description: '' }, 'roza')).toBe(true);
    expect(matchesQuery({ name: 'Róża czerwona', description: '' }, 'RÓŻA')).toBe(true);
    expect(matchesQuery(rose, 'roz')).toBe(true);
  });

  it('searches the description too', () => {
    expect(matchesQuery(rose, 'wstazka')).toBe(true);
    expect(matchesQuery(candle, 'bursztynowy')).toBe(true);
  });

  it('requires every word of the query to match', () => {
    expect(matchesQuery(candle, 'anio znicz')).toBe(true);
    expect(matchesQuery(candle, 'anio roza')).toBe(false);
    expect(matchesQuery(rose, 'tulipan')).toBe(false);
  });

  it('matches everything for an empty or blank query', () => {
    expect(matchesQuery(rose, '')).toBe(true);
    expect(matchesQuery(rose, '   ')).toBe(true);
  });
});

/** Products of the seeded catalogue (supabase/seed.sql), where customers saw the search miss. */
const product = (name: string, description: string, category: CategoryId) => ({ name, description, category });
const catalogue = [
  product(
    'Bukiet czerwonych róż',
    'Klasyczny bukiet z dwunastu czerwonych róż w eleganckim papierze, przewiązany satynową wstążką.',
    'live-flowers',
  ),
  product('Bukiet różowych tulipanów', 'Wiosenny bukiet piętnastu różowych tulipanów z zielenią.', 'live-flowers'),
  product('Storczyk w doniczce', 'Biało-różowy storczyk falenopsis w ceramicznej osłonce.', 'live-flowers'),
  product('Bukiet ślubny z białych róż', 'Okrągły bukiet ślubny z białych róż i eukaliptusa, wykonywany na zamówienie.', 'live-flowers'),
  product('Sztuczne tulipany w wazonie', 'Żółte i czerwone tulipany z tkaniny w szklanym wazonie.', 'artificial-flowers'),
  product('Znicz szklany „Anioł”', 'Bursztynowy znicz z tłoczonym motywem anioła i złotą pokrywką.', 'candles'),
  product('Wkład do lampionu', 'Parafinowy wkład, pali się około 48 godzin.', 'candles'),
  product('Kubek z różą', 'Biały kubek z ręcznie malowaną różą.', 'souvenirs'),
  product('Magnes – panorama Przemyśla', 'Kolorowy magnes na lodówkę z panoramą miasta nad Sanem.', 'souvenirs'),
];
const found = (query: string) => searchProducts(catalogue, query).map((item) => item.name);

describe('searchProducts: Polish word forms', () => {
  it.each(['róże', 'róża', 'roza', 'róż', 'różami', 'różom', 'ROZE'])("'%s' finds both bouquets of roses", (query) => {
    expect(found(query)).toEqual(expect.arrayContaining(['Bukiet czerwonych róż', 'Bukiet ślubny z białych róż']));
  });

  it("'róże' does not take pink (różowy) for roses", () => {
    expect(found('róże')).not.toContain('Bukiet różowych tulipanów');
    expect(found('róże')).not.toContain('Storczyk w doniczce');
  });

  it.each(['tulipany', 'tulipan', 'tulipanów', 'Tulipanami'])("'%s' finds the live and the artificial tulips", (query) => {
    expect(found(query).sort()).toEqual(['Bukiet różowych tulipanów', 'Sztuczne tulipany w wazonie']);
  });

  it.each(['znicz', 'znicze', 'zniczy', 'zniczami'])("'%s' finds the candles, by name or by their category 'Znicze'", (query) => {
    expect(found(query)).toEqual(['Znicz szklany „Anioł”', 'Wkład do lampionu']);
  });

  it('searches the category names', () => {
    expect(found('kwiaty sztuczne')).toEqual(['Sztuczne tulipany w wazonie']);
    expect(found('pamiątki')).toEqual(['Kubek z różą', 'Magnes – panorama Przemyśla']);
  });

  it('finds a word with one typo, from five letters on', () => {
    expect(found('tulipny').sort()).toEqual(['Bukiet różowych tulipanów', 'Sztuczne tulipany w wazonie']);
    expect(found('tuilpany').sort()).toEqual(['Bukiet różowych tulipanów', 'Sztuczne tulipany w wazonie']);
    expect(found('rózy')).toEqual(expect.arrayContaining(['Bukiet czerwonych róż', 'Bukiet ślubny z białych róż']));
    expect(found('mgnes')).toEqual(['Magnes – panorama Przemyśla']);
    // Four letters are too few to guess at.
    expect(found('mgne')).toEqual([]);
  });

  it('matches a short query only at the start of a word, never inside one', () => {
    expect(found('ek')).toEqual([]);
    expect(found('ul')).toEqual([]);
    expect(found('k')).toEqual(expect.arrayContaining(['Kubek z różą', 'Bukiet czerwonych róż']));
    expect(found('k')).not.toContain('Znicz szklany „Anioł”');
  });

  it('finds a word as it is being typed', () => {
    expect(found('tuli')).toEqual(['Bukiet różowych tulipanów', 'Sztuczne tulipany w wazonie']);
    expect(found('bukiet sl')).toEqual(['Bukiet ślubny z białych róż']);
  });
});

describe('searchProducts: ranking', () => {
  it('puts a match in the name before one in the description', () => {
    const inDescription = { name: 'Kosz upominkowy', description: 'Z różą i czekoladkami.' };
    const inName = { name: 'Róża w pudełku', description: 'Prezent.' };
    expect(searchProducts([inDescription, inName], 'róża')).toEqual([inName, inDescription]);
  });

  it('puts the same word or its forms before a longer word and before a typo', () => {
    const typo = { name: 'Wazon', description: '' };
    const longer = { name: 'Wazonik szklany', description: '' };
    const same = { name: 'Wazony ceramiczne', description: '' };
    expect(searchProducts([typo, longer, same], 'wazon')).toEqual([typo, same, longer]);
    const oneOff = { name: 'Bukiety', description: '' };
    const exact = { name: 'Bukieta', description: '' };
    expect(searchProducts([oneOff, exact], 'bukieta')).toEqual([exact, oneOff]);
  });

  it('keeps the list order for equal matches and for an empty query', () => {
    expect(found('bukiet')).toEqual(['Bukiet czerwonych róż', 'Bukiet różowych tulipanów', 'Bukiet ślubny z białych róż']);
    expect(searchProducts(catalogue, '  ')).toEqual(catalogue);
  });
});

describe('polishStem', () => {
  it.each([
    ['roza', 'roz'],
    ['roze', 'roz'],
    ['roz', 'roz'],
    ['rozami', 'roz'],
    ['tulipanow', 'tulipan'],
    ['zniczy', 'znicz'],
    ['czerwonych', 'czerwon'],
    ['kwiatek', 'kwiatk'],
    ['kwiatki', 'kwiatk'],
    ['rozowy', 'rozow'],
  ])('%s → %s', (word, stem) => {
    expect(polishStem(word)).toBe(stem);
  });
});

describe('withinOneEdit', () => {
  it.each([
    ['tulipany', 'tulipny', true],
    ['tulipany', 'tuilpany', true],
    ['tulipany', 'tulipanx', true],
    ['tulipany', 'tulipanyy', true],
    ['tulipany', 'tulipany', true],
    ['tulipany', 'tlipny', false],
    ['tulipany', 'tuplinay', false],
  ])('%s ~ %s: %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
    expect(withinOneEdit(b, a)).toBe(expected);
  });
});

describe('polishPlural', () => {
  it.each([
    [0, 'produktów'],
    [1, 'produkt'],
    [2, 'produkty'],
    [4, 'produkty'],
    [5, 'produktów'],
    [11, 'produktów'],
    [12, 'produktów'],
    [14, 'produktów'],
    [21, 'produktów'],
    [22, 'produkty'],
    [104, 'produkty'],
    [112, 'produktów'],
  ])('%i → %s', (count, form) => {
    expect(polishPlural(count, PRODUCT_FORMS)).toBe(form);
  });

  it('formats a count with its noun', () => {
    expect(countProducts(1)).toBe('1 produkt');
    expect(countProducts(3)).toBe('3 produkty');
    expect(countProducts(25)).toBe('25 produktów');
  });
});

describe('searching sizes', () => {
  it('finds a product by the name of one of its sizes', () => {
    const meadow = { name: 'Bukiet polnych kwiatów', description: 'Margerytki i zieleń.', sizes: [{ label: 'Mały' }, { label: '35 róż' }] };
    const candle = { name: 'Znicz', description: 'Szklany znicz.' };
    expect(searchProducts([meadow, candle], '35 róż')).toEqual([meadow]);
    expect(searchProducts([meadow, candle], 'mały')).toEqual([meadow]);
  });
});
