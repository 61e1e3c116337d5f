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
 * Add-ons (decision 039): the mark is a products column, read with the product and written by the owner only; an
 * order line snapshots it when it is inserted, so the florist's lists keep it after the owner changes the product.
 */

async function product(fields: { name: string; category: string; is_addon: boolean; active?: boolean }): Promise<string> {
  const { data, error } = await serviceClient()
    .from('products')
    .insert({ ...fields, price: 39, stock: 10, active: fields.active ?? true })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function addonMarks(productIds: string[]): Promise<Record<string, boolean>> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ product_id: string; is_addon: boolean }>(
      'select product_id, is_addon from order_items where product_id = any($1::uuid[])',
      [productIds],
    );
    return Object.fromEntries(rows.map((row) => [row.product_id, row.is_addon]));
  });
}

describe('add-ons', () => {
  it('snapshots the mark on each order line: flowers not, the vase yes, and it stays when the owner clears it later', async () => {
    const suffix = randomUUID().slice(0, 6);
    const flowers = await product({ name: `Bukiet testowy ${suffix}`, category: 'live-flowers', is_addon: false });
    const vase = await product({ name: `Wazon testowy ${suffix}`, category: 'seasonal-gifts', is_addon: true });
    const answer = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: randomUUID(),
      checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod: 'transfer' }),
      items: [
        { productId: flowers, quantity: 1 },
        { productId: vase, quantity: 1 },
      ],
    });
    expect(answer.status).toBe(201);
    expect(await addonMarks([flowers, vase])).toEqual({ [flowers]: false, [vase]: true });

    const cleared = await serviceClient().from('products').update({ is_addon: false }).eq('id', vase);
    expect(cleared.error).toBeNull();
    expect(await addonMarks([vase])).toEqual({ [vase]: true });
  });

  it('lets anyone read the mark of an active product, not of a hidden one, and only the owner change it', async () => {
    const suffix = randomUUID().slice(0, 6);
    const shown = await product({ name: `Czekoladki testowe ${suffix}`, category: 'seasonal-gifts', is_addon: true });
    const hidden = await product({ name: `Balon testowy ${suffix}`, category: 'seasonal-gifts', is_addon: true, active: false });

    const read = await anonClient().from('products').select('id, is_addon').in('id', [shown, hidden]);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([{ id: shown, is_addon: true }]);

    const customer = await signedUpCustomer('addon');
    const byCustomer = await customer.client.from('products').update({ is_addon: false }).eq('id', shown).select('id');
    expect(byCustomer.data ?? []).toEqual([]);
    const byAnon = await anonClient().from('products').update({ is_addon: false }).eq('id', shown).select('id');
    expect(byAnon.data ?? []).toEqual([]);

    const owner = await signedInOwner();
    const byOwner = await owner.from('products').update({ is_addon: false }).eq('id', shown).select('id, is_addon');
    expect(byOwner.error).toBeNull();
    expect(byOwner.data).toEqual([{ id: shown, is_addon: false }]);
  });

  it('seeds a bouquet in three sizes and add-ons beside it: a glass vase, chocolates, a balloon and a candle', async () => {
    const { data, error } = await anonClient().from('products').select('name').eq('is_addon', true);
    expect(error).toBeNull();
    const names = (data as { name: string }[]).map((row) => row.name);
    expect(names).toEqual(
      expect.arrayContaining(['Wazon szklany', 'Czekoladki w pudełku', 'Balon z helem – serce', 'Świeca zapachowa w szkle']),
    );
  });
});
