import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProductInput } from '../../src/domain/product-schema.ts';
import { createProduct, deleteProduct, listAdminProducts, updateProduct } from '../../src/features/admin/products/products-api.ts';
import { loadSettings, saveSettings } from '../../src/features/admin/settings/settings-api.ts';
import { anonClient, checkoutFor, invokeFunction, signedInOwner, signedUpCustomer, withDatabase } from '../support/test-backend.ts';

/** The owner's catalog and settings against the real database, RLS and functions. */

const created: string[] = [];

function productInput(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: `Znicz testowy ${randomUUID().slice(0, 6)}`,
    category: 'candles',
    description: 'Szklany znicz do testów panelu.',
    price: 120,
    stock: 5,
    image_url: '/products/znicz.svg',
    is_featured: false,
    made_to_order: false,
    is_addon: false,
    withdrawal_rule: 'category',
    vat_rate: null,
    manufacturer_name: null,
    manufacturer_address: null,
    manufacturer_contact: null,
    safety_warnings: null,
    promo_price: null,
    promo_starts_at: null,
    promo_ends_at: null,
    ...overrides,
  };
}

async function anonSees(id: string): Promise<boolean> {
  const { data, error } = await anonClient().from('products').select('id').eq('id', id);
  if (error) throw error;
  return data.length === 1;
}

async function storedRow(id: string) {
  return withDatabase(
    async (db) => (await db.query('select name, price::float8 as price, stock, active from products where id = $1', [id])).rows[0],
  );
}

afterAll(async () => {
  // Test products used in orders stay (deactivated), like the owner's would.
  await withDatabase((db) =>
    db.query('delete from products where id = any($1::uuid[]) and not exists (select 1 from order_items where product_id = products.id)', [
      created,
    ]),
  );
});

describe('owner products', () => {
  it('creates, edits and deletes a product; the storefront (anon) sees each change', async () => {
    const owner = await signedInOwner();
    const product = await createProduct(productInput(), owner);
    created.push(product.id);
    expect(product).toMatchObject({ category: 'candles', price: 120, stock: 5, active: true });
    expect(await anonSees(product.id)).toBe(true);

    const edited = await updateProduct(product.id, { name: 'Znicz zmieniony', price: 99.5, stock: 2 }, owner);
    expect(edited).toMatchObject({ name: 'Znicz zmieniony', price: 99.5, stock: 2 });
    expect(await storedRow(product.id)).toEqual({ name: 'Znicz zmieniony', price: 99.5, stock: 2, active: true });
    const { data: anonRow } = await anonClient().from('products').select('name, price').eq('id', product.id).single();
    expect(anonRow).toEqual({ name: 'Znicz zmieniony', price: 99.5 });

    expect(await deleteProduct(product.id, owner)).toBe('deleted');
    expect(await storedRow(product.id)).toBeUndefined();
    expect(await anonSees(product.id)).toBe(false);
  });

  it('hides a product used in an order instead of deleting it: the order keeps it, anon no longer reads it, the owner still does', async () => {
    const owner = await signedInOwner();
    const product = await createProduct(productInput(), owner);
    created.push(product.id);
    const placed = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: randomUUID(),
      checkout: checkoutFor({ deliveryMethod: 'store' }),
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(placed.status).toBe(201);

    expect(await deleteProduct(product.id, owner)).toBe('deactivated');
    expect(await storedRow(product.id)).toMatchObject({ active: false });
    const items = await withDatabase(
      async (db) => (await db.query('select count(*)::int as n from order_items where product_id = $1', [product.id])).rows[0],
    );
    expect(items).toEqual({ n: 1 });
    expect(await anonSees(product.id)).toBe(false);
    const ownerList = await listAdminProducts(owner);
    expect(ownerList.find((row) => row.id === product.id)).toMatchObject({ active: false });

    // Shown again from the admin list.
    await updateProduct(product.id, { active: true }, owner);
    expect(await anonSees(product.id)).toBe(true);
    await updateProduct(product.id, { active: false }, owner);
  });

  it('refuses product and settings writes from a customer and from anon (RLS)', async () => {
    const owner = await signedInOwner();
    const product = await createProduct(productInput(), owner);
    created.push(product.id);
    const { client: customer } = await signedUpCustomer('no-admin');

    await expect(createProduct(productInput(), customer)).rejects.toMatchObject({ code: '42501' });
    await expect(updateProduct(product.id, { price: 1 }, customer)).rejects.toThrow();
    await expect(deleteProduct(product.id, customer)).rejects.toThrow();
    expect(await storedRow(product.id)).toMatchObject({ price: 120, active: true });
    await expect(createProduct(productInput(), anonClient())).rejects.toMatchObject({ code: '42501' });

    await expect(saveSettings({ free_shipping_threshold: '1' }, customer)).rejects.toThrow();
    const { error: anonUpsert } = await anonClient()
      .from('app_settings')
      .upsert({ key: 'free_shipping_threshold', value: '1' }, { onConflict: 'key' });
    expect(anonUpsert).not.toBeNull();
    const threshold = await withDatabase(
      async (db) => (await db.query("select value from app_settings where key = 'free_shipping_threshold'")).rows[0],
    );
    expect(threshold).toEqual({ value: '300' });

    // A customer reads only the public settings, never the keys.
    const { data: visible } = await customer.from('app_settings').select('key');
    const keys = (visible ?? []).map((row: { key: string }) => row.key);
    expect(keys).toContain('free_shipping_threshold');
    expect(keys).not.toContain('payu_classic_pos_auth_key');
    expect(keys).not.toContain('stripe_secret_key');
    // …while the owner reads all of them.
    const ownerValues = await loadSettings(owner);
    expect(ownerValues.payu_classic_pos_auth_key).not.toBe('');
  });
});

describe('owner settings drive the functions', () => {
  it('a saved free_shipping_threshold of 100 makes place-order charge no courier shipping from 100 zł; 300 again charges it', async () => {
    const owner = await signedInOwner();
    const product = await createProduct(productInput({ price: 120 }), owner);
    created.push(product.id);
    const place = () =>
      invokeFunction(anonClient(), 'place-order', {
        clientRequestId: randomUUID(),
        checkout: checkoutFor({ deliveryMethod: 'dpd' }),
        items: [{ productId: product.id, quantity: 1 }],
      });

    const before = await loadSettings(owner);
    expect(before.free_shipping_threshold).toBe('300');
    try {
      await saveSettings({ ...before, free_shipping_threshold: '100' }, owner);
      const { data: publicRow } = await anonClient().from('public_settings').select('value').eq('key', 'free_shipping_threshold').single();
      expect(publicRow).toEqual({ value: '100' });
      const cheap = await place();
      expect(cheap.status).toBe(201);
      expect(cheap.body.order).toMatchObject({ subtotal: 120, shippingCost: 0, total: 120 });
    } finally {
      await saveSettings({ ...before, free_shipping_threshold: '300' }, owner);
    }
    const normal = await place();
    expect(normal.body.order).toMatchObject({ subtotal: 120, shippingCost: 16.99, total: 136.99 });
    // Every other key came back unchanged by the round trip.
    expect(await loadSettings(owner)).toEqual(before);
  });
});
