import { describe, expect, it } from 'vitest';
import { formatNip, isValidNip, normaliseNip } from './nip.ts';

describe('NIP', () => {
  // Public NIPs of well-known Polish companies (the check digit is right).
  it.each([
    ['7740001454', 'PKN Orlen'],
    ['5252344078', 'Google Poland'],
    ['5252674798', 'Allegro'],
    ['5270103391', 'a Warsaw company'],
  ])('accepts %s (%s)', (nip) => {
    expect(isValidNip(nip)).toBe(true);
  });

  it.each([
    ['774-000-14-54', '7740001454'],
    ['774-00-01-454', '7740001454'],
    ['PL7740001454', '7740001454'],
    ['pl 774 000 14 54', '7740001454'],
    ['Pl-774-000-14-54', '7740001454'],
    [' 7740001454 ', '7740001454'],
    ['774\u00a0000\u00a014\u00a054', '7740001454'],
  ])('reads %j as %s and accepts it', (typed, stored) => {
    expect(normaliseNip(typed)).toBe(stored);
    expect(isValidNip(typed)).toBe(true);
  });

  it.each([
    ['7740001455', 'a wrong check digit'],
    ['5252344079', 'a wrong check digit'],
    ['774000145', '9 digits'],
    ['77400014541', '11 digits'],
    ['1234567890', 'a remainder of 10 (no check digit can match)'],
    ['DE7740001454', 'another country prefix'],
    ['7740001454PL', 'the prefix at the end'],
    ['774O001454', 'a letter O for a zero'],
    ['774.000.14.54', 'dots'],
    ['0000000000', 'all zeros (its check digit adds up)'],
    ['0001234562', 'the tax office code 000 (its check digit adds up)'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (nip) => {
    expect(isValidNip(nip)).toBe(false);
  });

  it('has a remainder of 10 for 1234567890, so that case is really tested', () => {
    const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
    const sum = weights.reduce((total, weight, index) => total + weight * Number('1234567890'[index]), 0);
    expect(sum % 11).toBe(10);
  });

  it('prints 10 digits in the usual groups and leaves anything else alone', () => {
    expect(formatNip('7740001454')).toBe('774-000-14-54');
    expect(formatNip('abc')).toBe('abc');
  });
});
