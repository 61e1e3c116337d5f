import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { productSize, sampleProducts } from '../../mocks/fixtures.ts';
import { addToCart } from '../../src/features/cart/cart-store.ts';
import { db } from '../../src/lib/db.ts';

const [ROSES, TULIPS] = sampleProducts;

beforeEach(async () => {
  await Promise.all([db.cartLines.clear(), db.products.clear()]);
});

describe('adding a product the device has no copy of', () => {
  it('keeps the product as the page showed it, so the cart need not ask the server about the line', async () => {
    await addToCart(ROSES!.id, 2, ROSES);
    expect(await db.cartLines.get(ROSES!.id)).toMatchObject({ quantity: 2 });
    expect((await db.products.get(ROSES!.id))?.name).toBe(ROSES!.name);
  });

  it("never replaces the device's own copy, nor stores a row that is not the added product", async () => {
    await db.products.put({ ...ROSES!, name: 'Róże z katalogu urządzenia' });
    await addToCart(ROSES!.id, 1, { ...ROSES!, name: 'Róże ze strony' });
    expect((await db.products.get(ROSES!.id))?.name).toBe('Róże z katalogu urządzenia');

    await addToCart(TULIPS!.id, 1, ROSES);
    expect(await db.products.get(TULIPS!.id)).toBeUndefined();
    expect(await db.cartLines.get(TULIPS!.id)).toMatchObject({ quantity: 1 });
  });

  it('keeps a product in two sizes as two lines, and replaces a copy stored before the product had the chosen size', async () => {
    await db.products.put({ ...ROSES! });
    const sized = {
      ...ROSES!,
      sizes: [productSize('s-maly', 'Mały', 0, 89, { stock: 5 }), productSize('s-duzy', 'Duży', 0, 159, { stock: 5 })],
    };
    await addToCart(ROSES!.id, 1, sized, 's-duzy');
    await addToCart(ROSES!.id, 2, sized, 's-maly');
    await addToCart(ROSES!.id, 1, sized, 's-duzy');
    expect(await db.cartLines.get(`${ROSES!.id}:s-duzy`)).toMatchObject({ productId: ROSES!.id, sizeId: 's-duzy', quantity: 2 });
    expect(await db.cartLines.get(`${ROSES!.id}:s-maly`)).toMatchObject({ quantity: 2 });
    expect((await db.products.get(ROSES!.id))?.sizes).toHaveLength(2);
  });
});
