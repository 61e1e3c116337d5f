import { describe, expect, it } from 'vitest';
import { needsSafetyInfo, productSafetyInfo } from './product-safety.ts';

const details = {
  manufacturer_name: 'Przykładowy Producent sp. z o.o.',
  manufacturer_address: 'ul. Przykładowa 1, 00-001 Warszawa',
  manufacturer_contact: 'kontakt@example.test',
  safety_warnings: 'Nie zostawiaj palącego się znicza bez nadzoru.',
};

describe('product safety (GPSR)', () => {
  it('every category but live flowers needs the details', () => {
    expect(needsSafetyInfo({ category: 'live-flowers' })).toBe(false);
    for (const category of ['artificial-flowers', 'candles', 'souvenirs', 'seasonal-gifts'] as const) {
      expect(needsSafetyInfo({ category })).toBe(true);
    }
  });

  it('lists the filled details of a candle in form order, with their labels', () => {
    expect(productSafetyInfo({ category: 'candles', ...details, manufacturer_contact: '  ' })).toEqual([
      { field: 'manufacturer_name', label: 'Producent', value: details.manufacturer_name },
      { field: 'manufacturer_address', label: 'Adres producenta', value: details.manufacturer_address },
      { field: 'safety_warnings', label: 'Ostrzeżenia i informacje o bezpieczeństwie', value: details.safety_warnings },
    ]);
  });

  it('shows nothing for live flowers, nor for a product without details (or a copy stored before they existed)', () => {
    expect(productSafetyInfo({ category: 'live-flowers', ...details })).toEqual([]);
    expect(productSafetyInfo({ category: 'souvenirs', manufacturer_name: null })).toEqual([]);
    expect(productSafetyInfo({ category: 'souvenirs' })).toEqual([]);
  });
});
