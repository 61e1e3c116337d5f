import { describe, expect, it } from 'vitest';
import { allocateProportionally, totalsByRate, vatFromGross } from './vat.ts';

describe('VAT from gross prices', () => {
  it.each([
    // 123.00 gross at 23 % is 100.00 net + 23.00 VAT.
    [12_300, '23', 2_300],
    // 108.00 at 8 %: 8.00.
    [10_800, '8', 800],
    // 1.00 at 23 %: 0.18699… → 0.19.
    [100, '23', 19],
    // 0.27 at 8 %: 0.02 exactly half-way (0.0200)… 27×8/108 = 2.0 grosz.
    [27, '8', 2],
    // 0.13 at 8 %: 13×8/108 = 0.963 → 1 grosz.
    [13, '8', 1],
    // 10.50 at 5 %: 1050×5/105 = 50 grosz.
    [1_050, '5', 50],
    [5_000, '0', 0],
    [5_000, 'zw', 0],
    // A correction's negative gross rounds symmetrically.
    [-100, '23', -19],
  ] as const)('%i grosz at %s %% holds %i grosz of VAT', (gross, rate, vat) => {
    expect(vatFromGross(gross, rate)).toBe(vat);
  });

  it('is always within half a grosz of the exact VAT', () => {
    // For 23, 8 and 5 % no whole-grosz gross gives an exact half grosz of VAT (2·g·p = odd·(100 + p) has no solution),
    // so nearest-grosz rounding is unambiguous; check it over a range.
    for (let gross = 0; gross < 5_000; gross += 1) {
      for (const rate of ['23', '8', '5'] as const) {
        const exact = (gross * Number(rate)) / (100 + Number(rate));
        expect(Math.abs(vatFromGross(gross, rate) - exact)).toBeLessThan(0.5);
      }
    }
  });

  it('takes VAT from the sum per rate, not line by line', () => {
    // Three lines of 1.00 at 23 %: per line 0.19 × 3 = 0.57, from the sum 3.00 → 0.56.
    const totals = totalsByRate([
      { rate: '23', gross: 100 },
      { rate: '23', gross: 100 },
      { rate: '23', gross: 100 },
      { rate: '8', gross: 10_800 },
    ]);
    expect(totals).toEqual([
      { rate: '23', gross: 300, vat: 56, net: 244 },
      { rate: '8', gross: 10_800, vat: 800, net: 10_000 },
    ]);
  });

  it('spreads an amount in proportion with the largest remainders, adding up exactly', () => {
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateProportionally(1_000, [25_998, 4_999, 1_500])).toEqual([800, 154, 46]);
    expect(allocateProportionally(0, [5, 5])).toEqual([0, 0]);
    expect(allocateProportionally(7, [0, 0])).toEqual([0, 0]);
    const parts = allocateProportionally(9_999, [123, 456, 789, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(9_999);
  });
});
