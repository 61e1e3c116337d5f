import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogProducts, productSize } from '../../mocks/fixtures.ts';
import type { ProductRow } from '../../src/domain/product.ts';
import { ProductCard } from '../../src/features/catalog/product-card.tsx';
import { ProductPriceTag } from '../../src/features/catalog/product-price-tag.tsx';
import { ProductPage } from '../../src/features/catalog/product-page.tsx';
import { renderInRouter } from './render-route.tsx';

/** The product page's 'Rozmiar' (decision 038): the middle of three chosen first, the price and stock follow the choice. */

const size = productSize;

const MEADOW: ProductRow = {
  ...catalogProducts[0]!,
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Bukiet polnych kwiatów',
  price: 89,
  sizes: [
    size('s-duzy', 'Duży', 2, 159, { promo_price: 139, current_price: 139, lowest_price_30d: 149, stock: 2 }),
    size('s-maly', 'Mały', 0, 89),
    size('s-sredni', 'Średni', 1, 119, { stock: 0 }),
  ],
};

const text = (element: Element | null) => element?.textContent?.replace(/\s/g, ' ');

describe('a product in sizes', () => {
  it('offers “Rozmiar” as a radio group starting on the middle size; choosing another changes the price, the Omnibus line and the stock', async () => {
    const purchases: string[] = [];
    await renderInRouter(
      <ProductPage
        id={MEADOW.id}
        products={[MEADOW]}
        status="ready"
        onRetry={() => undefined}
        renderPurchase={(product, quantity, sizeId) => {
          purchases.push(`${product.id} ${quantity} ${sizeId}`);
          return <p>zakup</p>;
        }}
      />,
    );
    const group = screen.getByRole('group', { name: 'Rozmiar' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent?.split(/\d/)[0])).toEqual(['Mały', 'Średni', 'Duży']);
    expect((within(group).getByRole('radio', { name: /Średni/ }) as HTMLInputElement).checked).toBe(true);
    expect(text(screen.getByTestId('product-price'))).toBe('119,00 zł');
    expect(screen.getByTestId('product-availability').textContent).toBe('Brak w magazynie');
    expect(purchases.at(-1)).toBe(`${MEADOW.id} 1 s-sredni`);

    await userEvent.click(within(group).getByRole('radio', { name: /Duży/ }));
    expect(text(screen.getByTestId('product-price'))).toContain('139,00 zł');
    expect(text(screen.getByTestId('omnibus-price'))).toBe('Najniższa cena z 30 dni przed obniżką: 149,00 zł');
    expect(screen.getByTestId('product-availability').textContent).toBe('Ostatnie 2 szt.');
    expect(purchases.at(-1)).toBe(`${MEADOW.id} 1 s-duzy`);
  });

  it('shows a card “od” the lowest size price', async () => {
    await renderInRouter(<ProductPriceTag product={MEADOW} size="card" />);
    expect(text(screen.getByText(/^od /))).toBe('od 89,00 zł');
  });

  it('gives a card the stock of its sizes together: not sold out while a size is left, even with the product’s own stock at 0', async () => {
    const card = async (product: ProductRow) => {
      const view = await renderInRouter(<ProductCard product={{ ...product, stock: 0, made_to_order: false }} />);
      const said = view.container.querySelector('[data-testid="card-availability"]')?.textContent ?? null;
      const marked = within(view.container).queryByText('Promocja') !== null;
      view.unmount();
      return { said, marked };
    };
    expect(await card(MEADOW)).toEqual({ said: 'Niektóre rozmiary wyprzedane', marked: true });
    const soldOut = MEADOW.sizes!.map((one) => ({ ...one, stock: 0 }));
    expect((await card({ ...MEADOW, sizes: soldOut })).said).toBe('Brak w magazynie');
    const plenty = MEADOW.sizes!.map((one) => ({ ...one, stock: 10, promo_price: null, current_price: one.price }));
    expect(await card({ ...MEADOW, sizes: plenty })).toEqual({ said: null, marked: false });
  });
});
