import { HttpResponse, http } from 'msw';
import type { PaymentRow as LedgerPaymentRow } from '../src/features/admin/payments/ledger-rows.ts';
import { sampleProducts } from './fixtures.ts';

/** A row of public.payments as the owner's orders select embeds it (admin/orders/order.ts ADMIN_ORDER_SELECT). */
export function ledgerPayment(row: Partial<LedgerPaymentRow> & Pick<LedgerPaymentRow, 'id'>): LedgerPaymentRow {
  return {
    provider: 'manual',
    method: 'transfer',
    amount_grosz: 100,
    state: 'completed',
    received_on: null,
    note: null,
    created_at: '2026-11-01T08:00:00.000Z',
    completed_at: null,
    refunds: [],
    ...row,
  };
}

/** Orders as PostgREST returns them to the owner: with items and product names, and the ledger's rows, newest first. */
export const adminOrderRows = [
  {
    id: 'o3',
    payu_order_id: 'KT300000003',
    created_at: '2026-11-20T10:30:00.000Z',
    status: 'processing',
    subtotal: 100,
    shipping_cost: 12.99,
    total: 112.99,
    delivery_method: 'inpost',
    delivery_address: { street: 'Mickiewicza', houseNumber: '3', apartment: '2', city: 'Przemyśl', postalCode: '37-700' },
    customer_name: 'Łucja Żak',
    customer_email: 'lucja.zak@example.pl',
    customer_phone: '+48 600 100 200',
    payment_method: 'blik',
    payu_status: null,
    tracking_number: 'INP123',
    tracking_url: 'https://tracking.example/INP123',
    order_items: [{ id: 'i3', product_id: 'p1', quantity: 2, price: 50, product_name: 'Róże', products: { name: 'Bukiet róż' } }],
    // The ledger: a BLIK payment begun at PayU, not finished.
    amount_paid: 0,
    amount_refunded: 0,
    payments: [
      ledgerPayment({
        id: 'pay-o3',
        provider: 'payu-rest',
        method: 'blik',
        amount_grosz: 11_299,
        state: 'pending',
        created_at: '2026-11-20T10:31:00.000Z',
      }),
    ],
    withdrawal_requests: [],
  },
  {
    id: 'o2',
    payu_order_id: 'KT200000002',
    created_at: '2026-10-05T08:00:00.000Z',
    status: 'pending',
    subtotal: 30,
    shipping_cost: 0,
    total: 30,
    delivery_method: 'store',
    delivery_address: null,
    customer_name: 'Jan Kowalski',
    customer_email: 'jan@example.pl',
    customer_phone: '501 222 333',
    payment_method: 'transfer',
    payu_status: null,
    tracking_number: null,
    tracking_url: null,
    order_items: [{ id: 'i2', product_id: 'p2', quantity: 1, price: 30, product_name: 'Świeca', products: { name: 'Świeca sojowa' } }],
    // A transfer not received yet: nothing in the ledger.
    amount_paid: 0,
    amount_refunded: 0,
    payments: [] as LedgerPaymentRow[],
    withdrawal_requests: [],
  },
  {
    id: 'o1',
    payu_order_id: 'KT100000001',
    created_at: '2026-09-01T08:00:00.000Z',
    status: 'completed',
    subtotal: 200,
    shipping_cost: 0,
    total: 200,
    delivery_method: 'store',
    delivery_address: null,
    customer_name: 'Jan Kowalski',
    customer_email: 'JAN@example.pl',
    customer_phone: '501 222 333',
    payment_method: 'payu',
    payu_status: 'COMPLETED',
    tracking_number: null,
    tracking_url: null,
    order_items: [],
    // Paid through PayU classic; 50 zł went back by hand for an accepted withdrawal.
    amount_paid: 20_000,
    amount_refunded: 5_000,
    payments: [
      ledgerPayment({
        id: 'pay-o1',
        provider: 'payu-classic',
        method: 'payu',
        amount_grosz: 20_000,
        state: 'completed',
        created_at: '2026-09-01T08:01:00.000Z',
        completed_at: '2026-09-01T08:03:00.000Z',
        refunds: [
          {
            id: 'ref-o1',
            amount_grosz: 5_000,
            state: 'completed',
            manual: true,
            refunded_on: '2026-09-10',
            reason: 'Odstąpienie ODS-1',
            created_at: '2026-09-10T12:00:00.000Z',
            completed_at: '2026-09-10T12:00:00.000Z',
          },
        ],
      }),
    ],
    withdrawal_requests: [{ id: 'w1', number: 'ODS-1', state: 'refunded' }],
  },
];

