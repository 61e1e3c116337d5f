import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  anonClient,
  checkoutFor,
  invokeFunction,
  serviceClient,
  signedInOwner,
  signedUpCustomer,
  withDatabase,
} from '../support/test-backend.ts';

/**
 * Sizes of a product (decision 038): place-order prices and reserves the
 * chosen size on the server and refuses a size the product lacks; stock is
 * counted per size under row locks; the sizes table follows its product's
 * visibility and only the owner writes it; each size keeps its own Omnibus price.
 */

interface Sized {
  productId: string;
  name: string;
  sizes: Record<'Mały' | 'Średni' | 'Duży', string>;
}

async function bouquetInSizes(stock: { Mały: number; Średni: number; Duży: number }, active = true): Promise<Sized> {
  const service = serviceClient();
  const name = `Bukiet w rozmiarach ${randomUUID().slice(0, 6)}`;
  const product = await service
    .from('products')
    .insert({ name, price: 89, category: 'seasonal-gifts', stock: 50, active })
    .select('id')
    .single();
  if (product.error) throw new Error(product.error.message);
  const productId = (product.data as { id: string }).id;
  const rows = [
    { product_id: productId, label: 'Mały', position: 0, price: 89, stock: stock.Mały },
    { product_id: productId, label: 'Średni', position: 1, price: 129, stock: stock.Średni },
    { product_id: productId, label: 'Duży', position: 2, price: 179, stock: stock.Duży },
  ];
  const sizes = await service.from('product_sizes').insert(rows).select('id, label');
  if (sizes.error) throw new Error(sizes.error.message);
  const byLabel = Object.fromEntries((sizes.data as { id: string; label: string }[]).map((row) => [row.label, row.id]));
  return { productId, name, sizes: byLabel as Sized['sizes'] };
}

function order(items: unknown[]) {
  return invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod: 'transfer' }),
    items,
  });
}

async function sizeStock(sizeId: string): Promise<number> {
  return withDatabase(
    async (db) => (await db.query<{ stock: number }>('select stock from product_sizes where id = $1', [sizeId])).rows[0]!.stock,
  );
}

async function linesOf(productId: string) {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ size_id: string | null; size_label: string | null; price: number; quantity: number }>(
      'select size_id, size_label, price::float8 as price, quantity from order_items where product_id = $1 order by size_label',
      [productId],
    );
    return rows;
  });
}

