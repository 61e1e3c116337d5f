import { describe, expect, it } from 'vitest';
import { countProducts, polishPlural, PRODUCT_FORMS } from './plural.ts';
import { matchesQuery, normalizeForSearch } from './search.ts';

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
