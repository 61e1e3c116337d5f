import { describe, expect, it } from 'vitest';
import { countByMethod, sumToMake } from './day-overview.ts';

describe('sumToMake', () => {
  it('sums each product across the orders, most first, then by Polish name', () => {
    expect(
      sumToMake([
        { key: 'roses', name: 'Bukiet róż', quantity: 1 },
        { key: 'wreath', name: 'Wieniec', quantity: 2 },
        { key: 'roses', name: 'Bukiet róż', quantity: 2 },
        { key: 'candle', name: 'Znicz', quantity: 2 },
        { key: 'lilies', name: 'Lilie', quantity: 1 },
      ]),
    ).toEqual([
      { key: 'roses', name: 'Bukiet róż', quantity: 3 },
      { key: 'wreath', name: 'Wieniec', quantity: 2 },
      { key: 'candle', name: 'Znicz', quantity: 2 },
      { key: 'lilies', name: 'Lilie', quantity: 1 },
    ]);
  });
});

describe('countByMethod', () => {
  it('counts home, cemetery and pickup orders apart', () => {
    expect(countByMethod(['home', 'store', 'cemetery', 'home', 'dpd'])).toEqual({ home: 2, cemetery: 1, store: 1, other: 1 });
  });
});
