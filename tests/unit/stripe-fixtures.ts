import { createHmac } from 'node:crypto';
import { vi } from 'vitest';
import type { LedgerStore, PaymentEvent, RefundEvent } from '../../functions/_shared/ledger.ts';
import type { PaymentOrder, PaymentStore } from '../../functions/_shared/payments.ts';
import type { LedgerOutcome } from '../../src/domain/payment-ledger.ts';
import { ORDER_ID, storedOrder } from './payment-fixtures.ts';

/** Shared by the Stripe webhook and simulator tests. */

export const WEBHOOK_SECRET = 'whsec_test_secret';
export const SECRET_KEY = 'sk_test_unit_0123456789';
export const NOW_MS = 1_763_700_123_456;
export const NOW_S = Math.floor(NOW_MS / 1000);
export const WEBHOOK_URL = 'http://127.0.0.1:54321/functions/v1/stripe-webhook';
/** The shop's own refund id (public.refunds.id), which it sends as metadata.refund_id. */
export const REFUND_ID = '7e1f4c2a-9b3d-4e5f-8a6b-1c2d3e4f5a6b';
export const SIMULATOR_URL = 'http://127.0.0.1:54321/functions/v1/stripe-simulator';

/**
 * Stripe's signature scheme written out independently of the stripe package
 * and of our simulator, as stripe-node's src/Webhooks.ts has it
 * (makeHMACContent: `${timestamp}.${payload}`; generateHeaderString:
 * `t=${timestamp},v1=${signature}`; SubtleCryptoProvider: HMAC-SHA256 keyed
 * with the secret, hex). Checked against stripe-node's own HMAC vectors in
 * stripe-webhook.test.ts.
 */
export function hmacHex(secret: string, content: string): string {
  return createHmac('sha256', secret).update(content, 'utf8').digest('hex');
}

export function signatureHeader(payload: string, secret = WEBHOOK_SECRET, timestamp = NOW_S): string {
  return `t=${timestamp},v1=${hmacHex(secret, `${timestamp}.${payload}`)}`;
}

export function stripeEvent(type: string, object: Record<string, unknown>, id = 'evt_1NG8Du2eZvKYlo2CUI79vXWy'): Record<string, unknown> {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: NOW_S,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** A Checkout Session as Stripe's docs show one, for the stored test order (42,97 zł). */
export function checkoutSession(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'cs_test_a1b2c3',
    object: 'checkout.session',
    amount_subtotal: 4297,
    amount_total: 4297,
    client_reference_id: ORDER_ID,
    created: NOW_S - 60,
    currency: 'pln',
    customer_email: 'anna.nowak@example.pl',
    expires_at: NOW_S + 1800,
    livemode: false,
    metadata: { order_id: ORDER_ID, order_number: 'KT123456042' },
    mode: 'payment',
    payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
    payment_status: 'paid',
    status: 'complete',
    url: null,
    ...overrides,
  };
}

export function webhookRequest(payload: string, header: string | null = signatureHeader(payload)): Request {
  return new Request(WEBHOOK_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...(header === null ? {} : { 'Stripe-Signature': header }) },
    body: payload,
  });
}

/** The webhook's store and ledger in memory; what reached the ledger is recorded. */
export function fakeStripeDeps(
  settings: Record<string, string> = { stripe_webhook_secret: WEBHOOK_SECRET },
  order: PaymentOrder | null = storedOrder({ paymentMethod: 'card' }),
) {
  const payments: PaymentEvent[] = [];
  const refunds: RefundEvent[] = [];
  const starts: Parameters<LedgerStore['startPayment']>[0][] = [];
  const store = {
    findOrderById: vi.fn(async (id: string) => (order && id === order.id ? { ...order } : null)),
    loadSettings: vi.fn(async (keys: readonly string[]) =>
      Object.fromEntries(keys.filter((key) => key in settings).map((key) => [key, settings[key]!])),
    ),
  } satisfies Pick<PaymentStore, 'findOrderById' | 'loadSettings'>;
  const ledger = {
    startPayment: vi.fn(async (start: Parameters<LedgerStore['startPayment']>[0]) => {
      starts.push(start);
    }),
    applyPaymentEvent: vi.fn(async (event: PaymentEvent): Promise<LedgerOutcome> => {
      payments.push(event);
      return 'applied';
    }),
    applyRefundEvent: vi.fn(async (event: RefundEvent): Promise<LedgerOutcome> => {
      refunds.push(event);
      return 'applied';
    }),
    openAttempts: vi.fn(async () => []),
  } satisfies LedgerStore;
  return { store, ledger, payments, refunds, starts };
}
