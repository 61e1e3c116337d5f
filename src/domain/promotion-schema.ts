import * as v from 'valibot';
import { addDays, isIsoDate } from './calendar/calendar-date.ts';
import { parseDecimalText } from './money.ts';
import type { ProductRow } from './product.ts';
import { warsawDate, warsawInstant } from './calendar/warsaw-clock.ts';

/**
 * The admin product form's promotion: 'Cena promocyjna' with the
 * Europe/Warsaw dates 'Od' and 'Do'. Kept apart from product-schema.ts, which
 * spreads the entries into the one product form schema and adds the checks
 * that compare fields. A promotion runs from 00:00 of 'Od' to the end of 'Do'
 * (stored exclusive: 00:00 of the next day); an empty date leaves that side
 * open. The database refuses the same mistakes (20261125000100).
 */

export const PROMOTION_MESSAGES = {
  priceNotNumber: 'Cena promocyjna musi być liczbą',
  priceNegative: 'Cena promocyjna nie może być ujemna',
  pricePrecision: 'Cena promocyjna może mieć najwyżej 2 miejsca po przecinku',
  priceNotLower: 'Cena promocyjna musi być niższa od ceny regularnej',
  dateInvalid: 'Podaj datę w formacie RRRR-MM-DD',
  endBeforeStart: 'Data „Do” nie może być wcześniejsza niż „Od”',
  datesWithoutPrice: 'Podaj cenę promocyjną albo usuń daty promocji',
} as const;

export interface PromotionFormValues {
  /** PLN as typed; '' = no promotion. */
  promoPrice: string;
  /** 'YYYY-MM-DD' (Warsaw) or ''. */
  promoFrom: string;
  promoTo: string;
}

/** The products columns the promotion writes (instants as ISO text). */
export interface PromotionInput {
  promo_price: number | null;
  promo_starts_at: string | null;
  promo_ends_at: string | null;
}

export const EMPTY_PROMOTION_FORM: PromotionFormValues = { promoPrice: '', promoFrom: '', promoTo: '' };

const isPlainAmount = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const promoPriceSchema = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.check((text) => text === '' || parseDecimalText(text) !== null, PROMOTION_MESSAGES.priceNotNumber),
  v.transform((text) => (text === '' ? null : (parseDecimalText(text) ?? NaN))),
  v.check((value) => value === null || value >= 0, PROMOTION_MESSAGES.priceNegative),
  v.check((value) => value === null || isPlainAmount(value), PROMOTION_MESSAGES.pricePrecision),
);

const dateSchema = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.check((text) => text === '' || isIsoDate(text), PROMOTION_MESSAGES.dateInvalid),
);

/** Spread into the product form's v.object. */
export const promotionEntries = { promoPrice: promoPriceSchema, promoFrom: dateSchema, promoTo: dateSchema };

interface PromotionOutput {
  price: number;
  promoPrice: number | null;
  promoFrom: string;
  promoTo: string;
}

type PromotionCheck<T> = v.BaseValidation<T, T, v.BaseIssue<unknown>>;

/**
 * One check across fields: the fields it reads, the field it marks. It runs
 * once those fields are valid by themselves. valibot's path types cannot
 * follow a generic key list, hence the one cast.
 */
function rule<T extends PromotionOutput, K extends keyof PromotionOutput>(
  keys: readonly K[],
  target: K,
  holds: (input: Pick<PromotionOutput, K>) => boolean,
  message: string,
): PromotionCheck<T> {
  const check = v.partialCheck(keys.map((key) => [key]) as never, holds as never, message);
  return v.forward(check as never, [target] as never) as unknown as PromotionCheck<T>;
}

/** The checks across fields, for the product form's v.pipe after its v.object. */
export function promotionChecks<T extends PromotionOutput>(): PromotionCheck<T>[] {
  return [
    rule<T, 'price' | 'promoPrice'>(
      ['price', 'promoPrice'],
      'promoPrice',
      (input) => input.promoPrice === null || input.promoPrice < input.price,
      PROMOTION_MESSAGES.priceNotLower,
    ),
    rule<T, 'promoPrice' | 'promoFrom' | 'promoTo'>(
      ['promoPrice', 'promoFrom', 'promoTo'],
      'promoPrice',
      (input) => input.promoPrice !== null || (input.promoFrom === '' && input.promoTo === ''),
      PROMOTION_MESSAGES.datesWithoutPrice,
    ),
    rule<T, 'promoFrom' | 'promoTo'>(
      ['promoFrom', 'promoTo'],
      'promoTo',
      (input) => input.promoFrom === '' || input.promoTo === '' || input.promoFrom <= input.promoTo,
      PROMOTION_MESSAGES.endBeforeStart,
    ),
  ];
}

/** The validated promotion as columns: 'Od' → 00:00 Warsaw, 'Do' → 00:00 Warsaw of the next day (exclusive). */
export function toPromotionInput(output: { promoPrice: number | null; promoFrom: string; promoTo: string }): PromotionInput {
  if (output.promoPrice === null) return { promo_price: null, promo_starts_at: null, promo_ends_at: null };
  const at = (date: string) => new Date(warsawInstant(date, 0)).toISOString();
  return {
    promo_price: Math.round(output.promoPrice * 100) / 100,
    promo_starts_at: output.promoFrom === '' ? null : at(output.promoFrom),
    promo_ends_at: output.promoTo === '' ? null : at(addDays(output.promoTo, 1)),
  };
}

/** An existing row's promotion as the form shows it; 'Do' is the last day the promotion runs. */
export function promotionFormValues(row: Pick<ProductRow, 'promo_price' | 'promo_starts_at' | 'promo_ends_at'>): PromotionFormValues {
  if (row.promo_price == null) return EMPTY_PROMOTION_FORM;
  return {
    promoPrice: Number(row.promo_price).toFixed(2),
    promoFrom: row.promo_starts_at ? warsawDate(Date.parse(row.promo_starts_at)) : '',
    promoTo: row.promo_ends_at ? warsawDate(Date.parse(row.promo_ends_at) - 1) : '',
  };
}

export type PromotionState = 'none' | 'scheduled' | 'running' | 'ended';

/** Where a product's promotion stands at `now` (the admin list's mark; the shop asks the server's clock instead). */
export function promotionState(row: Pick<ProductRow, 'promo_price' | 'promo_starts_at' | 'promo_ends_at'>, now: number): PromotionState {
  if (row.promo_price == null) return 'none';
  if (row.promo_starts_at && now < Date.parse(row.promo_starts_at)) return 'scheduled';
  if (row.promo_ends_at && now >= Date.parse(row.promo_ends_at)) return 'ended';
  return 'running';
}
