import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_LIMITS, guestPiecesRefusal, orderLimitsFrom, unpaidOrdersRefusal } from './order-limits.ts';

describe('order limits', () => {
  it('read the owner’s settings, 0 switching a limit off, anything unreadable as the default', () => {
    expect(orderLimitsFrom({})).toEqual(DEFAULT_ORDER_LIMITS);
    expect(
      orderLimitsFrom({
        guest_max_pieces_per_line: '5',
        guest_max_pieces_per_order: '0',
        max_unpaid_orders_per_email: 'dużo',
        max_unpaid_orders_per_address: '-1',
      }),
    ).toEqual({ guestPiecesPerLine: 5, guestPiecesPerOrder: 0, unpaidOrdersPerEmail: 3, unpaidOrdersPerAddress: 3 });
  });

  it('refuse a guest more pieces of one product, or in all, than the caps', () => {
    expect(guestPiecesRefusal([20, 20], DEFAULT_ORDER_LIMITS)).toBeNull();
    expect(guestPiecesRefusal([21], DEFAULT_ORDER_LIMITS)).toBe(
      'Bez logowania można zamówić najwyżej 20 sztuk jednego produktu. Przy większym zamówieniu zaloguj się albo zadzwoń do nas.',
    );
    expect(guestPiecesRefusal([20, 20, 11], DEFAULT_ORDER_LIMITS)).toMatch(
      /^Bez logowania można zamówić najwyżej 50 sztuk w jednym zamówieniu\./,
    );
    expect(guestPiecesRefusal([3], { ...DEFAULT_ORDER_LIMITS, guestPiecesPerLine: 2 })).toMatch(/najwyżej 2 sztuki jednego/);
    expect(guestPiecesRefusal([999], { ...DEFAULT_ORDER_LIMITS, guestPiecesPerLine: 0, guestPiecesPerOrder: 0 })).toBeNull();
  });

  it('refuse one more unpaid order at the cap, saying how many wait, in correct Polish', () => {
    expect(unpaidOrdersRefusal({ email: 2, address: 2 }, DEFAULT_ORDER_LIMITS)).toBeNull();
    expect(unpaidOrdersRefusal({ email: 3, address: 0 }, DEFAULT_ORDER_LIMITS)).toBe(
      'Czekają już 3 nieopłacone zamówienia na ten adres e-mail. Opłać je albo poczekaj, aż wygasną, zanim złożysz kolejne.',
    );
    expect(unpaidOrdersRefusal({ email: 0, address: 5 }, { ...DEFAULT_ORDER_LIMITS, unpaidOrdersPerAddress: 5 })).toBe(
      'Czeka już 5 nieopłaconych zamówień z dostawą pod ten adres. Opłać je albo poczekaj, aż wygasną, zanim złożysz kolejne.',
    );
    expect(unpaidOrdersRefusal({ email: 1, address: 0 }, { ...DEFAULT_ORDER_LIMITS, unpaidOrdersPerEmail: 1 })).toMatch(
      /^Czeka już 1 nieopłacone zamówienie/,
    );
    expect(
      unpaidOrdersRefusal({ email: 99, address: 99 }, { ...DEFAULT_ORDER_LIMITS, unpaidOrdersPerEmail: 0, unpaidOrdersPerAddress: 0 }),
    ).toBeNull();
  });
});
