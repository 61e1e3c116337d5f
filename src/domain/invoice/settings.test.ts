import { describe, expect, it } from 'vitest';
import { validateSettings } from '../settings.ts';
import { categoryRate, DEFAULT_EXEMPTION_BASIS, readInvoiceSettings } from './settings.ts';

const COMPLETE = { company_name: 'Kwiaciarnia', company_address: 'ul. Kwiatowa 1, 37-700 Przemyśl', company_nip: '525-234-40-78' };

describe('invoice settings', () => {
  it('reads the seller, the rates and the default series', () => {
    const result = readInvoiceSettings({ ...COMPLETE, vat_rate_delivery: '8' });
    expect(result).toEqual({
      ok: true,
      series: 'FV/{rok}/{miesiąc}/{n}',
      settings: {
        seller: { nip: '5252344078', name: 'Kwiaciarnia', address: COMPLETE.company_address, exemptionBasis: null },
        deliveryRate: '8',
        servicesRate: '23',
      },
    });
  });

  it('gives an exempt seller the legal basis, the owner’s own or art. 113 by default', () => {
    const own = readInvoiceSettings({ ...COMPLETE, vat_status: 'exempt', vat_exemption_basis: 'art. 113 ust. 9' });
    expect(own.ok && own.settings.seller.exemptionBasis).toBe('art. 113 ust. 9');
    const fallback = readInvoiceSettings({ ...COMPLETE, vat_status: 'exempt' });
    expect(fallback.ok && fallback.settings.seller.exemptionBasis).toBe(DEFAULT_EXEMPTION_BASIS);
  });

  it('names what is missing', () => {
    expect(readInvoiceSettings({ company_name: 'K', invoice_series: 'FV/{rok}' })).toEqual({
      ok: false,
      missing: ['NIP sprzedawcy', 'adres firmy', 'numeracja faktur'],
    });
  });

  it('defaults cut flowers to 8 % and the rest to 23 %, unless the owner set a rate', () => {
    expect(categoryRate({}, 'live-flowers')).toBe('8');
    expect(categoryRate({}, 'candles')).toBe('23');
    expect(categoryRate({ vat_rate_candles: '8' }, 'candles')).toBe('8');
  });

  it('the settings form refuses a wrong NIP and a series without {n}', () => {
    const errors = validateSettings({ company_nip: '1234567890', invoice_series: 'FV/{rok}' });
    expect(errors.company_nip).toBe('Nieprawidłowy NIP');
    expect(errors.invoice_series).toMatch(/\{n\}/);
  });
});
