import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCatalogHandlers, adminCatalogStore, type AdminCatalogStore } from '../../mocks/admin-catalog-handlers.ts';
import { mockCustomer, type ProductRow } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { PHOTO_CACHE_CONTROL_SECONDS, photoObjectPaths, type ProductPhoto } from '../../src/domain/product-photo.ts';
import { AdminPhotosDb } from '../../src/features/admin/photos/photo-queue-db.ts';
import type { ProcessedPhoto } from '../../src/features/admin/photos/process-photo.ts';
import { processPhoto } from '../../src/features/admin/photos/process-photo.ts';
import { ProductsPage } from '../../src/features/admin/products/products-page.tsx';
import { getSupabase } from '../../src/lib/supabase.ts';
import { photoStorage, productPhotoHandlers, type PhotoStorage } from './product-photo-handlers.ts';
import { withBackendMetaAndConsent } from './render-route.tsx';

/**
 * 'Zdjęcia' in the admin product form (issue 20): photos are prepared
 * (processPhoto is mocked: decoding needs a real browser), uploaded with a
 * progress bar, attached, reordered, made main and removed; offline they wait.
 */

vi.mock('../../src/features/admin/photos/process-photo.ts', () => ({ processPhoto: vi.fn() }));

withBackendMetaAndConsent();

const BACKEND = 'http://backend.test';
/** Byte sizes of a prepared photo's 400, 800 and 1600 files. */
const SIZES = [1000, 3000, 6000];

function prepared(width = 1600, height = 1200): ProcessedPhoto {
  return {
    width,
    height,
    format: 'webp',
    variants: ([400, 800, 1600] as const).map((target, index) => ({
      target,
      width: target,
      height: Math.round((target * height) / width),
      blob: new Blob([new Uint8Array(SIZES[index]!)], { type: 'image/webp' }),
    })),
  };
}

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

function photo(index: number): ProductPhoto {
  return { id: `0000000${index}-0000-4000-8000-00000000000${index}`, width: 1600, height: 1200 };
}

let store: AdminCatalogStore;
let storage: PhotoStorage;
let online = true;

beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  store = adminCatalogStore();
  storage = photoStorage();
  server.use(
    // A new product keeps the id the form chose (PostgREST inserts what it is given); first, so it wins over the catalog's.
    http.post('*/rest/v1/products', async ({ request }) => {
      const body = (await request.json()) as ProductRow;
      const row = { ...body, created_at: new Date().toISOString() };
      store.products.push(row);
      return HttpResponse.json(row);
    }),
    ...adminCatalogHandlers(store),
    ...productPhotoHandlers(store, storage),
  );
  vi.mocked(processPhoto).mockReset();
  vi.mocked(processPhoto).mockImplementation(async () => prepared());
  await new AdminPhotosDb().photos.clear();
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signInWithPassword({ email: mockCustomer.email, password: mockCustomer.password });
  if (error) throw error;
});

afterEach(async () => {
  vi.restoreAllMocks();
  // The queue outlives a test (one per app); nothing of this test's may be sent during the next.
  await new AdminPhotosDb().photos.clear();
});

