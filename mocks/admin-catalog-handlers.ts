import { HttpResponse, http } from 'msw';
import { sampleProducts, samplePublicSettings, type ProductRow } from './fixtures.ts';
import type { ProductSize } from '../src/domain/product.ts';

/**
 * A stateful mocked backend for the owner's products and settings screens
 * (tests add these with server.use). Writes change the in-memory store, so a
 * test can check what was sent and what the page shows afterwards.
 */

export interface AdminCatalogStore {
  products: ProductRow[];
  settings: { key: string; value: string }[];
  /** Product ids that appear in orders: deleting one fails as Postgres does for ON DELETE RESTRICT (23001). */
  orderedProductIds: Set<string>;
  pendingOrders: { id: string; payu_order_id: string; total: number; customer_name: string }[];
  upserts: { key: string; value: string }[][];
}

export function adminCatalogStore(): AdminCatalogStore {
  return {
    products: sampleProducts.map((product) => ({ ...product })),
    settings: [
      ...samplePublicSettings,
      { key: 'payu_classic_pos_id', value: '145227' },
      { key: 'payu_classic_pos_auth_key', value: 'local-pos-auth-key-change-me' },
      { key: 'payu_classic_key2', value: 'local-payu-key2-change-me' },
      { key: 'payu_classic_gateway_url', value: '' },
      { key: 'payu_api', value: 'rest' },
      { key: 'payu_rest_pos_id', value: '300746' },
      { key: 'payu_rest_client_id', value: '300746' },
      { key: 'payu_rest_client_secret', value: 'local-payu-rest-client-secret-change-me' },
      { key: 'payu_rest_second_key', value: 'local-payu-rest-second-key-change-me' },
      { key: 'payu_blik_code', value: 'true' },
      { key: 'stripe_secret_key', value: 'sk_test_secret' },
      { key: 'shop_origin_lat', value: '49.6919' },
      { key: 'shop_origin_lng', value: '22.4797' },
    ].map((row) => ({ ...row })),
    orderedProductIds: new Set(),
    pendingOrders: [
      { id: '5e0c7a1d-2b3c-4d5e-8f90-a1b2c3d4e5f6', payu_order_id: 'KT123456789', total: 150.5, customer_name: 'Anna Kowalska' },
    ],
    upserts: [],
  };
}

const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';

function eqFilter(request: Request, column: string): string | undefined {
  const value = new URL(request.url).searchParams.get(column);
  return value?.startsWith('eq.') ? value.slice(3) : undefined;
}

function answer(request: Request, rows: Record<string, unknown>[] | ProductRow[]) {
  if (request.headers.get('accept')?.includes(SINGLE_OBJECT)) {
    return rows.length === 1
      ? HttpResponse.json(rows[0])
      : HttpResponse.json(
          { code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned', details: null, hint: null },
          { status: 406 },
        );
  }
  return HttpResponse.json(rows);
}

export function adminCatalogHandlers(store: AdminCatalogStore) {
  return [
    http.get('*/rest/v1/products', ({ request }) => {
      const id = eqFilter(request, 'id');
      const rows = [...store.products].sort((a, b) => b.created_at.localeCompare(a.created_at));
      return answer(
        request,
        rows.filter((product) => !id || product.id === id),
      );
    }),
    // The product form's sizes: saved (upserted) in the order shown, the ones left out removed, kept on their product's row.
    http.post('*/rest/v1/product_sizes', async ({ request }) => {
      const rows = (await request.json()) as (ProductSize & { product_id: string })[];
      for (const { product_id: productId, ...size } of rows) {
        const product = store.products.find((candidate) => candidate.id === productId);
        if (product) product.sizes = [...(product.sizes ?? []).filter((other) => other.id !== size.id), size];
      }
      return new HttpResponse(null, { status: 201 });
    }),
    http.delete('*/rest/v1/product_sizes', ({ request }) => {
      const product = store.products.find((candidate) => candidate.id === eqFilter(request, 'product_id'));
      const kept = /^not\.in\.\((.*)\)$/.exec(new URL(request.url).searchParams.get('id') ?? '')?.[1]?.split(',') ?? [];
      if (product) product.sizes = (product.sizes ?? []).filter((size) => kept.includes(size.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/rest/v1/products', async ({ request }) => {
      const body = (await request.json()) as Omit<ProductRow, 'id' | 'created_at'> & { id?: string };
      const row: ProductRow = { ...body, id: body.id ?? crypto.randomUUID(), created_at: new Date().toISOString() } as ProductRow;
      store.products.push(row);
      return answer(request, [row]);
    }),
    http.patch('*/rest/v1/products', async ({ request }) => {
      const id = eqFilter(request, 'id');
      const changes = (await request.json()) as Partial<ProductRow>;
      const rows = store.products.filter((product) => product.id === id);
      rows.forEach((row) => Object.assign(row, changes));
      return answer(request, rows);
    }),
    http.delete('*/rest/v1/products', ({ request }) => {
      const id = eqFilter(request, 'id');
      if (id && store.orderedProductIds.has(id)) {
        return HttpResponse.json(
          {
            code: '23001',
            message:
              'update or delete on table "products" violates RESTRICT setting of foreign key constraint "order_items_product_id_fkey" on table "order_items"',
            details: 'Key is still referenced from table "order_items".',
            hint: null,
          },
          { status: 409 },
        );
      }
      const removed = store.products.filter((product) => product.id === id);
      store.products = store.products.filter((product) => product.id !== id);
      return answer(
        request,
        removed.map(({ id: removedId }) => ({ id: removedId })),
      );
    }),

    http.get('*/rest/v1/app_settings', ({ request }) => {
      const key = eqFilter(request, 'key');
      return HttpResponse.json(store.settings.filter((setting) => !key || setting.key === key));
    }),
    http.post('*/rest/v1/app_settings', async ({ request }) => {
      const rows = (await request.json()) as { key: string; value: string }[];
      store.upserts.push(rows);
      for (const row of rows) {
        const existing = store.settings.find((setting) => setting.key === row.key);
        if (existing) existing.value = row.value;
        else store.settings.push({ ...row });
      }
      return new HttpResponse(null, { status: 201 });
    }),

    http.get('*/rest/v1/orders', () => HttpResponse.json(store.pendingOrders)),
  ];
}
