import { describe, expect, it } from 'vitest';
import { lineWithdrawalExemption, productWithdrawalExemption } from './withdrawal-right.ts';

describe('withdrawal right', () => {
  it('live flowers have no right of withdrawal by their category', () => {
    expect(productWithdrawalExemption({ category: 'live-flowers' })).toBe('perishable');
    expect(productWithdrawalExemption({ category: 'live-flowers', withdrawal_rule: 'category' })).toBe('perishable');
  });

  it('artificial flowers, candles, souvenirs and gifts keep the right', () => {
    for (const category of ['artificial-flowers', 'candles', 'souvenirs', 'seasonal-gifts'] as const) {
      expect(productWithdrawalExemption({ category })).toBeNull();
    }
  });

  it('a per-product setting overrides the category either way', () => {
    expect(productWithdrawalExemption({ category: 'live-flowers', withdrawal_rule: 'returnable' })).toBeNull();
    expect(productWithdrawalExemption({ category: 'souvenirs', withdrawal_rule: 'personalised' })).toBe('personalised');
    expect(productWithdrawalExemption({ category: 'candles', withdrawal_rule: 'perishable' })).toBe('perishable');
  });

  it('a ribbon text makes a wreath personalised, but not a line that takes no ribbon', () => {
    const wreath = { name: 'Wieniec z chryzantem sztucznych', category: 'artificial-flowers' as const };
    const candle = { name: 'Znicz szklany', category: 'candles' as const };
    expect(lineWithdrawalExemption(wreath)).toBeNull();
    expect(lineWithdrawalExemption(wreath, { ribbonText: 'Ostatnie pożegnanie' })).toBe('personalised');
    expect(lineWithdrawalExemption(wreath, { ribbonText: '   ' })).toBeNull();
    expect(lineWithdrawalExemption(candle, { ribbonText: 'Ostatnie pożegnanie' })).toBeNull();
  });
});