describe('place-order and sizes', () => {
  it('charges each chosen size its own price and keeps the size on the line; a price in the body changes nothing', async () => {
    const bouquet = await bouquetInSizes({ Mały: 5, Średni: 5, Duży: 5 });
    const answer = await order([
      { productId: bouquet.productId, sizeId: bouquet.sizes.Duży, quantity: 1, price: 1 },
      { productId: bouquet.productId, sizeId: bouquet.sizes.Mały, quantity: 2 },
    ]);
    expect(answer.status).toBe(201);
    expect((answer.body.order as { subtotal: number }).subtotal).toBe(179 + 2 * 89);
    expect(await linesOf(bouquet.productId)).toEqual([
      { size_id: bouquet.sizes.Duży, size_label: 'Duży', price: 179, quantity: 1 },
      { size_id: bouquet.sizes.Mały, size_label: 'Mały', price: 89, quantity: 2 },
    ]);
    expect(await sizeStock(bouquet.sizes.Duży)).toBe(4);
    expect(await sizeStock(bouquet.sizes.Mały)).toBe(3);
  });

  it('refuses a size of another product, no size for a product sold in sizes, and a size for one sold as one', async () => {
    const bouquet = await bouquetInSizes({ Mały: 5, Średni: 5, Duży: 5 });
    const other = await bouquetInSizes({ Mały: 5, Średni: 5, Duży: 5 });
    const plain = await serviceClient()
      .from('products')
      .insert({ name: 'Znicz bez rozmiarów', price: 10, category: 'candles', stock: 5 })
      .select('id')
      .single();
    const plainId = (plain.data as { id: string }).id;
    for (const items of [
      [{ productId: bouquet.productId, sizeId: other.sizes.Duży, quantity: 1 }],
      [{ productId: bouquet.productId, quantity: 1 }],
      [{ productId: plainId, sizeId: bouquet.sizes.Mały, quantity: 1 }],
    ]) {
      const answer = await order(items);
      expect(answer.status).toBe(422);
      expect(answer.body.error).toBe('size_unavailable');
      expect(answer.body.message).toBe('Wybrany rozmiar produktu nie jest już dostępny. Odśwież koszyk i wybierz rozmiar ponownie.');
    }
    expect(await linesOf(bouquet.productId)).toEqual([]);
    expect(await sizeStock(other.sizes.Duży)).toBe(5);
  });

  it('place_order itself refuses a tampered size or a price that is not the size’s price in force', async () => {
    const bouquet = await bouquetInSizes({ Mały: 5, Średni: 5, Duży: 5 });
    const other = await bouquetInSizes({ Mały: 5, Średni: 5, Duży: 5 });
    const call = (item: Record<string, unknown>, subtotal: number) =>
      serviceClient().rpc('place_order', {
        p_client_request_id: randomUUID(),
        p_user_id: null,
        p_order_number: `KT8${String(Date.now()).slice(-8)}`,
        p_customer_name: 'Anna Kowalska',
        p_customer_email: 'anna.kowalska@example.test',
        p_customer_phone: '600100200',
        p_delivery_method: 'store',
        p_delivery_address: null,
        p_payment_method: 'transfer',
        p_subtotal: subtotal,
        p_shipping_cost: 0,
        p_items: [{ product_id: bouquet.productId, quantity: 1, ...item }],
        p_access_key_hash: null,
        p_details: {},
        p_services_cost: 0,
        p_capacity: null,
        p_request_hash: null,
      });
    // The small size's price for the large one.
    expect((await call({ size_id: bouquet.sizes.Duży, price: 89 }, 89)).error?.message).toBe(`price_changed:${bouquet.productId}`);
    expect((await call({ size_id: other.sizes.Duży, price: 179 }, 179)).error?.message).toBe(`size_unavailable:${bouquet.productId}`);
    expect((await call({ price: 89 }, 89)).error?.message).toBe(`size_unavailable:${bouquet.productId}`);
    expect(await linesOf(bouquet.productId)).toEqual([]);
  });

  it('20 concurrent orders of one size with 5 pieces give exactly 5 orders; the other sizes and the product keep theirs; cancelling returns to the size', async () => {
    const bouquet = await bouquetInSizes({ Mały: 10, Średni: 3, Duży: 5 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => order([{ productId: bouquet.productId, sizeId: bouquet.sizes.Duży, quantity: 1 }])),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.error).toBe('insufficient_stock');
    expect(refused.body.message).toContain(`„${bouquet.name} (Duży)”`);
    expect(await sizeStock(bouquet.sizes.Duży)).toBe(0);
    expect(await sizeStock(bouquet.sizes.Mały)).toBe(10);
    expect(await sizeStock(bouquet.sizes.Średni)).toBe(3);
    const productStock = await withDatabase(
      async (db) => (await db.query<{ stock: number }>('select stock from products where id = $1', [bouquet.productId])).rows[0]!.stock,
    );
    expect(productStock).toBe(50);

    const placed = answers.find((answer) => answer.status === 201)!.body.order as { id: string };
    const owner = await signedInOwner();
    expect((await owner.from('orders').update({ status: 'cancelled' }).eq('id', placed.id).select('id')).error).toBeNull();
    expect(await sizeStock(bouquet.sizes.Duży)).toBe(1);
    expect((await owner.from('orders').update({ status: 'pending' }).eq('id', placed.id).select('id')).error).toBeNull();
    expect(await sizeStock(bouquet.sizes.Duży)).toBe(0);
  });

  it('a made-to-order size is never short', async () => {
    const bouquet = await bouquetInSizes({ Mały: 0, Średni: 0, Duży: 0 });
    await serviceClient().from('product_sizes').update({ made_to_order: true }).eq('id', bouquet.sizes.Średni);
    expect((await order([{ productId: bouquet.productId, sizeId: bouquet.sizes.Średni, quantity: 3 }])).status).toBe(201);
    expect((await order([{ productId: bouquet.productId, sizeId: bouquet.sizes.Mały, quantity: 1 }])).status).toBe(409);
  });
});

