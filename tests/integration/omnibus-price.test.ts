import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { fromPln, toPln } from '../../src/domain/money.ts';
import { omnibusReferencePrice, type PriceSnapshot } from '../../src/domain/omnibus.ts';
import { warsawInstant } from '../../src/domain/calendar/warsaw-clock.ts';
import { anonClient, serviceClient, signedInOwner, withDatabase } from '../support/test-backend.ts';

/**
 * The price history is kept by the database (a trigger on products), and the
 * Omnibus price it stores on the product is the rule of src/domain/omnibus.ts:
 * the same histories give the same answer in SQL and in TypeScript.
 */

interface HistoryRow {
  price: number;
  promo_price: number | null;
  promo_starts_at: string | null;
  promo_ends_at: string | null;
}

async function newProduct(fields: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await serviceClient()
    .from('products')
    .insert({ name: 'Produkt historii cen', price: 129, category: 'candles', ...fields })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function history(db: pg.Client, productId: string): Promise<HistoryRow[]> {
  const { rows } = await db.query<HistoryRow>(
    `select price::float8 as price, promo_price::float8 as promo_price, promo_starts_at, promo_ends_at
     from product_price_history where product_id = $1 order by recorded_at, id`,
    [productId],
  );
  return rows;
}

describe('price history', () => {
  it('records the insert and each change of the price settings, not other edits', async () => {
    const owner = await signedInOwner();
    const id = await newProduct();
    const edit = async (fields: Record<string, unknown>) => {
      const { error } = await owner.from('products').update(fields).eq('id', id);
      expect(error).toBeNull();
    };
    await edit({ name: 'Produkt historii cen (nowa nazwa)', stock: 4 });
    await edit({ price: 139 });
    await edit({ promo_price: 119, promo_starts_at: '2026-12-01T00:00:00+01:00', promo_ends_at: '2026-12-08T00:00:00+01:00' });
    await edit({ price: 139, description: 'bez zmiany ceny' });

    const rows = await withDatabase((db) => history(db, id));
    expect(rows.map((row) => [row.price, row.promo_price])).toEqual([
      [129, null],
      [139, null],
      [139, 119],
    ]);
    expect(new Date(rows[2]!.promo_starts_at!).toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });

  it('overwrites a lowest_price_30d written through the API with the computed one', async () => {
    const owner = await signedInOwner();
    const id = await newProduct();
    const { data, error } = await owner.from('products').update({ lowest_price_30d: 1 }).eq('id', id).select('lowest_price_30d').single();
    expect(error).toBeNull();
    expect(data).toEqual({ lowest_price_30d: null });
  });

  it('is readable by the owner only, and nobody writes it through the API', async () => {
    const id = await newProduct();
    const owner = await signedInOwner();
    const ownerRead = await owner.from('product_price_history').select('price').eq('product_id', id);
    expect(ownerRead.error).toBeNull();
    expect(ownerRead.data).toEqual([{ price: 129 }]);

    const anonRead = await anonClient().from('product_price_history').select('price').eq('product_id', id);
    expect(anonRead.error !== null || anonRead.data!.length === 0).toBe(true);

    const added = await owner.from('product_price_history').insert({ product_id: id, price: 1 }).select('id');
    const changed = await owner.from('product_price_history').update({ price: 1 }).eq('product_id', id).select('id');
    const removed = await owner.from('product_price_history').delete().eq('product_id', id).select('id');
    for (const attempt of [added, changed, removed]) expect(attempt.error !== null || attempt.data!.length === 0).toBe(true);
  });
});

// ------------------------------------------------------------ SQL = domain

const midnight = (date: string) => warsawInstant(date, 0);
const DAY = 86_400_000;

interface Row {
  at: number;
  price: number;
  promo?: { price: number; from?: number; to?: number };
}

/** The histories of the domain's edge cases, recorded at fixed instants. */
const CASES: Record<string, Row[]> = {
  'no promotion': [{ at: midnight('2026-01-01'), price: 129 }],
  'a plain reduction': [
    { at: midnight('2026-01-01'), price: 129 },
    { at: midnight('2026-11-20'), price: 129, promo: { price: 99, from: midnight('2026-12-01'), to: midnight('2026-12-15') } },
  ],
  'a price in force at the window’s first instant': [
    { at: midnight('2026-01-01'), price: 89 },
    { at: midnight('2026-11-01') + 1, price: 129 },
    { at: midnight('2026-11-20'), price: 129, promo: { price: 99, from: midnight('2026-12-01') } },
  ],
  'a price that ended as the window opened': [
    { at: midnight('2026-01-01'), price: 89 },
    { at: midnight('2026-11-01'), price: 129 },
    { at: midnight('2026-11-20'), price: 129, promo: { price: 99, from: midnight('2026-12-01') } },
  ],
  'a window across the autumn clock change': [
    { at: midnight('2026-01-01'), price: 89 },
    { at: midnight('2026-10-02') + 1, price: 129 },
    { at: midnight('2026-10-20'), price: 129, promo: { price: 99, from: midnight('2026-11-01') } },
  ],
  'an earlier promotion inside the window': [
    { at: midnight('2026-01-01'), price: 129 },
    { at: midnight('2026-11-03'), price: 129, promo: { price: 109, from: midnight('2026-11-05'), to: midnight('2026-11-12') } },
    { at: midnight('2026-11-20'), price: 129, promo: { price: 99, from: midnight('2026-12-01'), to: midnight('2026-12-15') } },
  ],
  'a raise just before the promotion': [
    { at: midnight('2026-01-01'), price: 100 },
    { at: midnight('2026-11-28'), price: 150 },
    { at: midnight('2026-11-29'), price: 150, promo: { price: 120, from: midnight('2026-12-01') } },
  ],
  'a product younger than 30 days': [
    { at: midnight('2026-11-25'), price: 119 },
    { at: midnight('2026-11-27'), price: 129, promo: { price: 99, from: midnight('2026-12-01') } },
  ],
  'a promotion from the first moment': [{ at: midnight('2026-12-01'), price: 129, promo: { price: 99 } }],
  'an edited end date': [
    { at: midnight('2026-01-01'), price: 129 },
    { at: midnight('2026-11-20'), price: 129, promo: { price: 99, from: midnight('2026-12-01'), to: midnight('2026-12-15') } },
    { at: midnight('2026-12-10') + 300_000, price: 129, promo: { price: 99, from: midnight('2026-12-01'), to: midnight('2026-12-31') } },
  ],
  'a second, deeper reduction': [
    { at: midnight('2026-01-01'), price: 129 },
    { at: midnight('2026-11-20'), price: 129, promo: { price: 99, from: midnight('2026-12-01'), to: midnight('2026-12-15') } },
    { at: midnight('2026-12-10'), price: 129, promo: { price: 89, from: midnight('2026-12-10'), to: midnight('2026-12-20') } },
  ],
  'a promotion that ended before it was recorded': [
    { at: midnight('2026-01-01'), price: 129 },
    { at: midnight('2026-11-20'), price: 129, promo: { price: 99, from: midnight('2026-11-01'), to: midnight('2026-11-10') } },
  ],
  'two records in one instant': [
    { at: midnight('2026-01-01'), price: 79 },
    { at: midnight('2026-11-20'), price: 129 },
    { at: midnight('2026-11-20'), price: 129, promo: { price: 99, from: midnight('2026-11-20') + DAY } },
  ],
};

function snapshots(rows: readonly Row[]): PriceSnapshot[] {
  return rows.map((row) => ({
    price: fromPln(row.price),
    promoPrice: row.promo ? fromPln(row.promo.price) : null,
    promoStartsAt: row.promo?.from ?? null,
    promoEndsAt: row.promo?.to ?? null,
    recordedAt: row.at,
  }));
}

/** Replaces the product's history with the case's rows, lets the trigger recompute, and reads what it stored. */
async function sqlAnswer(db: pg.Client, productId: string, rows: readonly Row[]): Promise<number | null> {
  await db.query('delete from product_price_history where product_id = $1', [productId]);
  for (const row of rows) {
    await db.query(
      `insert into product_price_history (product_id, price, promo_price, promo_starts_at, promo_ends_at, recorded_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        productId,
        row.price,
        row.promo?.price ?? null,
        row.promo?.from === undefined ? null : new Date(row.promo.from),
        row.promo?.to === undefined ? null : new Date(row.promo.to),
        new Date(row.at),
      ],
    );
  }
  const { rows: stored } = await db.query<{ lowest: number | null }>(
    'update products set lowest_price_30d = null where id = $1 returning lowest_price_30d::float8 as lowest',
    [productId],
  );
  return stored[0]!.lowest;
}

describe('the Omnibus price in SQL is the domain rule', () => {
  it.each(Object.keys(CASES))('%s', async (name) => {
    const rows = CASES[name]!;
    const id = await newProduct();
    const sql = await withDatabase((db) => sqlAnswer(db, id, rows));
    const domain = omnibusReferencePrice(snapshots(rows));
    expect(sql).toBe(domain === null ? null : toPln(domain));
  });

  it('the cases cover both answers: a price and none', () => {
    const answers = Object.values(CASES).map((rows) => omnibusReferencePrice(snapshots(rows)));
    expect(answers).toContain(null);
    expect(new Set(answers.filter((answer) => answer !== null)).size).toBeGreaterThan(3);
  });
});
