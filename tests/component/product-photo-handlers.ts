import { HttpResponse, http } from 'msw';
import type { ProductPhoto } from '../../src/domain/product-photo.ts';
import type { AdminCatalogStore } from '../../mocks/admin-catalog-handlers.ts';

/**
 * Storage and attach_product_photo as the admin photo form meets them, over
 * the admin catalog's in-memory products: uploads are recorded (and may be
 * held back by a test), removals and lists answer as Storage does.
 */

export interface StoredUpload {
  path: string;
  authorization: string | null;
  apikey: string | null;
  upsert: string | null;
  /** The multipart fields other than the file (supabase-js sends cacheControl). */
  fields: Record<string, string>;
  fileType: string;
  fileSize: number;
}

export interface PhotoStorage {
  uploads: StoredUpload[];
  files: Set<string>;
  removals: string[][];
  attaches: { p_product_id: string; p_photo: ProductPhoto; p_order?: string[] }[];
  /** Awaited before an upload answers, so a test can look at the form mid-upload. */
  gate: (path: string) => Promise<void>;
}

export function photoStorage(): PhotoStorage {
  return { uploads: [], files: new Set(), removals: [], attaches: [], gate: () => Promise.resolve() };
}

const OBJECT_PREFIX = '/storage/v1/object/product-images/';

export function productPhotoHandlers(store: AdminCatalogStore, storage: PhotoStorage) {
  return [
    http.post(`*${OBJECT_PREFIX}*`, async ({ request }) => {
      const path = decodeURI(new URL(request.url).pathname.slice(OBJECT_PREFIX.length));
      const form = await request.formData();
      const fields: Record<string, string> = {};
      let fileType = '';
      let fileSize = 0;
      form.forEach((value, name) => {
        if (typeof value === 'string') fields[name] = value;
        else {
          fileType = value.type;
          fileSize = value.size;
        }
      });
      storage.uploads.push({
        path,
        authorization: request.headers.get('authorization'),
        apikey: request.headers.get('apikey'),
        upsert: request.headers.get('x-upsert'),
        fields,
        fileType,
        fileSize,
      });
      await storage.gate(path);
      if (storage.files.has(path)) {
        return HttpResponse.json(
          { statusCode: '409', error: 'Duplicate', message: 'The resource already exists', code: 'KeyAlreadyExists' },
          { status: 400 },
        );
      }
      storage.files.add(path);
      return HttpResponse.json({ Key: `product-images/${path}`, Id: crypto.randomUUID() });
    }),
    http.delete('*/storage/v1/object/product-images', async ({ request }) => {
      const { prefixes } = (await request.json()) as { prefixes: string[] };
      storage.removals.push(prefixes);
      prefixes.forEach((path) => storage.files.delete(path));
      return HttpResponse.json(prefixes.map((name) => ({ name })));
    }),
    http.post('*/storage/v1/object/list/product-images', async ({ request }) => {
      const { prefix } = (await request.json()) as { prefix: string };
      const folder = `${prefix.replace(/\/$/, '')}/`;
      return HttpResponse.json(
        [...storage.files].filter((path) => path.startsWith(folder)).map((path) => ({ name: path.slice(folder.length), id: path })),
      );
    }),
    http.post('*/rest/v1/rpc/attach_product_photo', async ({ request }) => {
      const body = (await request.json()) as PhotoStorage['attaches'][number];
      storage.attaches.push(body);
      const product = store.products.find((row) => row.id === body.p_product_id);
      if (!product) {
        return HttpResponse.json({ code: 'P0001', message: 'product_not_found', details: body.p_product_id, hint: null }, { status: 400 });
      }
      const photos = [...(product.photos ?? [])];
      if (!photos.some((photo) => photo.id === body.p_photo.id)) photos.push(body.p_photo);
      const order = body.p_order;
      if (order) {
        const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
        photos.sort((a, b) => rank(a.id) - rank(b.id));
      }
      product.photos = photos;
      return HttpResponse.json(photos);
    }),
  ];
}
