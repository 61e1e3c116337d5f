import { createPayuClassicPaymentHandler } from '../../functions/create-payu-classic-payment/handler.ts';
import { hashAccessKey } from '../../functions/_shared/order-access.ts';
import type { LedgerStore, PaymentEvent } from '../../functions/_shared/ledger.ts';
import type { PaymentOrder, PaymentStore } from '../../functions/_shared/payments.ts';
import { grosz } from '../../src/domain/money.ts';
import { GUEST_HEADERS, fakeAuthenticate } from './caller-fixtures.ts';

/** A stored order, a fake payment store and request helpers shared by the payment functions' unit tests. */

export const AUTH_KEY = 'test-auth-key';
export const KEY2 = 'test-key2';
export const ORDER_ID = '0b7c7d0e-8f7a-4a53-9a51-4b7e2d1f0c11';
/** The key the device got from place-order; OWNER_TOKEN belongs to the customer whose order it is. */
export const ACCESS_KEY = 'k'.repeat(43);
/** A valid order page link token of ORDER_ID (as a mail carries it). */
export const LINK_TOKEN = 't'.repeat(43);
export const BUYER_ID = '5d8f0c6e-1111-4a53-9a51-4b7e2d1f0c11';
export const OWNER_TOKEN = 'token-of-the-buyer';
export const SHOP_OWNER_TOKEN = 'token-of-the-shop-owner';
export const STRANGER_TOKEN = 'token-of-someone-else';
export const NOW = 1_763_700_123_456;
export const ENV = { supabaseUrl: 'http://127.0.0.1:54321', siteUrl: 'http://localhost:4173', localPaymentSimulator: true };

export function storedOrder(overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  return {
    id: ORDER_ID,
    userId: BUYER_ID,
    orderNumber: 'KT123456042',
    status: 'pending',
    payuStatus: null,
    paymentMethod: 'payu',
    deliveryMethod: 'inpost',
    total: grosz(4297),
    shippingCost: grosz(1299),
    customerName: 'Anna Maria Nowak',
    customerEmail: 'anna.nowak@example.pl',
    customerPhone: '+48 600 100 200',
    items: [
      { name: 'Róża czerwona', quantity: 2, price: grosz(999) },
      { name: 'Znicz', quantity: 1, price: grosz(1000) },
    ],
    ...overrides,
  };
}

/** The signed-in customers of the payment tests, by their (valid) tokens; any other token does not verify. */
export const USERS: Record<string, string> = {
  [OWNER_TOKEN]: BUYER_ID,
  [SHOP_OWNER_TOKEN]: 'shop-owner-id',
  [STRANGER_TOKEN]: 'stranger-id',
};
export const authenticate = fakeAuthenticate(USERS);

/**
 * The ledger's SQL rules that the functions rely on, in memory: an event id
 * seen before changes nothing; a completed payment of the whole total makes
 * the order COMPLETED and moves a pending one to processing; other states
 * are mirrored into payuStatus, never over COMPLETED. Applied events are
 * pushed to `applied`.
 */
export function fakeLedger(current: { order: PaymentOrder | null }, applied: PaymentEvent[]): LedgerStore {
  const seen = new Set<string>();
  return {
    startPayment: async () => undefined,
    applyPaymentEvent: async (event) => {
      const key = `${event.provider}/${event.eventId}`;
      if (seen.has(key)) return 'duplicate';
      seen.add(key);
      if (!current.order || current.order.id !== event.orderId) return 'order_not_found';
      if (event.currency !== 'PLN') return 'currency_mismatch';
      if (event.amount !== current.order.total) return 'amount_mismatch';
      applied.push(event);
      if (current.order.payuStatus === 'COMPLETED') return 'applied';
      current.order.payuStatus = event.state.toUpperCase();
      if (event.state === 'completed' && current.order.status === 'pending') current.order.status = 'processing';
      return 'applied';
    },
    applyRefundEvent: async () => 'refund_not_found',
    openAttempts: async () => [],
  };
}

export function fakeStore(order: PaymentOrder | null = storedOrder(), settings: Record<string, string> = {}) {
  const updates: PaymentEvent[] = [];
  const allSettings: Record<string, string> = {
    payu_classic_pos_id: '145227',
    payu_classic_pos_auth_key: AUTH_KEY,
    payu_classic_key2: KEY2,
    payu_classic_gateway_url: '',
    payu_classic_success_url: '',
    payu_classic_failure_url: '',
    stripe_secret_key: '',
    ...settings,
  };
  const current = { order };
  const store: PaymentStore = {
    isShopOwner: async (userId) => userId === 'shop-owner-id',
    hasAccessKey: async (orderId, keyHash) => orderId === ORDER_ID && keyHash === (await hashAccessKey(ACCESS_KEY)),
    hasLinkToken: async (orderId, tokenHash) => orderId === ORDER_ID && tokenHash === (await hashAccessKey(LINK_TOKEN)),
    findOrderById: async (id) => (current.order && id === current.order.id ? { ...current.order } : null),
    findOrderByNumber: async (number) => (current.order && number === current.order.orderNumber ? { ...current.order } : null),
    loadSettings: async (keys) => Object.fromEntries(keys.filter((key) => key in allSettings).map((key) => [key, allSettings[key]!])),
    ...fakeLedger(current, updates),
  };
  return { store, updates, current };
}

export function postJson(body: unknown, url = 'http://functions.test/fn', token?: string) {
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...GUEST_HEADERS, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** What an older client sent besides the order: all of it is ignored. */
export const paymentBody = {
  orderId: ORDER_ID,
  accessKey: ACCESS_KEY,
  description: 'Zamówienie KT123456042',
  totalAmount: 0.01,
  buyer: { email: 'intruder@example.pl', phone: '+48 700 000 000', firstName: 'Jan', lastName: 'Kowalski' },
  products: [{ name: 'Róża', unitPrice: 0.01, quantity: 1 }],
};

export async function classicRedirect(store: PaymentStore, body: unknown = paymentBody, token?: string) {
  const response = await createPayuClassicPaymentHandler({ authenticate, store, env: ENV, now: () => NOW })(
    postJson(body, undefined, token),
  );
  return { response, json: (await response.json()) as { success: boolean; redirectUrl?: string; error?: string } };
}

export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}
