import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminCatalogHandlers, adminCatalogStore, type AdminCatalogStore } from '../../mocks/admin-catalog-handlers.ts';
import { catalogProducts } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import type { ProductRow } from '../../src/domain/product.ts';
import { ProductsPage } from '../../src/features/admin/products/products-page.tsx';
import { ProductCard } from '../../src/features/catalog/product-card.tsx';
import { renderInRouter, renderRoute, serveCatalog, withBackendMetaAndConsent } from './render-route.tsx';

/** Promotions (issue 19): the reduced price, the regular one struck through, the Omnibus line; the admin's 'Promocja'. */

withBackendMetaAndConsent();

const ORCHID = catalogProducts.find((product) => product.name === 'Storczyk w doniczce')!;
const onPromotion: ProductRow = { ...ORCHID, current_price: 99, lowest_price_30d: 119, promo_price: 99 };
const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s/g, ' ');

describe('a product on promotion in the shop', () => {
  it('shows the card with the reduced price, the regular one struck through with its name for screen readers, and the Omnibus line', async () => {
    await renderInRouter(<ProductCard product={onPromotion} />);
    const card = await screen.findByTestId('product-card');
    const struck = card.querySelector('s')!;
    expect(text(struck)).toBe('Cena regularna: 129,00 zł');
    expect(text(within(card).getByText(/Cena promocyjna:/).parentElement)).toBe('Cena promocyjna: 99,00 zł');
    expect(text(within(card).getByText(/Najniższa cena z 30 dni przed obniżką/))).toBe('Najniższa cena z 30 dni przed obniżką: 119,00 zł');
    expect(within(card).getByText('Promocja')).toBeTruthy();
  });

  it('shows a plain price without a promotion, and for a promotional price with no earlier price on record', async () => {
    for (const product of [ORCHID, { ...onPromotion, lowest_price_30d: null }]) {
      const { unmount } = await renderInRouter(<ProductCard product={product} />);
      const card = await screen.findByTestId('product-card');
      expect(card.querySelector('s')).toBeNull();
      expect(within(card).queryByText(/Najniższa cena/)).toBeNull();
      expect(text(card)).toContain(product === ORCHID ? '129,00 zł' : '99,00 zł');
      unmount();
    }
  });

  it('shows the product page with the reduced price, the struck regular price and the Omnibus line', async () => {
    serveCatalog(catalogProducts.map((product) => (product.id === ORCHID.id ? onPromotion : product)));
    await renderRoute(`/product/${ORCHID.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: ORCHID.name })).toBeTruthy();
    expect(text(screen.getByTestId('product-price'))).toBe('Cena promocyjna: 99,00 zł');
    expect(text(screen.getByTestId('omnibus-price'))).toBe('Najniższa cena z 30 dni przed obniżką: 119,00 zł');
    expect(text(screen.getByTestId('product-price').closest('div')!.querySelector('s'))).toBe('Cena regularna: 129,00 zł');
  });
});

describe('the admin form’s promotion', () => {
  let store: AdminCatalogStore;
  beforeEach(() => {
    store = adminCatalogStore();
    server.use(...adminCatalogHandlers(store));
  });

  async function editFirst() {
    const user = userEvent.setup();
    render(<ProductsPage />);
    await screen.findByRole('list', { name: 'Lista produktów' });
    const product = store.products[0]!;
    await user.click(screen.getByRole('button', { name: `Edytuj: ${product.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edytuj produkt' });
    return { user, dialog, product };
  }

  // Pasted, not typed key by key: the tests are about what is checked and saved, and stay quick on a busy machine.
  const fill = async (user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) => {
    await user.click(field);
    await user.paste(value);
  };

  const messageOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

  it('refuses a promotional price not below the price and an end before the start, in Polish', async () => {
    const { user, dialog, product } = await editFirst();
    const section = within(dialog).getByRole('group', { name: 'Promocja' });
    const promo = within(section).getByLabelText('Cena promocyjna (zł)');
    await fill(user, promo, String(product.price));
    await fill(user, within(section).getByLabelText('Od'), '2026-12-10');
    await fill(user, within(section).getByLabelText('Do'), '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));

    await waitFor(() => expect(messageOf(promo)).toBe('Cena promocyjna musi być niższa od ceny regularnej'));
    expect(messageOf(within(section).getByLabelText('Do'))).toBe('Data „Do” nie może być wcześniejsza niż „Od”');
    expect(store.products[0]!.promo_price ?? null).toBeNull();
  });

  it('saves the promotion from 00:00 of „Od” to the end of „Do” in Warsaw, and the list marks it', async () => {
    const { user, dialog, product } = await editFirst();
    const section = within(dialog).getByRole('group', { name: 'Promocja' });
    await fill(user, within(section).getByLabelText('Cena promocyjna (zł)'), '99.50');
    await fill(user, within(section).getByLabelText('Od'), '2026-03-01');
    await fill(user, within(section).getByLabelText('Do'), '2026-03-28');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));

    expect(await screen.findByText(`Zapisano zmiany produktu „${product.name}”.`)).toBeTruthy();
    // Winter time on 1 March (UTC+1); the day after 28 March, the 29th, is the day the clocks go forward (00:00 is still UTC+1).
    expect(store.products[0]).toMatchObject({
      promo_price: 99.5,
      promo_starts_at: '2026-02-28T23:00:00.000Z',
      promo_ends_at: '2026-03-28T23:00:00.000Z',
    });
    const row = screen.getByText(product.name).closest('li')!;
    // March 2026 is over by the machine's clock: the list says so.
    expect(text(within(row).getByText(/^Promocja/))).toBe('Promocja zakończona: 99,50 zł');
  });
});
