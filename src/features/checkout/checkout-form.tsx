import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@tanstack/react-form';
import * as v from 'valibot';
import {
  EMPTY_CHECKOUT_FORM,
  blikCodeError,
  checkoutFormSchema,
  normalizeBlikCode,
  type CheckoutFormValues,
} from '../../domain/checkout-schema.ts';
import { joinIssueMessages } from '../../domain/validation-issues.ts';
import {
  DEFAULT_DELIVERY_RATE_PER_KM,
  LIVE_FLOWERS_DELIVERY_NOTE,
  freeShippingThreshold,
  isLocalDelivery,
  needsAddress,
  type DeliveryMethod,
} from '../../domain/delivery.ts';
import { deliveryAddressOf } from '../../domain/delivery-address.ts';
import { amountSettingOr, grosz } from '../../domain/money.ts';
import type { SubmitOrder } from '../../domain/place-order-contract.ts';
import { FormField, inputClass } from '../../lib/form-field.tsx';
import { usePublicSettings } from '../../lib/public-settings.ts';
import { BlikCodeField, BlikWaiting, PaymentNotice } from './blik-payment.tsx';
import { useBlikCodeInShop } from './blik-code-setting.ts';
import { CardSection } from './card-section.tsx';
import { CemeterySection } from './cemetery-section.tsx';
import { CheckoutCartSection } from './checkout-cart.tsx';
import { PAYMENT_CHOICES, RadioChoices, deliveryChoices } from './checkout-choices.tsx';
import { BLIK_CODE_FIELD } from './checkout-flow.ts';
import { ADDRESS_FIELDS, CEMETERY_ADDRESS_FIELDS, sectionTitleClass } from './checkout-fields.tsx';
import { useCheckoutFormApi } from './checkout-form-api.ts';
import { ContactSection, SubstitutionSection, WhenSection } from './checkout-sections.tsx';
import { CheckoutTextField } from './checkout-text-field.tsx';
import {
  cartTakesRibbon,
  checkoutTotals,
  chosenServices,
  containsLiveFlowers,
  hasUnverifiedLines,
  linesBeingChecked,
  offeredDeliveryMethods,
  type CheckoutCart,
} from './checkout-model.ts';
import type { CheckoutDelivery } from './checkout-delivery.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import { DeliveryQuoteStatus } from './delivery-quote-status.tsx';
import { InvoiceSection } from './invoice-section.tsx';
import { OccasionSection } from './occasion-section.tsx';
import { orderBlocker } from './order-blocker.ts';
import { RecipientSection } from './recipient-section.tsx';
import { TransferConfirmation } from './transfer-confirmation.tsx';
import { useCheckoutSubmission, type CheckoutPhase } from './use-checkout-submission.ts';
import { useDeliveryQuote } from './use-delivery-quote.ts';

export interface CheckoutFormProps {
  /** null while the device's cart is read: the form's frame shows, disabled, with nothing summed. */
  cart: CheckoutCart | null;
  /** The cart's editor, given what the shop said of its lines (by product id) after a refused order. */
  cartEditor: (lineNotes: Readonly<Record<string, string>>) => ReactNode;
  /** 'Może jeszcze…' (the cart feature's), inline below the cart; composed in by the route. */
  cartSuggestions?: ReactNode;
  /** The draft to start from; null while it is read from the device. */
  initialValues: CheckoutFormValues | null;
  getAccessToken: () => Promise<string | null>;
  onTransferPlaced: (orderNumber: string) => void;
  /** Places the order (or keeps it in the device's outbox when offline). */
  submitOrder: SubmitOrder;
  onQueued: (localNumber: string) => void;
  /** The delivery chosen here, for the cart page to show the same one. */
  onDeliveryMethodChange?: (method: DeliveryMethod) => void;
  /** The delivery calendar (its own feature), composed in by the route. */
  delivery: CheckoutDelivery;
}

