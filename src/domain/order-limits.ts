import { polishPlural } from './plural.ts';

/**
 * What one buyer may hold without paying (docs/payments.md): an unpaid order
 * reserves stock and a delivery place, so a guest's pieces per line and per
 * order are capped, and so are the open unpaid orders per email and per
 * delivery address. Each limit is an owner's setting; 0 turns it off.
 */

export interface OrderLimits {
  guestPiecesPerLine: number;
  guestPiecesPerOrder: number;
  unpaidOrdersPerEmail: number;
  unpaidOrdersPerAddress: number;
}

export const ORDER_LIMIT_SETTINGS: Record<keyof OrderLimits, string> = {
  guestPiecesPerLine: 'guest_max_pieces_per_line',
  guestPiecesPerOrder: 'guest_max_pieces_per_order',
  unpaidOrdersPerEmail: 'max_unpaid_orders_per_email',
  unpaidOrdersPerAddress: 'max_unpaid_orders_per_address',
};

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  guestPiecesPerLine: 20,
  guestPiecesPerOrder: 50,
  unpaidOrdersPerEmail: 3,
  unpaidOrdersPerAddress: 3,
};

/** The settings as stored: a whole number from 0 (off) up, else the default. */
export function orderLimitsFrom(settings: Record<string, string | undefined>): OrderLimits {
  const read = (key: keyof OrderLimits) => {
    const value = Number(settings[ORDER_LIMIT_SETTINGS[key]]?.trim() || Number.NaN);
    return Number.isSafeInteger(value) && value >= 0 ? value : DEFAULT_ORDER_LIMITS[key];
  };
  return {
    guestPiecesPerLine: read('guestPiecesPerLine'),
    guestPiecesPerOrder: read('guestPiecesPerOrder'),
    unpaidOrdersPerEmail: read('unpaidOrdersPerEmail'),
    unpaidOrdersPerAddress: read('unpaidOrdersPerAddress'),
  };
}

const PIECES = { one: 'sztukę', few: 'sztuki', many: 'sztuk' };
const UNPAID = { one: 'nieopłacone zamówienie', few: 'nieopłacone zamówienia', many: 'nieopłaconych zamówień' };

/** A guest's cart over the caps: the Polish refusal, or null. */
export function guestPiecesRefusal(quantities: readonly number[], limits: OrderLimits): string | null {
  const { guestPiecesPerLine: perLine, guestPiecesPerOrder: perOrder } = limits;
  const call = 'Przy większym zamówieniu zaloguj się albo zadzwoń do nas.';
  if (perLine > 0 && quantities.some((quantity) => quantity > perLine)) {
    return `Bez logowania można zamówić najwyżej ${perLine} ${polishPlural(perLine, PIECES)} jednego produktu. ${call}`;
  }
  const total = quantities.reduce((sum, quantity) => sum + quantity, 0);
  if (perOrder > 0 && total > perOrder) {
    return `Bez logowania można zamówić najwyżej ${perOrder} ${polishPlural(perOrder, PIECES)} w jednym zamówieniu. ${call}`;
  }
  return null;
}

/** Open unpaid orders at their cap: the Polish refusal, or null. */
export function unpaidOrdersRefusal(open: { email: number; address: number }, limits: OrderLimits): string | null {
  const byEmail = limits.unpaidOrdersPerEmail > 0 && open.email >= limits.unpaidOrdersPerEmail;
  const byAddress = limits.unpaidOrdersPerAddress > 0 && open.address >= limits.unpaidOrdersPerAddress;
  if (!byEmail && !byAddress) return null;
  const count = byEmail ? open.email : open.address;
  const whose = byEmail ? 'na ten adres e-mail' : 'z dostawą pod ten adres';
  const verb = polishPlural(count, { one: 'Czeka', few: 'Czekają', many: 'Czeka' });
  return `${verb} już ${count} ${polishPlural(count, UNPAID)} ${whose}. Opłać je albo poczekaj, aż wygasną, zanim złożysz kolejne.`;
}
