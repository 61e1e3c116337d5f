import type { PostgrestError } from '@supabase/supabase-js';
import type { Row } from '../../src/domain/database.ts';
import type { AdminClient } from './supabase-clients.ts';
import { grosz, type Grosz } from '../../src/domain/money.ts';
import type { LedgerOutcome, LedgerPaymentState, LedgerProvider, LedgerRefundState } from '../../src/domain/payment-ledger.ts';

/**
 * The payments ledger as the functions write it (public.payments,
 * public.payment_events, public.refunds; docs/payments.md). Every gateway
 * writes through the same two SQL functions, which lock the order, refuse
 * an amount or currency other than the stored order's, ignore an event id
 * seen before, never move a completed payment back, and derive the order's
 * paid state from the ledger. So a repeat, a replay or a late notice is
 * harmless wherever it comes from.
 */

export interface PaymentEvent {
  provider: LedgerProvider;
  /** Unique per provider (Stripe's event id; `<PayU orderId>:<status>`); a repeat changes nothing. */
  eventId: string;
  /** The shop's order (uuid). */
  orderId: string;
  /** The provider's own id of the payment: PayU's orderId, classic's session id, Stripe's Checkout Session id. */
  providerPaymentId: string;
  /** The order's payment method as the checkout stored it ('payu', 'blik', 'card', 'stripe'). */
  method: string;
  /** What the provider says was (or is to be) paid, in grosz. */
  amount: Grosz;
  /** ISO 4217, as the provider wrote it; anything but PLN is refused. */
  currency: string;
  state: LedgerPaymentState;
  /** Stripe's payment intent (refunds are made against it); null elsewhere. */
  chargeId?: string | null;
  /** The verified content the state was read from (the provider's answer or event), kept as evidence. */
  content: unknown;
}

export interface RefundEvent {
  provider: LedgerProvider;
  eventId: string;
  /** The shop's own refund id, sent to the provider as its idempotency key (extRefundId / Idempotency-Key). */
  refundId: string;
  /** The provider's id of the refund, once known. */
  providerRefundId: string | null;
  amount: Grosz;
  currency: string;
  state: LedgerRefundState;
  content: unknown;
}

/** A payment the ledger still has as pending at a gateway. */
export interface PendingPayment {
  id: string;
  orderId: string;
  provider: LedgerProvider;
  providerPaymentId: string;
  /** The order's payment method, as the ledger recorded it. */
  method: string;
  amount: Grosz;
  createdAt: string;
}

/** The columns of public.payments a PendingPayment is read from. */
export const PENDING_PAYMENT_COLUMNS = 'id, order_id, provider, provider_payment_id, method, amount_grosz, created_at';

export type PendingPaymentRow = Pick<
  Row<'payments'>,
  'id' | 'order_id' | 'provider' | 'provider_payment_id' | 'method' | 'amount_grosz' | 'created_at'
>;

export function toPendingPayment(row: PendingPaymentRow): PendingPayment {
  return {
    id: row.id,
    orderId: row.order_id,
    provider: row.provider,
    providerPaymentId: row.provider_payment_id,
    method: row.method,
    amount: grosz(Number(row.amount_grosz)),
    createdAt: row.created_at,
  };
}

export interface LedgerStore {
  /** A payment started at the provider: the ledger's pending row (a second start of the same id is harmless). */
  startPayment(start: {
    orderId: string;
    provider: LedgerProvider;
    providerPaymentId: string;
    method: string;
    amount: Grosz;
  }): Promise<void>;
  /** Applies a verified provider event to the ledger and the order. */
  applyPaymentEvent(event: PaymentEvent): Promise<LedgerOutcome>;
  /** Applies a verified refund outcome. */
  applyRefundEvent(event: RefundEvent): Promise<LedgerOutcome>;
  /** The order's attempts still pending at a gateway, oldest first. */
  openAttempts(orderId: string): Promise<PendingPayment[]>;
}

export function createLedgerStore(admin: AdminClient): LedgerStore {
  /** A ledger function's answer: the SQL returns one of LedgerOutcome's codes. */
  async function outcome(
    name: string,
    request: PromiseLike<{ data: string | null; error: PostgrestError | null }>,
  ): Promise<LedgerOutcome> {
    const { data, error } = await request;
    if (error) throw new Error(`${name} failed: ${error.message}`);
    return data as LedgerOutcome;
  }
  return {
    async startPayment(start) {
      await outcome(
        'ledger_start_payment',
        admin.rpc('ledger_start_payment', {
          p_order_id: start.orderId,
          p_provider: start.provider,
          p_provider_payment_id: start.providerPaymentId,
          p_method: start.method,
          p_amount: start.amount,
        }),
      );
    },
    applyPaymentEvent: (event) =>
      outcome(
        'ledger_apply_payment_event',
        admin.rpc('ledger_apply_payment_event', {
          p_provider: event.provider,
          p_event_id: event.eventId,
          p_order_id: event.orderId,
          p_provider_payment_id: event.providerPaymentId,
          p_method: event.method,
          p_amount: event.amount,
          p_currency: event.currency,
          p_state: event.state,
          p_charge_id: event.chargeId ?? null,
          p_content: event.content ?? null,
        }),
      ),
    async openAttempts(orderId) {
      const { data, error } = await admin
        .from('payments')
        .select(PENDING_PAYMENT_COLUMNS)
        .eq('order_id', orderId)
        .eq('state', 'pending')
        .neq('provider', 'manual')
        .order('created_at');
      if (error) throw new Error(`loading the order's open payments failed: ${error.message}`);
      return data.map(toPendingPayment);
    },
    applyRefundEvent: (event) =>
      outcome(
        'ledger_apply_refund_event',
        admin.rpc('ledger_apply_refund_event', {
          p_provider: event.provider,
          p_event_id: event.eventId,
          p_refund_id: event.refundId,
          p_provider_refund_id: event.providerRefundId,
          p_amount: event.amount,
          p_currency: event.currency,
          p_state: event.state,
          p_content: event.content ?? null,
        }),
      ),
  };
}
