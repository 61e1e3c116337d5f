import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmountInput } from './amount-input.ts';
import { grosz, parseAmountText } from './money.ts';

describe('formatAmountInput', () => {
  it('writes whole złoty without decimals and the rest with two, never grouped, without the currency', () => {
    expect(formatAmountInput(grosz(3000))).toBe('30');
    expect(formatAmountInput(grosz(1250))).toBe('12,50');
    expect(formatAmountInput(grosz(1205))).toBe('12,05');
    expect(formatAmountInput(grosz(1234567))).toBe('12345,67');
    expect(formatAmountInput(grosz(0))).toBe('0');
  });

  it('reads back as the same amount, up to the largest one parseAmountText takes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_900 }), (amount) => parseAmountText(formatAmountInput(grosz(amount))) === amount),
    );
  });
});
