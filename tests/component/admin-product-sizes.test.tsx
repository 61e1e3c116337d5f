import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminCatalogHandlers, adminCatalogStore, type AdminCatalogStore } from '../../mocks/admin-catalog-handlers.ts';
import { productSize } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { ProductsPage } from '../../src/features/admin/products/products-page.tsx';
import { withBackendMetaAndConsent } from './render-route.tsx';

/** The product form's 'Rozmiary' (decision 038): each size's own promotion with its dates, and its own photo. */

withBackendMetaAndConsent();

const PHOTO_A = { id: '0b5c8a1e-4a8e-4c4b-9f3a-1d2e3f4a5b6c', width: 1600, height: 1200 };
const PHOTO_B = { id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', width: 1200, height: 1600 };

describe('the sizes editor', () => {
  let store: AdminCatalogStore;
  beforeEach(() => {
    store = adminCatalogStore();
    const first = [...store.products].sort((a, b) => b.created_at.localeCompare(a.created_at))[0]!;
    first.photos = [PHOTO_A, PHOTO_B];
    first.sizes = [
      productSize('5a1b2c3d-0000-4000-8000-000000000001', 'Mały', 0, 89),
      productSize('5a1b2c3d-0000-4000-8000-000000000002', 'Duży', 1, 159),
    ];
    server.use(...adminCatalogHandlers(store));
  });

  async function editFirst() {
    const user = userEvent.setup();
    render(<ProductsPage />);
    await screen.findByRole('list', { name: 'Lista produktów' });
    const product = [...store.products].sort((a, b) => b.created_at.localeCompare(a.created_at))[0]!;
    await user.click(screen.getByRole('button', { name: `Edytuj: ${product.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edytuj produkt' });
    const big = within(dialog).getByRole('group', { name: 'Rozmiar 2' });
    return { user, dialog, product, big };
  }

  const fill = async (user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) => {
    await user.click(field);
    await user.clear(field);
    if (value !== '') await user.paste(value);
  };
  const messageOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

  it('refuses a size’s promotion by the product’s rules, in Polish, focuses the first wrong field and saves nothing', async () => {
    const { user, dialog, product, big } = await editFirst();
    const promo = within(big).getByLabelText('Cena promocyjna (zł)');
    await fill(user, promo, '159');
    await fill(user, within(big).getByLabelText('Promocja od'), '2026-12-10');
    const to = within(big).getByLabelText('Promocja do');
    await fill(user, to, '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));

    await waitFor(() => expect(messageOf(promo)).toBe('Cena promocyjna musi być niższa od ceny regularnej'));
    expect(messageOf(to)).toBe('Data „Do” nie może być wcześniejsza niż „Od”');
    await waitFor(() => expect(document.activeElement).toBe(promo));
    expect(store.products.find((row) => row.id === product.id)!.sizes!.every((size) => size.promo_price === null)).toBe(true);

    await fill(user, promo, '');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));
    await waitFor(() => expect(messageOf(promo)).toBe('Podaj cenę promocyjną albo usuń daty promocji'));
  });

  it('saves a size’s promotion from 00:00 of „Od” to the end of „Do” in Warsaw and the photo chosen among the product’s (native radio buttons)', async () => {
    const { user, dialog, product, big } = await editFirst();
    await fill(user, within(big).getByLabelText('Cena promocyjna (zł)'), '139');
    await fill(user, within(big).getByLabelText('Promocja od'), '2026-03-01');
    await fill(user, within(big).getByLabelText('Promocja do'), '2026-03-28');

    const photos = within(big).getByRole('group', { name: 'Zdjęcie rozmiaru Duży' });
    const main = within(photos).getByRole('radio', { name: 'Główne zdjęcie' });
    expect((main as HTMLInputElement).checked).toBe(true);
    expect(
      within(photos)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label') ?? radio.parentElement?.textContent),
    ).toEqual(['Główne zdjęcie', 'Zdjęcie 1 z 2', 'Zdjęcie 2 z 2']);
    await user.click(within(photos).getByRole('radio', { name: 'Zdjęcie 2 z 2' }));
    expect((within(photos).getByRole('radio', { name: 'Zdjęcie 2 z 2' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));
    expect(await screen.findByText(`Zapisano zmiany produktu „${product.name}”.`)).toBeTruthy();
    const saved = store.products.find((row) => row.id === product.id)!.sizes!;
    expect(saved.find((size) => size.label === 'Duży')).toMatchObject({
      promo_price: 139,
      promo_starts_at: '2026-02-28T23:00:00.000Z',
      promo_ends_at: '2026-03-28T23:00:00.000Z',
      photo_id: PHOTO_B.id,
    });
    expect(saved.find((size) => size.label === 'Mały')).toMatchObject({ promo_price: null, promo_starts_at: null, photo_id: null });
  });

  it('reads a saved promotion back into its dates, and drops a size’s photo the product no longer has', async () => {
    const first = [...store.products].sort((a, b) => b.created_at.localeCompare(a.created_at))[0]!;
    first.sizes = [
      productSize('5a1b2c3d-0000-4000-8000-000000000002', 'Duży', 0, 159, {
        promo_price: 139,
        promo_starts_at: '2026-02-28T23:00:00+00:00',
        promo_ends_at: '2026-03-28T23:00:00+00:00',
        photo_id: '99999999-9999-4999-8999-999999999999',
      }),
    ];
    const user = userEvent.setup();
    render(<ProductsPage />);
    await screen.findByRole('list', { name: 'Lista produktów' });
    await user.click(screen.getByRole('button', { name: `Edytuj: ${first.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edytuj produkt' });
    const size = within(dialog).getByRole('group', { name: 'Rozmiar 1' });
    expect((within(size).getByLabelText('Promocja od') as HTMLInputElement).value).toBe('2026-03-01');
    expect((within(size).getByLabelText('Promocja do') as HTMLInputElement).value).toBe('2026-03-28');
    expect((within(size).getByRole('radio', { name: 'Główne zdjęcie' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));
    expect(await screen.findByText(`Zapisano zmiany produktu „${first.name}”.`)).toBeTruthy();
    expect(store.products.find((row) => row.id === first.id)!.sizes![0]).toMatchObject({ photo_id: null, promo_price: 139 });
  });
});
