import * as v from 'valibot';
import { ownerPaymentRequestSchema, type MarkPaidRequest, type RefundRequest } from '../../src/domain/owner-payment-schema.ts';
import type { Grosz } from '../../src/domain/money.ts';
import type { LedgerProvider } from '../../src/domain/payment-ledger.ts';
import { issuesByField } from '../../src/domain/validation-issues.ts';
import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';
import type { LedgerStore } from '../_shared/ledger.ts';

/** A payment of the order as the ledger holds it. */
export interface LedgerPayment {
  id: string;
  provider: LedgerProvider;
  providerPaymentId: string;
  /** Stripe's payment intent. */
  chargeId: string | null;
  amount: Grosz;
  state: string;
}

export interface OwnerPaymentsOrder {
  id: string;
  orderNumber: string;
  status: string;
  payments: LedgerPayment[];
}

export interface OwnerPaymentsStore extends Pick<LedgerStore, 'applyRefundEvent'> {
  isShopOwner(userId: string): Promise<boolean>;
  findOrder(orderId: string): Promise<OwnerPaymentsOrder | null>;
  /** The withdrawal request's order and state; null when there is none. */
  findWithdrawal(withdrawalId: string): Promise<{ orderId: string; state: string } | null>;
  /** Each resolves to the new row's id, or rejects with the SQL's refusal (`payment_date`, `refund_amount`, …) as its message. */
  recordManualPayment(request: MarkPaidRequest, ownerId: string): Promise<string>;
  recordManualRefund(request: RefundRequest & { manual: { refundedOn: string } }, ownerId: string): Promise<string>;
  openRefund(payment: LedgerPayment, request: RefundRequest, ownerId: string): Promise<string>;
}

/** A refund asked of the gateway the payment went through; resolves with the gateway's refund id. */
export type GatewayRefund = (
  payment: LedgerPayment,
  refund: { refundId: string; amount: Grosz; description: string },
) => Promise<string | null>;

export interface OwnerPaymentsDeps {
  authenticate: Authenticate;
  store: OwnerPaymentsStore;
  /** Per provider that can send money back; the others need a refund recorded by hand. */
  gatewayRefunds: Partial<Record<LedgerProvider, GatewayRefund>>;
}

/** What the SQL's refusals mean to the owner. */
const REFUSALS: Record<string, [number, string]> = {
  payment_date: [400, 'Data wpłaty nie może być późniejsza niż dziś.'],
  refund_date: [400, 'Data zwrotu nie może być późniejsza niż dziś.'],
  refund_amount: [409, 'Kwota zwrotu przekracza to, co zapłacono i jeszcze nie zwrócono.'],
  payment_not_refundable: [409, 'Tej płatności nie można zwrócić.'],
  order_not_found: [404, 'Nie znaleziono zamówienia.'],
};

async function refusedBySql<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const refusal = error instanceof Error ? REFUSALS[error.message] : undefined;
    if (refusal) throw new HttpError(refusal[0], error instanceof Error ? error.message : 'refused', refusal[1]);
    throw error;
  }
}

async function ownerOf(deps: OwnerPaymentsDeps, request: Request): Promise<string> {
  const caller = await deps.authenticate(request);
  if (caller.kind !== 'user') throw new HttpError(401, 'not_signed_in', 'Zaloguj się jako właściciel sklepu.');
  if (!(await deps.store.isShopOwner(caller.userId))) throw new HttpError(403, 'not_owner', 'Tylko właściciel sklepu może to zrobić.');
  return caller.userId;
}

async function markPaid(deps: OwnerPaymentsDeps, request: MarkPaidRequest, ownerId: string): Promise<Response> {
  if (!(await deps.store.findOrder(request.orderId))) throw new HttpError(404, 'order_not_found', REFUSALS.order_not_found![1]);
  const paymentId = await refusedBySql(deps.store.recordManualPayment(request, ownerId));
  return jsonResponse(200, { paymentId });
}

