import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { catalogProducts } from '../../mocks/fixtures.ts';
import type { ProductRow } from '../../src/domain/product.ts';
import { AddonSuggestionList } from '../../src/features/cart/addon-suggestions.tsx';
import { AddToCartButton } from '../../src/features/cart/add-to-cart-button.tsx';
import { ProductPage } from '../../src/features/catalog/product-page.tsx';
import { renderInRouter } from './render-route.tsx';

/** 'Dodaj do bukietu' on a bouquet's page and 'Może jeszcze…' in the cart (decision 039). */

const base = catalogProducts[0]!;
const BOUQUET: ProductRow = {
  ...base,
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Bukiet róż',
  category: 'live-flowers',
  is_addon: false,
};
const addon = (id: string, name: string, extra: Partial<ProductRow> = {}): ProductRow => ({
  ...base,
  id,
  name,
  category: 'seasonal-gifts',
  price: 39,
  current_price: 39,
  stock: 10,
  made_to_order: false,
  active: true,
  is_addon: true,
  ...extra,
});
const VASE = addon('00000000-0000-4000-8000-0000000000c1', 'Wazon szklany');
const CHOCOLATES = addon('00000000-0000-4000-8000-0000000000c2', 'Czekoladki', { price: 35, current_price: 35 });
const SOLD_OUT = addon('00000000-0000-4000-8000-0000000000c3', 'Balon', { stock: 0 });
const CANDLE: ProductRow = { ...base, id: '00000000-0000-4000-8000-0000000000d1', name: 'Znicz', category: 'candles', is_addon: false };
const CATALOGUE = [BOUQUET, VASE, CHOCOLATES, SOLD_OUT, CANDLE];

function renderPage(id: string, addToCart = vi.fn(async () => undefined)) {
  return renderInRouter(
    <ProductPage
      id={id}
      products={CATALOGUE}
      status="ready"
      onRetry={() => undefined}
      renderPurchase={(product, quantity, sizeId, addons) => (
        <AddToCartButton
          product={product}
          quantity={quantity}
          sizeId={sizeId}
          addons={addons?.addons}
          onAdded={addons?.onAdded}
          addToCart={addToCart}
        />
      )}
    />,
  );
}

describe('Dodaj do bukietu', () => {
  it('lists the in-stock add-ons as checkboxes with their prices; the ticked ones go into the cart with the bouquet', async () => {
    const addToCart = vi.fn(async () => undefined);
    await renderPage(BOUQUET.id, addToCart);
    const group = screen.getByRole('group', { name: 'Dodaj do bukietu' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent?.replace(/\s/g, ' '))).toEqual([
      'Czekoladki+ 35,00 zł',
      'Wazon szklany+ 39,00 zł',
    ]);

    // The keyboard way: Tab to the vase's box, Space ticks it.
    const vase = within(group).getByRole('checkbox', { name: /Wazon szklany/ });
    vase.focus();
    await userEvent.keyboard(' ');
    expect((vase as HTMLInputElement).checked).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: `Dodaj do koszyka: ${BOUQUET.name}` }));
    expect(addToCart.mock.calls.map((call: unknown[]) => [call[0], call[1]])).toEqual([
      [BOUQUET.id, 1],
      [VASE.id, 1],
    ]);
    // Once in the cart the ticks are cleared: the next press adds the bouquet alone.
    expect((vase as HTMLInputElement).checked).toBe(false);
  });

  it('is not offered on an add-on’s own page', async () => {
    await renderPage(VASE.id);
    expect(screen.queryByRole('group', { name: 'Dodaj do bukietu' })).toBeNull();
  });

  it('is not offered on a candle’s page', async () => {
    await renderPage(CANDLE.id);
    expect(screen.queryByRole('group', { name: 'Dodaj do bukietu' })).toBeNull();
  });
});

describe('Może jeszcze…', () => {
  it('is an inline list with a “Dodaj” button per add-on, never a dialog, and says what was added', async () => {
    const onAdd = vi.fn(async () => undefined);
    await renderInRouter(<AddonSuggestionList addons={[CHOCOLATES, VASE]} onAdd={onAdd} />);
    const region = screen.getByRole('region', { name: 'Może jeszcze…' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      within(region)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Dodaj', 'Dodaj']);

    await userEvent.click(within(region).getByRole('button', { name: 'Dodaj do koszyka: Wazon szklany' }));
    expect(onAdd).toHaveBeenCalledWith(VASE);
    expect((await screen.findByRole('status')).textContent).toBe('Dodano do koszyka: Wazon szklany');
  });

  it('shows nothing when there is nothing to offer', async () => {
    await renderInRouter(<AddonSuggestionList addons={[]} onAdd={vi.fn(async () => undefined)} />);
    expect(screen.queryByText('Może jeszcze…')).toBeNull();
    expect(screen.queryByTestId('addon-suggestions')).toBeNull();
  });
});