async function openProduct(product: ProductRow) {
  const user = userEvent.setup();
  render(<ProductsPage />);
  await screen.findByRole('list', { name: 'Lista produktów' });
  await user.click(screen.getByRole('button', { name: `Edytuj: ${product.name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Edytuj produkt' });
  return { user, dialog };
}

function photoList(dialog: HTMLElement) {
  return within(dialog).getByRole('list', { name: 'Zdjęcia produktu' });
}

/** The photos' ids in the order the form shows them. */
function shownOrder(dialog: HTMLElement): string[] {
  return within(photoList(dialog))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-photo-id')!);
}

function galleryInput(dialog: HTMLElement): HTMLInputElement {
  return within(dialog).getByLabelText(/Dodaj zdjęcia|Wybierz z galerii/, { selector: 'input' });
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('product photos in the admin form', () => {
  it('prepares a photo, uploads its three files with a progress bar as supabase-js would, then attaches it after the others', async () => {
    const product = store.products[0]!;
    product.photos = [photo(1)];
    const processing = deferred();
    vi.mocked(processPhoto).mockImplementationOnce(async () => {
      await processing.promise;
      return prepared(1200, 1600);
    });
    const held = deferred();
    storage.gate = (path) => (path.endsWith('-800.webp') ? held.promise : Promise.resolve());

    const { user, dialog } = await openProduct(product);
    const input = galleryInput(dialog);
    expect(input.accept).toBe('image/*');
    expect(input.multiple).toBe(true);
    expect(input.hasAttribute('capture')).toBe(false);
    // The camera button offers the back camera on phones.
    expect(
      within(dialog)
        .getByLabelText(/Zrób zdjęcie/, { selector: 'input' })
        .getAttribute('capture'),
    ).toBe('environment');

    await user.upload(input, jpeg('bukiet.jpg'));
    expect(await within(dialog).findByText('Przygotowuję zdjęcie…')).toBeTruthy();
    expect(processPhoto).toHaveBeenCalledTimes(1);
    processing.resolve();

    // The 400 file is up, the 800 one is held: the bar shows the share of bytes sent.
    const bar = await within(dialog).findByRole('progressbar', { name: 'Wysyłanie: zdjęcie 2' });
    await waitFor(() =>
      expect(bar.getAttribute('value')).toBe(String(Math.round((100 * SIZES[0]!) / (SIZES[0]! + SIZES[1]! + SIZES[2]!)))),
    );
    expect(within(dialog).getByText(/^Wysyłam… \d+%$/)).toBeTruthy();
    held.resolve();

    expect(await within(dialog).findByText('Wysłane')).toBeTruthy();
    const added = shownOrder(dialog)[1]!;
    expect(storage.uploads.map((upload) => upload.path)).toEqual(photoObjectPaths(product.id, added));
    for (const upload of storage.uploads) {
      expect(upload).toMatchObject({
        authorization: expect.stringMatching(/^Bearer .+/),
        apikey: 'anon-test-key',
        upsert: 'false',
        fields: { cacheControl: String(PHOTO_CACHE_CONTROL_SECONDS) },
        fileType: 'image/webp',
      });
    }
    expect(storage.uploads.map((upload) => upload.fileSize)).toEqual(SIZES);
    expect(storage.attaches).toEqual([
      { p_product_id: product.id, p_photo: { id: added, width: 1200, height: 1600 }, p_order: [photo(1).id, added] },
    ]);
    expect(product.photos).toEqual([photo(1), { id: added, width: 1200, height: 1600 }]);
    // The first stays the main one.
    expect(within(photoList(dialog)).getAllByRole('listitem')[0]!.textContent).toContain('Główne');
    expect(within(photoList(dialog)).getAllByRole('listitem')[1]!.textContent).not.toContain('Główne');
  });

  it('reorders with the buttons, from the keyboard, keeps the focus on the moved photo and says where it went', async () => {
    const product = store.products[0]!;
    product.photos = [photo(1), photo(2), photo(3)];
    const { user, dialog } = await openProduct(product);
    expect(shownOrder(dialog)).toEqual([photo(1).id, photo(2).id, photo(3).id]);
    expect(within(dialog).getByRole('button', { name: 'Przesuń wcześniej: zdjęcie 1' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Przesuń dalej: zdjęcie 3' })).toHaveProperty('disabled', true);

    await user.click(within(dialog).getByRole('button', { name: 'Przesuń dalej: zdjęcie 1' }));
    expect(shownOrder(dialog)).toEqual([photo(2).id, photo(1).id, photo(3).id]);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Przesuń dalej: zdjęcie 2'));
    expect(document.activeElement?.closest('li')?.getAttribute('data-photo-id')).toBe(photo(1).id);
    expect(within(dialog).getByRole('status', { hidden: true }).textContent ?? '').toBeDefined();
    expect(screen.getByText('Zdjęcie przeniesione na miejsce 2 z 3.')).toBeTruthy();

    // Keyboard only: Enter on the focused button moves it on; at the end the focus falls back to the other arrow.
    await user.keyboard('{Enter}');
    expect(shownOrder(dialog)).toEqual([photo(2).id, photo(3).id, photo(1).id]);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Przesuń wcześniej: zdjęcie 3'));
    expect(screen.getByText('Zdjęcie przeniesione na miejsce 3 z 3.')).toBeTruthy();
    await user.keyboard(' ');
    expect(shownOrder(dialog)).toEqual([photo(2).id, photo(1).id, photo(3).id]);

    await user.click(within(dialog).getByRole('button', { name: 'Ustaw jako główne: zdjęcie 3' }));
    expect(shownOrder(dialog)).toEqual([photo(3).id, photo(2).id, photo(1).id]);
    expect(screen.getByText('Zdjęcie jest teraz główne.')).toBeTruthy();
    const first = within(photoList(dialog)).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Główne')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /Ustaw jako główne/ })).toBeNull();
    await waitFor(() => expect(document.activeElement?.closest('li')).toBe(first));

    // Nothing changed on the server until 'Zapisz zmiany'.
    expect(product.photos.map((p) => p.id)).toEqual([photo(1).id, photo(2).id, photo(3).id]);
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));
    expect(await screen.findByText(`Zapisano zmiany produktu „${product.name}”.`)).toBeTruthy();
    expect(product.photos).toEqual([photo(3), photo(2), photo(1)]);
    expect(storage.removals).toEqual([]);
  });

  it('removes a photo from the product on save, and only then its files', async () => {
    const product = store.products[0]!;
    product.photos = [photo(1), photo(2)];
    let savedPhotos: unknown = null;
    server.use(
      http.patch('*/rest/v1/products', async ({ request }) => {
        savedPhotos = ((await request.clone().json()) as { photos?: unknown }).photos;
        expect(storage.removals).toEqual([]);
        return undefined;
      }),
    );
    const { user, dialog } = await openProduct(product);
    await user.click(within(dialog).getByRole('button', { name: 'Usuń zdjęcie: zdjęcie 1' }));
    expect(shownOrder(dialog)).toEqual([photo(2).id]);
    expect(screen.getByText('Usunięto zdjęcie.')).toBeTruthy();
    // The focus moves to the photo that took its place.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Usuń zdjęcie: zdjęcie 1'));
    expect(within(photoList(dialog)).getByText('Główne')).toBeTruthy();
    expect(storage.removals).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));
    await waitFor(() => expect(storage.removals).toEqual([photoObjectPaths(product.id, photo(1).id)]));
    expect(savedPhotos).toEqual([photo(2)]);
    expect(product.photos).toEqual([photo(2)]);
  });

  it('says when a file is not a picture it can read, and sends nothing of it', async () => {
    const product = store.products[0]!;
    product.photos = [];
    vi.mocked(processPhoto).mockRejectedValueOnce(new Error('Not a decodable image'));
    const { user, dialog } = await openProduct(product);
    await user.upload(galleryInput(dialog), jpeg('dokument.jpg'));
    expect(await within(dialog).findByText('Nie udało się odczytać tego pliku jako zdjęcia. Wybierz inny plik.')).toBeTruthy();
    expect(await new AdminPhotosDb().photos.count()).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Usuń zdjęcie: zdjęcie 1' }));
    expect(within(dialog).queryByRole('list', { name: 'Zdjęcia produktu' })).toBeNull();
    expect(storage.uploads).toEqual([]);
  });

  it('takes at most six photos', async () => {
    const product = store.products[0]!;
    product.photos = [1, 2, 3, 4, 5].map(photo);
    const { user, dialog } = await openProduct(product);
    expect(within(dialog).queryByText('Możesz dodać najwyżej 6 zdjęć.')).toBeNull();

    await user.upload(galleryInput(dialog), [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')]);
    expect(await within(dialog).findByText('Możesz dodać najwyżej 6 zdjęć.')).toBeTruthy();
    expect(within(photoList(dialog)).getAllByRole('listitem')).toHaveLength(6);
    await waitFor(() => expect(processPhoto).toHaveBeenCalledTimes(1));
    expect(galleryInput(dialog).disabled).toBe(true);
    expect(await within(dialog).findByText('Wysłane')).toBeTruthy();
    expect(product.photos).toHaveLength(6);
  });

  it('offline the photo waits on the device ("czeka na wysłanie") and goes out when the connection is back, with the form closed', async () => {
    const product = store.products[0]!;
    product.photos = [];
    online = false;
    const { user, dialog } = await openProduct(product);
    await user.upload(galleryInput(dialog), jpeg('bukiet.jpg'));
    expect(await within(dialog).findByText('Zdjęcie czeka na wysłanie')).toBeTruthy();
    expect(storage.uploads).toEqual([]);
    const stored = await new AdminPhotosDb().photos.toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ productId: product.id, width: 1600, height: 1200 });

    // Closed without saving: an edited product keeps the photo on its way.
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(product.photos).toEqual([{ id: stored[0]!.photoId, width: 1600, height: 1200 }]));
    expect(storage.uploads).toHaveLength(3);
    await waitFor(async () => expect(await new AdminPhotosDb().photos.count()).toBe(0));
  });

  it('shows photos still waiting on the device when the form opens again', async () => {
    const product = store.products[0]!;
    product.photos = [photo(1)];
    online = false;
    const first = await openProduct(product);
    await first.user.upload(galleryInput(first.dialog), jpeg('bukiet.jpg'));
    expect(await within(first.dialog).findByText('Zdjęcie czeka na wysłanie')).toBeTruthy();
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await first.user.click(screen.getByRole('button', { name: `Edytuj: ${product.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edytuj produkt' });
    await waitFor(() => expect(within(photoList(dialog)).getAllByRole('listitem')).toHaveLength(2));
    expect(within(dialog).getByText('Zdjęcie czeka na wysłanie')).toBeTruthy();
  });

  it('a new product: photos go up before it is saved and are attached once it is; cancelling drops them', async () => {
    const user = userEvent.setup();
    render(<ProductsPage />);
    await screen.findByRole('list', { name: 'Lista produktów' });

    // Cancelled: the queued photo and its files go.
    await user.click(screen.getByRole('button', { name: 'Dodaj produkt' }));
    let dialog = await screen.findByRole('dialog', { name: 'Dodaj produkt' });
    await user.upload(galleryInput(dialog), jpeg('a.jpg'));
    expect(await within(dialog).findByText('Wysłane – dołączymy je po zapisaniu produktu')).toBeTruthy();
    const dropped = shownOrder(dialog)[0]!;
    const droppedProduct = storage.attaches[0]!.p_product_id;
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    await waitFor(async () => expect(await new AdminPhotosDb().photos.count()).toBe(0));
    await waitFor(() => expect(storage.removals).toEqual([photoObjectPaths(droppedProduct, dropped)]));

    await user.click(screen.getByRole('button', { name: 'Dodaj produkt' }));
    dialog = await screen.findByRole('dialog', { name: 'Dodaj produkt' });
    await user.upload(galleryInput(dialog), [jpeg('a.jpg'), jpeg('b.jpg')]);
    await waitFor(() => expect(within(dialog).getAllByText('Wysłane – dołączymy je po zapisaniu produktu')).toHaveLength(2));
    const [firstAdded, secondAdded] = shownOrder(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Ustaw jako główne: zdjęcie 2' }));

    const fill = async (label: RegExp, text: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(text);
    };
    await fill(/Nazwa/, 'Bukiet z piwonii');
    await fill(/Opis/, 'Piwonie z ogrodu.');
    await fill(/^Cena \(zł\)/, '120');
    // With photos, no illustration address is asked for.
    await user.click(within(dialog).getByRole('button', { name: 'Dodaj produkt' }));
    expect(await screen.findByText('Dodano produkt „Bukiet z piwonii”.')).toBeTruthy();

    const created = store.products.find((row) => row.name === 'Bukiet z piwonii')!;
    expect(storage.uploads.filter((upload) => upload.path.includes(created.id))).toHaveLength(6);
    await waitFor(() => expect(created.photos?.map((p) => p.id)).toEqual([secondAdded, firstAdded]));
    // The list shows the main photo, offering its smallest file for the 64 px place.
    const row = screen.getByText('Bukiet z piwonii').closest('li')!;
    await waitFor(() =>
      expect(row.querySelector('img')?.getAttribute('srcset')).toContain(
        `${BACKEND}/storage/v1/object/public/product-images/products/${created.id}/${secondAdded}-400.webp 400w`,
      ),
    );
    expect(row.querySelector('img')?.getAttribute('sizes')).toBe('64px');
    expect(row.querySelector('img')?.getAttribute('crossorigin')).toBe('anonymous');
  }, 20_000);

  it('deleting a product removes all its files; a product kept for its orders keeps them', async () => {
    const [kept, deleted] = store.products;
    kept!.photos = [photo(1)];
    deleted!.photos = [photo(2)];
    store.orderedProductIds.add(kept!.id);
    for (const product of [kept!, deleted!]) {
      for (const one of product.photos!) photoObjectPaths(product.id, one.id).forEach((path) => storage.files.add(path));
    }
    const user = userEvent.setup();
    render(<ProductsPage />);
    await screen.findByRole('list', { name: 'Lista produktów' });

    for (const product of [kept!, deleted!]) {
      await user.click(screen.getByRole('button', { name: `Usuń: ${product.name}` }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Usuń produkt' });
      await user.click(within(confirm).getByRole('button', { name: /Usuń/ }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    }
    await waitFor(() => expect(storage.removals).toHaveLength(1));
    expect([...storage.removals[0]!].sort()).toEqual(photoObjectPaths(deleted!.id, photo(2).id).sort());
    expect([...storage.files].sort()).toEqual(photoObjectPaths(kept!.id, photo(1).id).sort());
  });
});
