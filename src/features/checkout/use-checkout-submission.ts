import { useRef, useState } from 'react';
import { DELIVERY_COST_UNKNOWN_MESSAGE, type CheckoutFormValues } from '../../domain/checkout-schema.ts';
import { isLocalDelivery } from '../../domain/delivery.ts';
import type { PlacedOrder, SubmitOrder } from '../../domain/place-order-contract.ts';
import { BLIK_REJECTED_MESSAGE } from './blik-payment.tsx';
import { BLIK_CODE_FIELD, runCheckout, type OrderEstimate } from './checkout-flow.ts';
import type { CheckoutCart } from './checkout-model.ts';
import { redirectToPayment } from './payment-start.ts';
import type { QuoteState } from './use-delivery-quote.ts';

/** The fields place-order names when the chosen date, window or pickup hour cannot be booked ('slot_unavailable'). */
const SLOT_FIELDS = ['deliveryDate', 'deliveryWindow', 'pickupTime'] as const;

function refusesSlot(fields: Readonly<Record<string, string>> | undefined): boolean {
  return SLOT_FIELDS.some((name) => fields?.[`checkout.${name}`] !== undefined || fields?.[name] !== undefined);
}

export type CheckoutPhase = 'editing' | 'confirm-transfer' | 'processing' | 'redirecting' | 'blik-waiting';

export const CHECKING_LINES_MESSAGE = 'Sprawdzamy dostępność produktów w koszyku…';

export interface CheckoutSubmissionOptions {
  cart: CheckoutCart;
  getAccessToken: () => Promise<string | null>;
  submitOrder: SubmitOrder;
  onTransferPlaced: (orderNumber: string) => void;
  onQueued: (localNumber: string) => void;
  /** The typed BLIK code reached the gateway (taken or refused): a one-time code is not offered again. */
  onBlikCodeUsed: () => void;
}

/** What the form knows at the moment of submitting, beyond its values. */
export interface SubmitContext {
  /** Some cart lines are still being checked against the shop. */
  checkingLines: boolean;
  quote: QuoteState;
  /** The summary's total (sent along for the server to compare) and services. */
  totals: OrderEstimate;
  /** Six digits, when BLIK is paid with a code typed here. */
  blikCode?: string;
}

/**
 * docs/spec.md §2 order flow once the form is valid: refuse while the cart or the
 * delivery cost is unknown, ask to confirm a bank transfer first, then place
 * the order and go to payment — or show what the shop refused, field by field.
 */
export function useCheckoutSubmission({
  cart,
  getAccessToken,
  submitOrder,
  onTransferPlaced,
  onQueued,
  onBlikCodeUsed,
}: CheckoutSubmissionOptions) {
  const formRef = useRef<HTMLFormElement>(null);
  const [phase, setPhase] = useState<CheckoutPhase>('editing');
  const [error, setError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [showSummaryErrors, setShowSummaryErrors] = useState(false);
  /** Counts the server's refusals of the chosen slot: the picker asks for availability again on each. */
  const [slotRefusals, setSlotRefusals] = useState(0);
  /** The order whose BLIK code waits for the bank app's confirmation. */
  const [blikOrder, setBlikOrder] = useState<PlacedOrder | null>(null);
  /** What became of the last BLIK payment, shown by the payment choice. */
  const [paymentNotice, setPaymentNotice] = useState<string | null>(null);

  async function placeAndPay(value: CheckoutFormValues, totals: OrderEstimate, blikCode?: string) {
    setPhase('processing');
    setError(null);
    setPaymentNotice(null);
    const accessToken = await getAccessToken().catch(() => null);
    const result = await runCheckout(value, cart.lines, accessToken, submitOrder, totals, blikCode);
    if (result.kind === 'blik-pending') {
      onBlikCodeUsed();
      setBlikOrder(result.order);
      setPhase('blik-waiting');
      return;
    }
    if (result.kind === 'error') {
      if (result.fields?.[BLIK_CODE_FIELD] !== undefined) onBlikCodeUsed();
      setError(result.message);
      setServerFields(result.fields ?? {});
      if (refusesSlot(result.fields)) setSlotRefusals((count) => count + 1);
      setPhase('editing');
      return;
    }
    if (result.kind === 'queued') {
      onQueued(result.localNumber);
      return;
    }
    if (result.kind === 'transfer') {
      onTransferPlaced(result.order.orderNumber);
      return;
    }
    setPhase('redirecting');
    await redirectToPayment(result.url);
  }

  /** The form's onSubmit: its values passed validation. */
  async function submit(value: CheckoutFormValues, { checkingLines, quote, totals, blikCode }: SubmitContext) {
    setShowSummaryErrors(false);
    setError(null);
    setServerFields({});
    // Never order on the device's guess: a line still being checked may turn out to be gone.
    if (checkingLines) {
      setError(CHECKING_LINES_MESSAGE);
      return;
    }
    if (isLocalDelivery(value.deliveryMethod) && quote.status !== 'ready') {
      setError(quote.status === 'error' ? quote.message : DELIVERY_COST_UNKNOWN_MESSAGE);
      return;
    }
    if (value.paymentMethod === 'transfer' && phase === 'editing') {
      setPhase('confirm-transfer');
      window.scrollTo({ top: 0 });
      return;
    }
    await placeAndPay(value, totals, blikCode);
  }

  /**
   * The bank refused or the customer cancelled in the app: back to the form.
   * Its unchanged content places no new order (the draft keeps its key), so a
   * new code pays the same one; another method is other content, a new order.
   */
  function blikRejected() {
    setBlikOrder(null);
    setPaymentNotice(BLIK_REJECTED_MESSAGE);
    setPhase('editing');
  }

  /** The form's onSubmitInvalid: list what is wrong and put the cursor on the first invalid field. */
  function submitInvalid() {
    setShowSummaryErrors(true);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function backToEditing() {
    setError(null);
    setPhase('editing');
  }

  return {
    formRef,
    phase,
    busy: phase === 'processing' || phase === 'redirecting',
    error,
    /** The shop's messages by field, from the last refused order. */
    serverFields,
    showSummaryErrors,
    slotRefusals,
    submit,
    submitInvalid,
    placeAndPay,
    backToEditing,
    blikOrder,
    blikRejected,
    paymentNotice,
  };
}
