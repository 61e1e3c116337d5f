import * as v from 'valibot';
import { checkoutFormSchema, type CheckoutFormValues } from '../../domain/checkout-schema.ts';
import { joinIssueMessages } from '../../domain/validation-issues.ts';
import type { PlacedOrder, SubmitOrder } from '../../domain/place-order-contract.ts';
import { finishCheckoutDraft, loadCheckoutDraft, saveCheckoutDraft, submissionFingerprint } from './checkout-draft.ts';
import { toPln } from '../../domain/money.ts';
import { orderItems, type CheckoutLine, type CheckoutTotals } from './checkout-model.ts';
import { startPayment } from './payment-start.ts';
import { lineName } from '../../domain/product-sizes.ts';

/** The summary's figures at the moment of ordering: the total sent along for the server to compare, and the services as priced. */
export type OrderEstimate = Pick<CheckoutTotals, 'total' | 'services'>;

export type CheckoutResult =
  | { kind: 'transfer'; order: PlacedOrder }
  | { kind: 'redirect'; order: PlacedOrder; url: string }
  /** The BLIK code went to PayU: the order is paid once the customer confirms in the bank's app. */
  | { kind: 'blik-pending'; order: PlacedOrder }
  /** Saved on the device; the outbox sends it when the server can be reached. */
  | { kind: 'queued'; localNumber: string }
  | { kind: 'error'; message: string; fields?: Record<string, string> };

/** The name serverFields gives the BLIK code (it is not a form value, see checkout-schema.ts). */
export const BLIK_CODE_FIELD = 'blikCode';

export const UNAVAILABLE_LINES_MESSAGE = 'Usuń z koszyka produkty, które nie są już dostępne, i spróbuj ponownie.';

/**
 * docs/spec.md §4 'Checkout flow': place the order (once, whatever the retries), then
 * branch on the payment method. The idempotency key is kept while the order's
 * content stays the same, so a retry after a dropped connection or a failed
 * payment start answers with the same order instead of a second one. The
 * BLIK code (already six digits, see blikCodeError) is not part of the
 * order's content: a new code after a refused one pays the same order.
 */
export async function runCheckout(
  values: CheckoutFormValues,
  lines: readonly CheckoutLine[],
  accessToken: string | null,
  submitOrder: SubmitOrder,
  estimate: OrderEstimate,
  blikCode?: string,
): Promise<CheckoutResult> {
  const parsed = v.safeParse(checkoutFormSchema, values);
  if (!parsed.success) return { kind: 'error', message: joinIssueMessages(parsed.issues) };
  if (lines.some((line) => !line.available)) return { kind: 'error', message: UNAVAILABLE_LINES_MESSAGE };

  const items = orderItems(lines);
  const fingerprint = submissionFingerprint({ checkout: values, items });
  const draft = await loadCheckoutDraft();
  const clientRequestId = draft?.pending?.fingerprint === fingerprint ? draft.pending.clientRequestId : crypto.randomUUID();
  await saveCheckoutDraft({ values, pending: { clientRequestId, fingerprint } });

  const outcome = await submitOrder(
    { clientRequestId, checkout: values, items },
    {
      paymentMethod: values.paymentMethod,
      deliveryMethod: values.deliveryMethod,
      customerEmail: values.email.trim(),
      estimatedTotal: toPln(estimate.total),
      shown: {
        lines: lines
          .filter((line) => line.available)
          .map(({ name, sizeLabel, quantity, lineTotal }) => ({ name: lineName(name, sizeLabel), quantity, lineTotal })),
        services: estimate.services.map(({ label, price }) => ({ label, price })),
      },
    },
    accessToken,
  );
  if (outcome.kind === 'rejected') {
    // The server said no to this content: a corrected order gets a fresh key.
    await saveCheckoutDraft({ values });
    return { kind: 'error', message: outcome.message, fields: outcome.fields };
  }
  if (outcome.kind === 'uncertain') return { kind: 'error', message: outcome.message };
  if (outcome.kind === 'queued') {
    await finishCheckoutDraft();
    return { kind: 'queued', localNumber: outcome.localNumber };
  }

  const { order } = outcome;
  if (parsed.output.paymentMethod === 'transfer') return { kind: 'transfer', order };

  const start = await startPayment(order, accessToken, parsed.output.paymentMethod === 'blik' ? blikCode : undefined);
  if (start.kind === 'redirect') return { kind: 'redirect', order, url: start.url };
  if (start.kind === 'blik-pending') return { kind: 'blik-pending', order };
  return { kind: 'error', message: start.message, ...(start.codeRefused ? { fields: { [BLIK_CODE_FIELD]: start.message } } : {}) };
}
