import { describe, expect, it } from 'vitest';
import { fromPln } from './money.ts';
import { lowestPriceBefore, omnibusReferencePrice, priceIntervals, type PriceSnapshot } from './omnibus.ts';
import { warsawInstant } from './calendar/warsaw-clock.ts';

/** 00:00 in Warsaw on a date: how the admin form starts and ends promotions. */
const midnight = (date: string) => warsawInstant(date, 0);
const MINUTE = 60_000;

function snapshot(recordedAt: number, price: number, promo?: { price: number; from?: string; to?: string }): PriceSnapshot {
  return {
    price: fromPln(price),
    promoPrice: promo ? fromPln(promo.price) : null,
    promoStartsAt: promo?.from ? midnight(promo.from) : null,
    promoEndsAt: promo?.to ? midnight(promo.to) : null,
    recordedAt,
  };
}

// A promotion at 99 zł from 1 December 2026 (the reduction begins at 00:00 Warsaw); the window opens at 00:00 on 1 November.
const PROMO = { price: 99, from: '2026-12-01', to: '2026-12-15' };
const SET_UP = midnight('2026-11-20') + 10 * MINUTE;

describe('omnibusReferencePrice', () => {
  it('is null without a promotion and with no history at all', () => {
    expect(omnibusReferencePrice([])).toBeNull();
    expect(omnibusReferencePrice([snapshot(midnight('2026-01-01'), 129)])).toBeNull();
  });

  it('is the regular price before the reduction', () => {
    expect(omnibusReferencePrice([snapshot(midnight('2026-01-01'), 129), snapshot(SET_UP, 129, PROMO)])).toBe(fromPln(129));
  });

  it('counts a price in force exactly 30 days before the start', () => {
    const history = [
      snapshot(midnight('2026-01-01'), 89),
      // 89 zł until 00:00:00.001 on 1 November: in force at the window's first instant.
      snapshot(midnight('2026-11-01') + 1, 129),
      snapshot(SET_UP, 129, PROMO),
    ];
    expect(omnibusReferencePrice(history)).toBe(fromPln(89));
  });

  it('does not count a price that ended just before the window', () => {
    const endedAtWindow = [snapshot(midnight('2026-01-01'), 89), snapshot(midnight('2026-11-01'), 129), snapshot(SET_UP, 129, PROMO)];
    const endedMinuteBefore = [
      snapshot(midnight('2026-01-01'), 89),
      snapshot(midnight('2026-11-01') - MINUTE, 129),
      snapshot(SET_UP, 129, PROMO),
    ];
    expect(omnibusReferencePrice(endedAtWindow)).toBe(fromPln(129));
    expect(omnibusReferencePrice(endedMinuteBefore)).toBe(fromPln(129));
  });

  it('lowers the answer by an earlier promotion inside the window', () => {
    const history = [
      snapshot(midnight('2026-01-01'), 129),
      snapshot(midnight('2026-11-03'), 129, { price: 109, from: '2026-11-05', to: '2026-11-12' }),
      snapshot(SET_UP, 129, PROMO),
    ];
    expect(omnibusReferencePrice(history)).toBe(fromPln(109));
  });

  it('ignores an earlier promotion that ended before the window', () => {
    const history = [
      snapshot(midnight('2026-01-01'), 129, { price: 79, from: '2026-10-01', to: '2026-11-01' }),
      snapshot(SET_UP, 129, PROMO),
    ];
    expect(omnibusReferencePrice(history)).toBe(fromPln(129));
  });

  it('shows the old, lower price after a raise just before the promotion', () => {
    const history = [
      snapshot(midnight('2026-01-01'), 100),
      snapshot(midnight('2026-11-28'), 150),
      snapshot(SET_UP + 8 * 86_400_000, 150, PROMO),
    ];
    expect(omnibusReferencePrice(history)).toBe(fromPln(100));
  });

  it('uses the lifetime of a product younger than 30 days', () => {
    const history = [
      snapshot(midnight('2026-11-25'), 119),
      snapshot(midnight('2026-11-27'), 129),
      snapshot(SET_UP + 9 * 86_400_000, 129, PROMO),
    ];
    expect(omnibusReferencePrice(history)).toBe(fromPln(119));
  });

  it('is null when the promotion was in force from the product’s first moment (no earlier price)', () => {
    expect(omnibusReferencePrice([snapshot(midnight('2026-12-01'), 129, { price: 99 })])).toBeNull();
  });

  it('keeps the reduction’s start when a running promotion’s end date is edited', () => {
    const history = [
      snapshot(midnight('2026-01-01'), 129),
      snapshot(SET_UP, 129, PROMO),
      snapshot(midnight('2026-12-10') + 5 * MINUTE, 129, { ...PROMO, to: '2026-12-31' }),
    ];
    expect(omnibusReferencePrice(history)).toBe(fromPln(129));
  });

  it('starts a new reduction when the promotional price is lowered again, with the first one in its window', () => {
    const history = [
      snapshot(midnight('2026-01-01'), 129),
      snapshot(SET_UP, 129, PROMO),
      snapshot(midnight('2026-12-10'), 129, { price: 89, from: '2026-12-10', to: '2026-12-20' }),
    ];
    expect(omnibusReferencePrice(history)).toBe(fromPln(99));
  });

  it('begins a promotion without a start date when it was set', () => {
    const history = [
      snapshot(midnight('2026-01-01'), 89),
      snapshot(midnight('2026-11-01') + 1, 129),
      snapshot(midnight('2026-12-01'), 129, { price: 99 }),
    ];
    expect(omnibusReferencePrice(history)).toBe(fromPln(89));
  });

  it('is null when the latest promotion has already ended by the time it was recorded', () => {
    const history = [snapshot(midnight('2026-01-01'), 129), snapshot(SET_UP, 129, { price: 99, from: '2026-11-01', to: '2026-11-10' })];
    expect(omnibusReferencePrice(history)).toBeNull();
  });
});

describe('priceIntervals and lowestPriceBefore', () => {
  it('splits a snapshot into regular, promotional and regular again', () => {
    const intervals = priceIntervals([snapshot(SET_UP, 129, PROMO)]);
    expect(intervals).toEqual([
      { price: fromPln(129), from: SET_UP, to: midnight('2026-12-01') },
      { price: fromPln(99), from: midnight('2026-12-01'), to: midnight('2026-12-15') },
      { price: fromPln(129), from: midnight('2026-12-15'), to: null },
    ]);
  });

  it('knows nothing before the first record', () => {
    expect(lowestPriceBefore(priceIntervals([snapshot(SET_UP, 129)]), SET_UP)).toBeNull();
  });
});
