import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleProducts } from '../../mocks/fixtures.ts';
import { CartButton } from '../../src/features/cart/cart-button.tsx';
import { addToCart, removeLine } from '../../src/features/cart/cart-store.ts';
import { db } from '../../src/lib/db.ts';

const [ROSES, TULIPS] = sampleProducts;

beforeEach(async () => {
  await Promise.all([db.cartLines.clear(), db.products.clear()]);
  await db.products.bulkPut([ROSES!, TULIPS!]);
});

describe('the header cart button', () => {
  it('has one name that carries the count, and says nothing when the page opens with a full cart', async () => {
    await addToCart(ROSES!.id, 2);
    render(<CartButton />);
    expect(await screen.findByRole('button', { name: 'Koszyk, produktów: 2' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('announces politely when the count changes', async () => {
    render(<CartButton />);
    await screen.findByRole('button', { name: 'Koszyk' });
    await act(() => addToCart(TULIPS!.id, 3));
    expect(await screen.findByRole('button', { name: 'Koszyk, produktów: 3' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Produktów w koszyku: 3'));
    await act(() => removeLine(TULIPS!.id));
    // The cart is read again after a write; the announcement follows once the new count is known.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Produktów w koszyku: 0'));
    expect(screen.getByRole('button', { name: 'Koszyk' })).toBeTruthy();
  });
});
