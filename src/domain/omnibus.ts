/**
 * The Omnibus price (art. 4 ust. 2 and 3 of the ustawa o informowaniu o
 * cenach towarów i usług): next to a reduced price, the lowest price in force
 * during the 30 days before the reduction began; over the product's lifetime
 * when it is younger than that. Regular prices and earlier promotions count
 * alike: it is the price a customer actually paid that matters.
 *
 * The one statement of the rule. The database mirrors it in SQL
 * (private.product_lowest_price_30d, migration 20261125000400), where it runs
 * on every price change; tests/integration/omnibus-price.test.ts checks the
 * two agree on the same histories. Instants are epoch ms, prices grosz.
 */

import type { Grosz } from './money.ts';
import { warsawDaysBefore } from './calendar/warsaw-clock.ts';

/** A row of the price history: the product's price settings from recordedAt until the next row. */
export interface PriceSnapshot {
  price: Grosz;
  promoPrice: Grosz | null;
  /** Inclusive; null: from the moment it was set. */
  promoStartsAt: number | null;
  /** Exclusive; null: until changed. */
  promoEndsAt: number | null;
  recordedAt: number;
}

/** A price in force from `from` (inclusive) until `to` (exclusive; null: still in force). */
export interface PriceInterval {
  price: Grosz;
  from: number;
  to: number | null;
}

export const OMNIBUS_DAYS = 30;

/**
 * The prices actually in force, in time order, from snapshots in the order
 * they were recorded. Touching intervals with the same price are merged: a
 * promotion whose end date was edited is still one reduction.
 */
export function priceIntervals(snapshots: readonly PriceSnapshot[]): PriceInterval[] {
  const pieces: PriceInterval[] = [];
  snapshots.forEach((snapshot, index) => {
    const from = snapshot.recordedAt;
    const to = snapshots[index + 1]?.recordedAt ?? null;
    if (to !== null && to <= from) return;
    const promo = promotionPiece(snapshot, to);
    if (!promo) {
      pieces.push({ price: snapshot.price, from, to });
      return;
    }
    if (from < promo.from) pieces.push({ price: snapshot.price, from, to: promo.from });
    pieces.push(promo);
    if (promo.to !== null && (to === null || promo.to < to)) pieces.push({ price: snapshot.price, from: promo.to, to });
  });
  const merged: PriceInterval[] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (last && last.price === piece.price) last.to = piece.to;
    else merged.push({ ...piece });
  }
  return merged;
}

/** When the snapshot's promotional price is in force within [recordedAt, until); null when never. */
function promotionPiece(snapshot: PriceSnapshot, until: number | null): PriceInterval | null {
  if (snapshot.promoPrice === null) return null;
  const from = Math.max(snapshot.recordedAt, snapshot.promoStartsAt ?? -Infinity);
  const ends = [until, snapshot.promoEndsAt].filter((end): end is number => end !== null);
  const to = ends.length > 0 ? Math.min(...ends) : null;
  if (to !== null && to <= from) return null;
  return { price: snapshot.promoPrice, from, to };
}

/**
 * The lowest price in force at any moment of the 30 days before `reductionStart`:
 * a price in force at the window's first instant counts, one that ended at it
 * does not. Null when nothing was in force (no earlier price at all).
 */
export function lowestPriceBefore(intervals: readonly PriceInterval[], reductionStart: number): Grosz | null {
  const windowFrom = warsawDaysBefore(reductionStart, OMNIBUS_DAYS);
  const inForce = intervals.filter((interval) => interval.from < reductionStart && (interval.to === null || interval.to > windowFrom));
  if (inForce.length === 0) return null;
  return Math.min(...inForce.map((interval) => interval.price)) as Grosz;
}

/**
 * The Omnibus price of the latest snapshot's promotion: the lowest price of the
 * 30 days before the reduction began (where the run of its price began). Null
 * without a promotion, or when no other price was ever in force before it.
 */
export function omnibusReferencePrice(snapshots: readonly PriceSnapshot[]): Grosz | null {
  const latest = snapshots.at(-1);
  if (!latest) return null;
  const promotion = promotionPiece(latest, null);
  if (!promotion) return null;
  const intervals = priceIntervals(snapshots);
  const run = intervals.find((interval) => interval.from <= promotion.from && (interval.to === null || promotion.from < interval.to));
  return run ? lowestPriceBefore(intervals, run.from) : null;
}
