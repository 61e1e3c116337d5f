import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminCatalogHandlers, adminCatalogStore, type AdminCatalogStore } from '../../mocks/admin-catalog-handlers.ts';
import { server } from '../../mocks/node.ts';
import { ProductsPage } from '../../src/features/admin/products/products-page.tsx';
import { photoStorage, productPhotoHandlers } from './product-photo-handlers.ts';
import { withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

let store: AdminCatalogStore;
beforeEach(() => {
  store = adminCatalogStore();
  // Deleting a product also removes its photos' files from Storage.
  server.use(...adminCatalogHandlers(store), ...productPhotoHandlers(store, photoStorage()));
});

async function openPage() {
  const user = userEvent.setup();
  render(<ProductsPage />);
  await screen.findByRole('list', { name: 'Lista produktów' });
  return user;
}

function describedMessage(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('admin products', () => {
  it('lists the catalog from the database, marks hidden products and searches', async () => {
    store.products[1]!.active = false;
    const user = await openPage();
    const list = screen.getByRole('list', { name: 'Lista produktów' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(store.products.length);
    const hidden = within(list).getByText(store.products[1]!.name).closest('li')!;
    expect(within(hidden).getByText('Ukryty')).toBeTruthy();
    expect(within(hidden).getByRole('button', { name: `Pokaż w sklepie: ${store.products[1]!.name}` })).toBeTruthy();

    await user.type(screen.getByLabelText('Szukaj produktów'), 'roz czerwon');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText('Bukiet czerwonych róż')).toBeTruthy();
    await user.clear(screen.getByLabelText('Szukaj produktów'));
    await user.type(screen.getByLabelText('Szukaj produktów'), 'nic takiego');
    expect(await screen.findByText('Nie znaleziono produktów')).toBeTruthy();
  });

  it('shows the Polish messages beside the fields, then adds the product to the database', async () => {
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Dodaj produkt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dodaj produkt' });
    expect((within(dialog).getByLabelText(/Kategoria/) as HTMLSelectElement).value).toBe('live-flowers');
    const price = within(dialog).getByLabelText(/^Cena \(zł\)/);
    expect(price.getAttribute('step')).toBe('0.01');
    expect(price.getAttribute('min')).toBe('0');

    await user.click(within(dialog).getByRole('button', { name: 'Dodaj produkt' }));
    const expected = [
      [/Nazwa/, 'Nazwa jest wymagana'],
      [/Opis/, 'Opis jest wymagany'],
      [/^Cena \(zł\)/, 'Cena jest wymagana'],
      [/Adres URL obrazka/, 'Dodaj zdjęcie albo podaj adres URL obrazka'],
    ] as const;
    for (const [label, message] of expected) {
      const field = await within(dialog).findByLabelText(label);
      await waitFor(() => expect(describedMessage(field)).toBe(message));
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }

    await user.type(price, '-5');
    await waitFor(() => expect(describedMessage(price)).toBe('Cena nie może być ujemna'));
    await user.type(within(dialog).getByLabelText(/Adres URL obrazka/), 'obrazek');
    await waitFor(() =>
      expect(describedMessage(within(dialog).getByLabelText(/Adres URL obrazka/))).toBe('Podaj prawidłowy adres URL obrazka'),
    );
    const stock = within(dialog).getByLabelText(/Stan magazynowy/);
    await user.clear(stock);
    await user.type(stock, '-1');
    await waitFor(() => expect(describedMessage(stock)).toBe('Stan magazynowy nie może być ujemny'));
    expect(store.products).toHaveLength(adminCatalogStore().products.length);

    await user.type(within(dialog).getByLabelText(/Nazwa/), 'Wianek z lawendy');
    await user.type(within(dialog).getByLabelText(/Opis/), 'Suszona lawenda na wiklinie.');
    await user.clear(price);
    await user.type(price, '59.90');
    await user.clear(stock);
    await user.type(stock, '3');
    const image = within(dialog).getByLabelText(/Adres URL obrazka/);
    await user.clear(image);
    await user.type(image, 'https://example.com/wianek.png');
    await user.click(within(dialog).getByLabelText(/Produkt polecany/));
    await user.click(within(dialog).getByRole('button', { name: 'Dodaj produkt' }));

    expect(await screen.findByText('Dodano produkt „Wianek z lawendy”.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const created = store.products.find((product) => product.name === 'Wianek z lawendy');
    expect(created).toMatchObject({
      category: 'live-flowers',
      description: 'Suszona lawenda na wiklinie.',
      price: 59.9,
      stock: 3,
      image_url: 'https://example.com/wianek.png',
      is_featured: true,
      active: true,
    });
    expect(within(screen.getByRole('list', { name: 'Lista produktów' })).getByText('Wianek z lawendy')).toBeTruthy();
  });

  it('edits a product with its current values in the form', async () => {
    const user = await openPage();
    const product = store.products[0]!;
    await user.click(screen.getByRole('button', { name: `Edytuj: ${product.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edytuj produkt' });
    expect((within(dialog).getByLabelText(/Nazwa/) as HTMLInputElement).value).toBe(product.name);
    const price = within(dialog).getByLabelText(/^Cena \(zł\)/) as HTMLInputElement;
    expect(price.value).toBe(product.price.toFixed(2));
    await user.clear(price);
    await user.type(price, '155');
    await user.selectOptions(within(dialog).getByLabelText(/Kategoria/), 'seasonal-gifts');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));

    expect(await screen.findByText(`Zapisano zmiany produktu „${product.name}”.`)).toBeTruthy();
    expect(store.products[0]).toMatchObject({ price: 155, category: 'seasonal-gifts' });
    const row = screen.getByText(product.name).closest('li')!;
    expect(row.textContent).toContain('Prezenty okolicznościowe');
    expect(row.textContent).toMatch(/155,00\s*zł/);
  });

  it('marks a product as an add-on to bouquets with its own checkbox', async () => {
    const user = await openPage();
    const product = store.products[0]!;
    await user.click(screen.getByRole('button', { name: `Edytuj: ${product.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edytuj produkt' });
    const addon = within(dialog).getByRole('checkbox', { name: 'Dodatek do bukietu (czekoladki, wazon, balon…)' }) as HTMLInputElement;
    expect(addon.checked).toBe(false);
    await user.click(addon);
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));

    expect(await screen.findByText(`Zapisano zmiany produktu „${product.name}”.`)).toBeTruthy();
    expect(store.products[0]).toMatchObject({ is_addon: true });
  });

  it('asks before deleting; a product in orders is hidden instead, and can be shown again', async () => {
    const product = store.products[0]!;
    store.orderedProductIds.add(product.id);
    const user = await openPage();

    await user.click(screen.getByRole('button', { name: `Usuń: ${product.name}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Usuń produkt' });
    expect(within(dialog).getByText('Czy na pewno chcesz usunąć ten produkt?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(store.products[0]!.active).toBe(true);

    await user.click(screen.getByRole('button', { name: `Usuń: ${product.name}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Usuń' }));

    expect(await screen.findByText('Produkt występuje w zamówieniach, więc ukryliśmy go w sklepie zamiast usuwać.')).toBeTruthy();
    expect(store.products.find((p) => p.id === product.id)?.active).toBe(false);
    const row = screen.getByText(product.name).closest('li')!;
    expect(within(row).getByText('Ukryty')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: `Pokaż w sklepie: ${product.name}` }));
    await waitFor(() => expect(store.products.find((p) => p.id === product.id)?.active).toBe(true));
    await waitFor(() => expect(within(screen.getByText(product.name).closest('li')!).queryByText('Ukryty')).toBeNull());
  });

  it('deletes a product that no order uses', async () => {
    const product = store.products[2]!;
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: `Usuń: ${product.name}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Usuń' }));
    expect(await screen.findByText(`Usunięto produkt „${product.name}”.`)).toBeTruthy();
    expect(store.products.some((p) => p.id === product.id)).toBe(false);
    expect(screen.queryByText(product.name, { selector: 'li span' })).toBeNull();
  });

  it('says when the list cannot be loaded and retries', async () => {
    server.use(http.get('*/rest/v1/products', () => HttpResponse.json({ message: 'boom' }, { status: 500 }), { once: true }));
    const user = userEvent.setup();
    render(<ProductsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nie udało się pobrać produktów');
    await user.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('list', { name: 'Lista produktów' })).toBeTruthy();
  });
});