/** A refund needs a reason the law gives the customer: a cancelled order, or a withdrawal the owner accepted. */
async function assertRefundAllowed(deps: OwnerPaymentsDeps, order: OwnerPaymentsOrder, request: RefundRequest): Promise<void> {
  if (request.withdrawalId) {
    const withdrawal = await deps.store.findWithdrawal(request.withdrawalId);
    if (!withdrawal || withdrawal.orderId !== order.id)
      throw new HttpError(404, 'withdrawal_not_found', 'Nie znaleziono tego odstąpienia.');
    if (withdrawal.state !== 'accepted' && withdrawal.state !== 'refunded') {
      throw new HttpError(409, 'withdrawal_not_accepted', 'Najpierw uznaj odstąpienie, potem zwróć pieniądze.');
    }
    return;
  }
  if (order.status !== 'cancelled') {
    throw new HttpError(409, 'order_not_cancelled', 'Pieniądze zwraca się za anulowane zamówienie albo za uznane odstąpienie.');
  }
}

async function refund(deps: OwnerPaymentsDeps, request: RefundRequest, ownerId: string): Promise<Response> {
  const order = await deps.store.findOrder(request.orderId);
  if (!order) throw new HttpError(404, 'order_not_found', REFUSALS.order_not_found![1]);
  await assertRefundAllowed(deps, order, request);

  if (request.manual) {
    const refundId = await refusedBySql(deps.store.recordManualRefund({ ...request, manual: request.manual }, ownerId));
    return jsonResponse(200, { refundId, state: 'completed' });
  }

  // The newest completed payment that a gateway can send back.
  const payment = order.payments.find((candidate) => candidate.state === 'completed' && deps.gatewayRefunds[candidate.provider]);
  if (!payment) {
    throw new HttpError(
      409,
      'no_gateway_payment',
      'To zamówienie nie zostało opłacone przez bramkę, która zwraca pieniądze. Zwróć je sam i zapisz zwrot wykonany poza sklepem.',
    );
  }
  const refundId = await refusedBySql(deps.store.openRefund(payment, request, ownerId));
  const description = `Zwrot za zamówienie ${order.orderNumber}`;
  let providerRefundId: string | null;
  try {
    providerRefundId = await deps.gatewayRefunds[payment.provider]!(payment, { refundId, amount: request.amount as Grosz, description });
  } catch (error) {
    // The shop never claims it sent money the gateway did not take on.
    await deps.store.applyRefundEvent({
      provider: payment.provider,
      eventId: `refund-request:${refundId}`,
      refundId,
      providerRefundId: null,
      amount: request.amount as Grosz,
      currency: 'PLN',
      state: 'failed',
      content: { error: error instanceof Error ? error.message : 'unknown' },
    });
    if (error instanceof HttpError) throw error;
    console.error('[owner-payments] the gateway refused or did not answer the refund', error);
    throw new HttpError(502, 'gateway_refund_failed', 'Bramka płatności nie przyjęła zwrotu. Spróbuj ponownie za chwilę.');
  }
  await deps.store.applyRefundEvent({
    provider: payment.provider,
    eventId: `refund-request:${refundId}`,
    refundId,
    providerRefundId,
    amount: request.amount as Grosz,
    currency: 'PLN',
    state: 'pending',
    content: { providerRefundId },
  });
  return jsonResponse(200, { refundId, state: 'pending' });
}

/**
 * The owner's money actions: 'Oznacz jako opłacone' (a transfer, cash or a
 * card terminal that reached the shop) and 'Zwróć pieniądze' (through the
 * gateway the order was paid with, or recorded as made outside the shop).
 * Only the shop owner; the body is re-parsed with the back office's schema.
 */
export function createOwnerPaymentsHandler(deps: OwnerPaymentsDeps): Handler {
  return postHandler('owner-payments', async (request) => {
    const ownerId = await ownerOf(deps, request);
    const parsed = v.safeParse(ownerPaymentRequestSchema, await readJsonObject(request));
    if (!parsed.success) {
      const fields = issuesByField(parsed.issues);
      throw new HttpError(400, 'validation_failed', Object.values(fields)[0] ?? 'Nieprawidłowe dane.', fields);
    }
    const body = parsed.output;
    return body.action === 'mark-paid' ? markPaid(deps, body, ownerId) : refund(deps, body, ownerId);
  });
}
