import { grosz } from '../../src/domain/money.ts';
import type { LedgerOutcome } from '../../src/domain/payment-ledger.ts';
import { ledgerStateOfPayuStatus, orderNumberOfExtOrderId } from '../../src/domain/payu-rest.ts';
import { HttpError } from './http.ts';
import type { LedgerStore } from './ledger.ts';
import type { PaymentStore } from './payments.ts';
import type { PayuRestClient } from './payu-rest-client.ts';

export interface PayuRestApplyDeps {
  store: Pick<PaymentStore, 'findOrderByNumber'>;
  ledger: Pick<LedgerStore, 'applyPaymentEvent'>;
}

/**
 * Reads the order back from PayU and applies only that answer to the
 * ledger: used on a notification (which is only a reason to look) and by
 * the reconciliation, so both trust exactly the same thing. PayU's own
 * failure throws (PayuRestError), so the caller can try again later.
 */
export async function retrieveAndApplyPayuOrder(
  deps: PayuRestApplyDeps,
  client: PayuRestClient,
  payuOrderId: string,
): Promise<LedgerOutcome | 'ignored'> {
  const order = await client.retrieveOrder(payuOrderId);
  if (!order || order.orderId !== payuOrderId) {
    console.error(`[payu-rest] PayU does not report order ${payuOrderId}`);
    throw new HttpError(502, 'gateway_answer_refused', 'Operator płatności nie potwierdził zamówienia.');
  }
  const state = ledgerStateOfPayuStatus(order.status);
  if (!state) {
    console.error(`[payu-rest] order ${payuOrderId}: status ${order.status.slice(0, 40)} changes nothing`);
    return 'ignored';
  }
  const orderNumber = orderNumberOfExtOrderId(order.extOrderId);
  const shopOrder = orderNumber ? await deps.store.findOrderByNumber(orderNumber) : null;
  if (!shopOrder) {
    console.error(`[payu-rest] order ${payuOrderId}: no shop order for its extOrderId`);
    return 'order_not_found';
  }
  const outcome = await deps.ledger.applyPaymentEvent({
    provider: 'payu-rest',
    // One event per PayU order and state: the notification and the reconciliation's look-up of the same state are one.
    eventId: `${order.orderId}:${order.status}`,
    orderId: shopOrder.id,
    providerPaymentId: order.orderId,
    method: shopOrder.paymentMethod,
    amount: grosz(Number(order.totalAmount)),
    currency: order.currencyCode,
    state,
    content: order,
  });
  // PayU vouched for it: a refusal is the shop's data (or a misrouted order), and repeating changes nothing.
  if (outcome !== 'applied' && outcome !== 'duplicate') console.error(`[payu-rest] order ${payuOrderId} not applied: ${outcome}`);
  return outcome;
}
