import type { LedgerProvider } from '../../src/domain/payment-ledger.ts';
import type { Authenticate } from '../_shared/caller-auth.ts';
import { UNPAID_ONLINE_ORDER_MINUTES, transferDeadlines, transferPaymentDays } from '../../src/domain/payment-deadlines.ts';
import { HttpError, jsonResponse, postHandler, type Handler } from '../_shared/http.ts';
import type { LedgerStore, PendingPayment } from '../_shared/ledger.ts';
import type { Lookup } from '../_shared/payment-lookups.ts';

/** A transfer order nobody has paid yet. */
export interface UnpaidTransfer {
  id: string;
  createdAt: string;
  deliveryDate: string | null;
}

export interface ReconcileStore {
  /** Pending gateway payments started before `before` (ISO), oldest first. */
  pendingPayments(before: string, limit: number): Promise<PendingPayment[]>;
  /** Cancels the online orders nobody paid within `minutes` (expire_unpaid_online_orders); their ids. */
  expireUnpaidOnlineOrders(minutes: number, reason: string): Promise<string[]>;
  /** Pending transfer orders with nothing paid, oldest first. */
  unpaidTransfers(limit: number): Promise<UnpaidTransfer[]>;
  /** The owner's transfer_payment_days setting, as stored. */
  transferPaymentDays(): Promise<string | undefined>;
  /** Queues the one reminder (remind_unpaid_transfer); true when it was queued now. */
  remindUnpaidTransfer(orderId: string, payBy: string): Promise<boolean>;
  /** Cancels the order if it is still unpaid (cancel_unpaid_transfer); true when it was. */
  cancelUnpaidTransfer(orderId: string, reason: string): Promise<boolean>;
}

export interface ReconcileDeps {
  authenticate: Authenticate;
  store: ReconcileStore & Pick<LedgerStore, 'applyPaymentEvent'>;
  reconcilers: Partial<Record<LedgerProvider, Lookup>>;
  now(): number;
}

/** A payment is asked about once the customer has had time to finish it and its notice time to arrive. */
export const RECONCILE_AFTER_MINUTES = 3;
/**
 * An attempt the gateway still cannot tell anything about this long after
 * it started never reached it (a classic session whose page was never
 * opened): it is given up, so its order can expire. Money that arrives later
 * is still recorded, since a completed payment overrides a given-up one.
 */
export const ABANDONED_ATTEMPT_MINUTES = 120;
export const UNPAID_ONLINE_ORDER_REASON = 'Płatność nie została dokończona w wyznaczonym czasie, więc zamówienie anulowaliśmy.';
const BATCH = 25;
const TRANSFER_BATCH = 200;

export const UNPAID_TRANSFER_REASON = 'Nie otrzymaliśmy przelewu w wyznaczonym czasie, więc zamówienie anulowaliśmy.';

export interface ReconcileResult {
  checked: number;
  applied: number;
  failed: number;
  expired: number;
  reminded: number;
}

/** Reminds, then gives up, transfer orders nobody paid, by the shop's working days. */
async function settleUnpaidTransfers(deps: ReconcileDeps, result: ReconcileResult): Promise<void> {
  const days = transferPaymentDays(await deps.store.transferPaymentDays());
  const now = deps.now();
  for (const order of await deps.store.unpaidTransfers(TRANSFER_BATCH)) {
    const { remindAt, cancelAt } = transferDeadlines(Date.parse(order.createdAt), order.deliveryDate, days);
    if (now >= cancelAt) {
      if (await deps.store.cancelUnpaidTransfer(order.id, UNPAID_TRANSFER_REASON)) result.expired += 1;
    } else if (now >= remindAt && (await deps.store.remindUnpaidTransfer(order.id, new Date(cancelAt).toISOString()))) {
      result.reminded += 1;
    }
  }
}

async function giveUp(deps: ReconcileDeps, payment: PendingPayment): Promise<void> {
  await deps.store.applyPaymentEvent({
    provider: payment.provider,
    eventId: `abandoned:${payment.id}`,
    orderId: payment.orderId,
    providerPaymentId: payment.providerPaymentId,
    method: payment.method,
    amount: payment.amount,
    currency: 'PLN',
    state: 'canceled',
    content: { reason: 'the gateway did not know the attempt', after_minutes: ABANDONED_ATTEMPT_MINUTES },
  });
}

/**
 * payments-reconcile: server-to-server only, on a timer (locally every
 * minute; pg_cron on hosted, like mail-dispatch). It asks the gateway about
 * every payment still pending after a few minutes and applies the answer
 * through the ledger, so a lost notification never leaves a paid order
 * unpaid; then it cancels online orders that nobody paid in time, which
 * frees their stock and delivery places. A gateway that does not answer
 * is asked again at the next run.
 */
export function createPaymentsReconcileHandler(deps: ReconcileDeps): Handler {
  return postHandler('payments-reconcile', async (request) => {
    const caller = await deps.authenticate(request);
    if (caller.kind !== 'service') throw new HttpError(403, 'forbidden', 'Ta funkcja jest dostępna tylko dla serwera sklepu.');

    const before = new Date(deps.now() - RECONCILE_AFTER_MINUTES * 60_000).toISOString();
    const pending = await deps.store.pendingPayments(before, BATCH);
    const result: ReconcileResult = { checked: 0, applied: 0, failed: 0, expired: 0, reminded: 0 };
    for (const payment of pending) {
      const reconcile = deps.reconcilers[payment.provider];
      if (!reconcile) continue;
      result.checked += 1;
      try {
        if ((await reconcile(payment)) === 'applied') result.applied += 1;
      } catch (error) {
        result.failed += 1;
        console.warn(
          `[payments-reconcile] ${payment.provider} payment ${payment.id}: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (deps.now() - Date.parse(payment.createdAt) > ABANDONED_ATTEMPT_MINUTES * 60_000) await giveUp(deps, payment);
      }
    }
    result.expired = (await deps.store.expireUnpaidOnlineOrders(UNPAID_ONLINE_ORDER_MINUTES, UNPAID_ONLINE_ORDER_REASON)).length;
    await settleUnpaidTransfers(deps, result);
    return jsonResponse(200, result);
  });
}