describe('product_sizes: row-level security and the Omnibus price per size', () => {
  it('anyone reads the sizes of a product on sale, none of a hidden one; only the owner writes them', async () => {
    const onSale = await bouquetInSizes({ Mały: 1, Średni: 1, Duży: 1 });
    const hidden = await bouquetInSizes({ Mały: 1, Średni: 1, Duży: 1 }, false);
    const { client: customer } = await signedUpCustomer('rozmiary');
    for (const reader of [anonClient(), customer]) {
      const visible = await reader.from('product_sizes').select('label').in('product_id', [onSale.productId, hidden.productId]);
      expect(visible.error).toBeNull();
      expect((visible.data as { label: string }[]).map((row) => row.label).sort()).toEqual(['Duży', 'Mały', 'Średni']);
      const added = await reader.from('product_sizes').insert({ product_id: onSale.productId, label: 'Ogromny', price: 1 }).select('id');
      expect(added.error).not.toBeNull();
      const changed = await reader.from('product_sizes').update({ price: 1 }).eq('id', onSale.sizes.Duży).select('id');
      expect(changed.data ?? []).toEqual([]);
      const removed = await reader.from('product_sizes').delete().eq('id', onSale.sizes.Duży).select('id');
      expect(removed.data ?? []).toEqual([]);
    }
    const owner = await signedInOwner();
    const ownerSees = await owner.from('product_sizes').select('label').eq('product_id', hidden.productId);
    expect(ownerSees.data).toHaveLength(3);
    const ownerAdds = await owner
      .from('product_sizes')
      .insert({ product_id: onSale.productId, label: 'Ogromny', position: 3, price: 249 })
      .select('id');
    expect(ownerAdds.error).toBeNull();
    const ownerChanges = await owner.from('product_sizes').update({ price: 189 }).eq('id', onSale.sizes.Duży).select('price');
    expect(ownerChanges.data).toEqual([{ price: 189 }]);
    expect(await sizeStock(onSale.sizes.Duży)).toBe(1);
  });

  it('a size on promotion gets its own 30-day lowest price; its sibling and the product keep none', async () => {
    const bouquet = await bouquetInSizes({ Mały: 1, Średni: 1, Duży: 1 });
    const owner = await signedInOwner();
    // Duży was 179, was raised to 199, then promoted to 169: the lowest of the 30 days before is 179.
    await owner.from('product_sizes').update({ price: 199 }).eq('id', bouquet.sizes.Duży);
    const promoted = await owner
      .from('product_sizes')
      .update({ promo_price: 169 })
      .eq('id', bouquet.sizes.Duży)
      .select('lowest_price_30d, current_price:product_size_current_price')
      .single();
    expect(promoted.error).toBeNull();
    expect(promoted.data).toEqual({ lowest_price_30d: 179, current_price: 169 });
    const { data } = await anonClient()
      .from('products')
      .select('lowest_price_30d, sizes:product_sizes(label, lowest_price_30d)')
      .eq('id', bouquet.productId)
      .single();
    const shown = data as { lowest_price_30d: number | null; sizes: { label: string; lowest_price_30d: number | null }[] };
    expect(shown.lowest_price_30d).toBeNull();
    expect(Object.fromEntries(shown.sizes.map((size) => [size.label, size.lowest_price_30d]))).toEqual({
      Mały: null,
      Średni: null,
      Duży: 179,
    });
    // A size's price written through the API is recomputed from its own history.
    const forged = await owner
      .from('product_sizes')
      .update({ lowest_price_30d: 1 })
      .eq('id', bouquet.sizes.Duży)
      .select('lowest_price_30d')
      .single();
    expect(forged.data).toEqual({ lowest_price_30d: 179 });
  });
});
