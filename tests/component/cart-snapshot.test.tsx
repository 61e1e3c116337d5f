import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleProducts } from '../../mocks/fixtures.ts';
import { cartSnapshot, forgetCartSnapshot } from '../../src/features/cart/cart-snapshot.ts';
import { addToCart, removeLine, setCartShippingMethod } from '../../src/features/cart/cart-store.ts';
import { db } from '../../src/lib/db.ts';

/** The copy of the cart the next page shows first (cart-snapshot.ts) follows every change made through the cart. */

const [ROSES, TULIPS] = sampleProducts;

beforeEach(async () => {
  await Promise.all([db.cartLines.clear(), db.products.clear(), db.meta.clear()]);
  forgetCartSnapshot();
});

describe("the cart's kept copy", () => {
  it('is what every change through the cart left in the database, and an emptied cart keeps none', async () => {
    await addToCart(ROSES!.id, 2, ROSES);
    await addToCart(TULIPS!.id, 1, TULIPS);
    await setCartShippingMethod('home');
    expect(cartSnapshot()).toMatchObject({
      records: [
        { productId: ROSES!.id, quantity: 2 },
        { productId: TULIPS!.id, quantity: 1 },
      ],
      products: [{ name: ROSES!.name }, { name: TULIPS!.name }],
      method: 'home',
    });

    await removeLine(ROSES!.id);
    expect(cartSnapshot()?.records.map((record) => record.productId)).toEqual([TULIPS!.id]);
    await removeLine(TULIPS!.id);
    expect(cartSnapshot()).toBeUndefined();
  });
});
