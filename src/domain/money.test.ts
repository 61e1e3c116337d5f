import { describe, expect, it } from 'vitest';
import { amountSettingOr, fromPln, parseAmountText, parseDecimalText } from './money.ts';

describe('one reading of typed amounts', () => {
  it.each([
    ['300', 30000],
    ['1 000', 100000],
    ['1 000,00', 100000],
    ['1\u00a0000,50', 100050],
    ['1\u202f000', 100000],
    ['1000.5', 100050],
    ['1,80', 180],
    [' 0 ', 0],
  ])('reads %j as %i grosz', (text, grosz) => {
    expect(parseAmountText(text)).toBe(grosz);
  });

  it.each(['', '   ', '1.000,00', '12 zł', '-5', '1,805', 'abc', '1e3', null, undefined])('refuses %j', (text) => {
    expect(parseAmountText(text)).toBeNull();
  });

  it('reads plain decimals for coordinates too', () => {
    expect(parseDecimalText('49,6919')).toBe(49.6919);
    expect(parseDecimalText('-22.4')).toBe(-22.4);
  });

  it('falls back only when the setting is blank or unreadable', () => {
    expect(amountSettingOr('1 000', fromPln(300))).toBe(fromPln(1000));
    expect(amountSettingOr('', fromPln(300))).toBe(fromPln(300));
    expect(amountSettingOr('dużo', fromPln(300))).toBe(fromPln(300));
  });
});
