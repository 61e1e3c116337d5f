import { describe, expect, it } from 'vitest';
import { availabilityLabel, canBeOrdered, stockShortageMessage } from './stock.ts';

describe('stock as the customer sees it', () => {
  it.each([
    [{ stock: 12 }, 'W magazynie', true],
    [{ stock: 4 }, 'W magazynie', true],
    [{ stock: 3 }, 'Ostatnie 3 szt.', true],
    [{ stock: 1 }, 'Ostatnie 1 szt.', true],
    [{ stock: 0 }, 'Brak w magazynie', false],
    [{ stock: 0, made_to_order: true }, 'Na zamówienie', true],
    [{ stock: 7, made_to_order: true }, 'Na zamówienie', true],
  ])('%j reads %s (orderable: %s)', (product, label, orderable) => {
    expect(availabilityLabel(product)).toBe(label);
    expect(canBeOrdered(product)).toBe(orderable);
  });

  it('names the product and what is left when the server refuses a line', () => {
    expect(stockShortageMessage({ productId: 'p', name: 'Znicz serce', available: 2 })).toBe(
      'Dostępne są tylko 2 szt. produktu „Znicz serce”',
    );
    expect(stockShortageMessage({ productId: 'p', name: 'Znicz serce', available: 0 })).toBe('Produkt „Znicz serce” jest już wyprzedany');
  });
});