export interface StatusPatch {
  id: string | null;
  from: string | null;
  body: unknown;
}

/**
 * The owner's backend: is_admin() true, all orders, product ids, and status
 * updates that succeed (recorded in `patches`) unless a test overrides them.
 */
export function adminHandlers(patches: StatusPatch[] = [], rows: typeof adminOrderRows = adminOrderRows) {
  return [
    http.post('*/rest/v1/rpc/is_admin', () => HttpResponse.json(true)),
    http.get('*/rest/v1/orders', () => HttpResponse.json(rows)),
    // The back office asks for ids; the storefront (the home page's featured products, after 'Wyloguj') for whole rows.
    http.get('*/rest/v1/products', ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('select') === 'id') return HttpResponse.json(sampleProducts.map((product) => ({ id: product.id })));
      return HttpResponse.json(sampleProducts.filter((product) => params.get('is_featured') !== 'eq.true' || product.is_featured));
    }),
    // The 'Dostawy' settings: none saved, so the defaults apply.
    http.get('*/rest/v1/app_settings', () => HttpResponse.json([])),
    // The server's clock for the shop's today; the days themselves are not used by the back office.
    http.post('*/functions/v1/delivery-availability', () =>
      HttpResponse.json({ generatedAt: new Date().toISOString(), today: '', days: [], services: [] }),
    ),
    http.patch('*/rest/v1/orders', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      const id = params.get('id')?.replace(/^eq\./, '') ?? null;
      // A guarded update names the field it changes: status, or the fulfilment state.
      const field = params.has('fulfilment_state') ? 'fulfilment_state' : 'status';
      const from = params.get(field)?.replace(/^eq\./, '') ?? null;
      const body: unknown = await request.json();
      patches.push({ id, from, body });
      const row = rows.find((candidate) => candidate.id === id) as Record<string, unknown> | undefined;
      const current = row ? (row[field] ?? (field === 'fulfilment_state' ? 'to-do' : undefined)) : undefined;
      if (!row || (from !== null && current !== from)) return HttpResponse.json([]);
      // As the database's trigger: a cancelled order's fulfilment state does not move.
      if (field === 'fulfilment_state' && row.status === 'cancelled') {
        return HttpResponse.json(
          {
            code: 'P0001',
            message: `Zamówienie ${String(row.payu_order_id)} jest anulowane: jego stanu realizacji nie można zmienić.`,
            details: null,
            hint: 'order_cancelled',
          },
          { status: 400 },
        );
      }
      row[field] = (body as Record<string, unknown>)[field];
      return HttpResponse.json([{ id }]);
    }),
  ];
}

/** A fresh copy of the rows, so a test's status change never leaks into the next test. */
export function freshAdminRows(): typeof adminOrderRows {
  return structuredClone(adminOrderRows);
}

export interface OwnerPaymentCall {
  body: Record<string, unknown>;
  authorization: string | null;
}

/**
 * owner-payments: records each call with its bearer and answers
 * with `answer` (default 200 with a new id, as the function does). Tests
 * change `rows` inside `answer` to play the ledger.
 */
export function ownerPaymentsHandler(
  calls: OwnerPaymentCall[],
  answer: (body: Record<string, unknown>) => Response = (body) =>
    HttpResponse.json(body.action === 'refund' ? { refundId: 'refund-new', state: 'completed' } : { paymentId: 'payment-new' }),
) {
  return http.post('*/functions/v1/owner-payments', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push({ body, authorization: request.headers.get('authorization') });
    return answer(body);
  });
}