/** What the frame stands on before the device's cart is read: no lines, nothing summed. */
const CART_BEING_READ: CheckoutCart = { lines: [], subtotal: grosz(0) };

export const UNVERIFIED_LINES_NOTE =
  'Dostępności i ceny części produktów nie udało się teraz sprawdzić, więc nie ma ich w podsumowaniu. Sklep potwierdzi zamówienie i jego kwotę po otrzymaniu.';

/** docs/spec.md §2 checkout: the form, the delivery quote, the summary and the order flow. */
export function CheckoutForm({
  cart: deviceCart,
  cartEditor,
  cartSuggestions,
  initialValues,
  getAccessToken,
  onTransferPlaced,
  submitOrder,
  onQueued,
  onDeliveryMethodChange,
  delivery,
}: CheckoutFormProps) {
  const { SlotPicker, useServiceOffers } = delivery;
  // Until the device is read the server's frame stays as it was rendered; the draft then fills the untouched form.
  const reading = deviceCart === null || initialValues === null;
  const cart = deviceCart ?? CART_BEING_READ;
  const settings = usePublicSettings();
  // The same reading of the owner's amounts as place-order's, so the summary shows what will be charged.
  const freeThreshold = freeShippingThreshold(settings.free_shipping_threshold);
  const ratePerKm = amountSettingOr(settings.delivery_rate_per_km, DEFAULT_DELIVERY_RATE_PER_KM);
  // The BLIK code lives here, in memory only: never in the form's values, which the draft saves.
  const [blikCode, setBlikCode] = useState('');
  const [blikCodeProblem, setBlikCodeProblem] = useState<string | undefined>(undefined);
  const blikInputRef = useRef<HTMLInputElement>(null);
  const submission = useCheckoutSubmission({
    cart,
    getAccessToken,
    submitOrder,
    onTransferPlaced,
    onQueued,
    onBlikCodeUsed: () => setBlikCode(''),
  });
  const { formRef, phase, busy, error, serverFields } = submission;
  const codeInShop = useBlikCodeInShop();

  /** The code to send with this submission (none unless BLIK takes one here); not ok, and the field marked, when it is not six digits. */
  function checkedBlikCode(value: CheckoutFormValues): { ok: boolean; code?: string } {
    if (value.paymentMethod !== 'blik' || !codeInShop) return { ok: true };
    const problem = blikCodeError(blikCode);
    setBlikCodeProblem(problem);
    return problem ? { ok: false } : { ok: true, code: normalizeBlikCode(blikCode) };
  }

  const form = useCheckoutFormApi({
    initialValues: initialValues ?? EMPTY_CHECKOUT_FORM,
    onSubmit: async (value) => {
      const blik = checkedBlikCode(value);
      if (!blik.ok) {
        blikInputRef.current?.focus();
        return;
      }
      await submission.submit(value, { checkingLines, quote, totals, blikCode: blik.code });
    },
    onSubmitInvalid: (value) => {
      checkedBlikCode(value);
      submission.submitInvalid();
    },
  });

  const values = useStore(form.store, (state) => state.values);
  const address = deliveryAddressOf(values);
  const quote = useDeliveryQuote(values.deliveryMethod, address);
  // The same answer the picker reads (one request): the services' prices come with it.
  const offers = useServiceOffers();
  const totals = checkoutTotals(
    cart,
    values.deliveryMethod,
    quote,
    freeThreshold,
    chosenServices(values.deliveryMethod, values.services, offers),
  );
  const offered = offeredDeliveryMethods(cart.lines);
  const liveFlowers = containsLiveFlowers(cart.lines);
  const checkingLines = linesBeingChecked(cart.lines);

  // A cart that gained live flowers cannot keep a courier: fall back to pickup.
  useEffect(() => {
    if (!offered.includes(values.deliveryMethod)) form.setFieldValue('deliveryMethod', 'store');
  }, [offered, values.deliveryMethod, form]);

  const onDeliveryMethodChangeRef = useRef(onDeliveryMethodChange);
  useEffect(() => {
    onDeliveryMethodChangeRef.current = onDeliveryMethodChange;
  });
  useEffect(() => {
    // Not the frame's default: the cart page's choice would be overwritten before the draft is read.
    if (!reading) onDeliveryMethodChangeRef.current?.(values.deliveryMethod);
  }, [reading, values.deliveryMethod]);

  // Services at the grave go only with a cemetery delivery (the schema refuses them otherwise).
  useEffect(() => {
    if (values.deliveryMethod !== 'cemetery' && values.services.length > 0) form.setFieldValue('services', []);
  }, [values.deliveryMethod, values.services, form]);

  const blocker = orderBlocker({ checkingLines, localDelivery: isLocalDelivery(values.deliveryMethod), address, quote });
  const summaryErrors = submission.showSummaryErrors ? validationSummary(values) : '';

  if (phase === 'blik-waiting' && submission.blikOrder) {
    return <BlikWaiting order={submission.blikOrder} getAccessToken={getAccessToken} onRejected={submission.blikRejected} />;
  }

  if (phase === 'confirm-transfer' || (busy && values.paymentMethod === 'transfer')) {
    return (
      <TransferConfirmation
        values={values}
        cart={cart}
        totals={totals}
        busy={busy}
        error={error}
        onBack={submission.backToEditing}
        onConfirm={() => void submission.placeAndPay(values, totals)}
        slotInWords={delivery.slotInWords}
      />
    );
  }

  return (
    // `display: contents` and `role="none"`: while the device is read nothing can be pressed, and there is no extra box or group.
    <fieldset disabled={reading} role="none" className="contents">
      <div
        className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start"
        aria-busy={reading || undefined}
      >
        <div className="space-y-10">
          <CheckoutCartSection
            cart={reading ? null : cart}
            needsAttention={cart.lines.some((line) => line.availability === 'unavailable' || serverFields[line.productId] !== undefined)}
          >
            {cartEditor(serverFields)}
          </CheckoutCartSection>
          {!reading && cartSuggestions}

          <form
            id="checkout-form"
            ref={formRef}
            noValidate
            aria-label="Dane zamówienia"
            className="space-y-10"
            onSubmit={(event) => {
              event.preventDefault();
              void form.handleSubmit();
            }}
          >
            <ContactSection form={form} serverFields={serverFields} />

            <RecipientSection form={form} method={values.deliveryMethod} serverFields={serverFields} />

            <form.Field name="deliveryMethod">
              {(field) => (
                <RadioChoices
                  legend="Sposób dostawy"
                  name="deliveryMethod"
                  note={liveFlowers && LIVE_FLOWERS_DELIVERY_NOTE}
                  options={deliveryChoices(offered, reading ? null : cart.subtotal, freeThreshold, ratePerKm)}
                  value={field.state.value}
                  onChange={field.handleChange}
                />
              )}
            </form.Field>

            {needsAddress(values.deliveryMethod) && (
              <fieldset>
                <legend className={sectionTitleClass}>{values.deliveryMethod === 'cemetery' ? 'Adres cmentarza' : 'Adres dostawy'}</legend>
                <div className="mt-4 grid gap-5 sm:grid-cols-2">
                  {(values.deliveryMethod === 'cemetery' ? CEMETERY_ADDRESS_FIELDS : ADDRESS_FIELDS).map((config) => (
                    <CheckoutTextField key={config.name} form={form} serverFields={serverFields} {...config} />
                  ))}
                  <FormField id="checkout-country" label="Kraj" error={undefined}>
                    <select
                      id="checkout-country"
                      name="country"
                      className={`${inputClass} min-h-[3.125rem]`}
                      value="PL"
                      onChange={() => undefined}
                    >
                      <option value="PL">Polska</option>
                    </select>
                  </FormField>
                </div>
                <DeliveryQuoteStatus state={quote} ratePerKm={ratePerKm} />
              </fieldset>
            )}

            {values.deliveryMethod === 'cemetery' && <CemeterySection form={form} offers={offers} serverFields={serverFields} />}

            <WhenSection
              form={form}
              SlotPicker={SlotPicker}
              method={values.deliveryMethod}
              refreshKey={submission.slotRefusals}
              serverFields={serverFields}
            />

            <OccasionSection form={form} takesRibbon={cartTakesRibbon(cart.lines)} serverFields={serverFields} />

            <CardSection form={form} serverFields={serverFields} />

            <SubstitutionSection form={form} />

            <div>
              <form.Field name="paymentMethod">
                {(field) => (
                  <RadioChoices
                    legend="Płatność"
                    name="paymentMethod"
                    options={PAYMENT_CHOICES}
                    value={field.state.value}
                    onChange={field.handleChange}
                  />
                )}
              </form.Field>
              {submission.paymentNotice && <PaymentNotice message={submission.paymentNotice} />}
              {values.paymentMethod === 'blik' && codeInShop && (
                <BlikCodeField
                  value={blikCode}
                  error={blikCodeProblem ?? serverFields[BLIK_CODE_FIELD]}
                  inputRef={blikInputRef}
                  onChange={(next) => {
                    setBlikCode(next);
                    setBlikCodeProblem(undefined);
                  }}
                />
              )}
            </div>

            <InvoiceSection form={form} serverFields={serverFields} />
          </form>
        </div>

        <CheckoutSummary
          totals={totals}
          method={values.deliveryMethod}
          quoting={quote.status === 'loading'}
          checkingProducts={reading || checkingLines}
        >
          {(summaryErrors || error) && (
            <p
              role="alert"
              className="mt-4 rounded-xl bg-blush-50 px-4 py-3 text-sm font-medium text-blush-700"
              data-testid="checkout-error"
            >
              {summaryErrors || error}
            </p>
          )}
          {/* Unavailable, not disabled: it stays focusable, says why, and pressing it leads to the field to fix. */}
          <button
            type="submit"
            form="checkout-form"
            className="btn-primary mt-6 w-full disabled:cursor-wait aria-disabled:cursor-not-allowed aria-disabled:bg-cream-200 aria-disabled:text-ink-muted aria-disabled:shadow-none aria-disabled:hover:bg-cream-200"
            disabled={busy}
            aria-disabled={blocker ? true : undefined}
            aria-describedby={blocker ? 'checkout-blocker' : undefined}
            onClick={(event) => {
              // An incomplete address goes on as a submit attempt: every field's message, the cursor on the first to fix.
              if (!blocker || blocker.showsFieldErrors) return;
              event.preventDefault();
              if (blocker.fieldId) document.getElementById(blocker.fieldId)?.focus();
            }}
          >
            {submitLabel(phase)}
          </button>
          {blocker && (
            <p id="checkout-blocker" className="mt-2 text-center text-sm font-medium text-ink" data-testid="checkout-blocker">
              {blocker.note}
            </p>
          )}
          {hasUnverifiedLines(cart.lines) && (
            <p className="mt-2 text-center text-sm text-ink-muted" data-testid="checkout-unverified-note">
              {UNVERIFIED_LINES_NOTE}
            </p>
          )}
        </CheckoutSummary>
      </div>
    </fieldset>
  );
}

function validationSummary(values: CheckoutFormValues): string {
  const result = v.safeParse(checkoutFormSchema, values);
  return result.success ? '' : joinIssueMessages(result.issues);
}

/**
 * Art. 17 ustawy o prawach konsumenta: the button that places an order states
 * the duty to pay, whatever the payment method (a transfer too).
 */
const PLACE_ORDER_LABEL = 'Zamawiam i płacę';

function submitLabel(phase: CheckoutPhase): string {
  if (phase === 'processing') return 'Przetwarzanie...';
  if (phase === 'redirecting') return 'Przekierowanie do płatności...';
  return PLACE_ORDER_LABEL;
}
