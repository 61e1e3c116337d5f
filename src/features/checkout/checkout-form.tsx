import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useStore } from '@tanstack/react-form';
import * as v from 'valibot';
import {
  DELIVERY_COST_UNKNOWN_MESSAGE,
  checkoutFormSchema,
  type CheckoutFormValues,
} from '../../domain/checkout-schema.ts';
import { joinIssueMessages } from '../../domain/validation-issues.ts';
import {
  CHECKOUT_DELIVERY_OPTIONS,
  DEFAULT_DELIVERY_RATE_PER_KM,
  DEFAULT_FREE_SHIPPING_THRESHOLD,
  DELIVERY_METHOD_LABELS,
  fixedShippingCost,
  isLocalDelivery,
  needsAddress,
  type DeliveryMethod,
} from '../../domain/delivery.ts';
import { amountSettingOr, formatPln, toPln, type Grosz } from '../../domain/money.ts';
import { CHECKOUT_PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '../../domain/payment-methods.ts';
import { FormField, fieldA11y, firstError, inputClass } from '../../lib/form-field.tsx';
import { usePublicSettings } from '../../lib/public-settings.ts';
import type { SubmitOrder } from '../../domain/place-order-contract.ts';
import { saveDraftValues } from './checkout-draft.ts';
import { runCheckout } from './checkout-flow.ts';
import {
  checkoutTotals,
  containsLiveFlowers,
  hasUnverifiedLines,
  linesBeingChecked,
  offeredDeliveryMethods,
  type CheckoutCart,
} from './checkout-model.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import { DeliveryQuoteStatus } from './delivery-quote-status.tsx';
import { redirectToPayment } from './payment-start.ts';
import { TransferConfirmation } from './transfer-confirmation.tsx';
import { useDeliveryQuote } from './use-delivery-quote.ts';
import { schemaValidation } from '../../lib/schema-validation.ts';

export interface CheckoutFormProps {
  cart: CheckoutCart;
  /** The cart's editor, given what the shop said of its lines (by product id) after a refused order. */
  cartEditor: (lineNotes: Readonly<Record<string, string>>) => ReactNode;
  initialValues: CheckoutFormValues;
  getAccessToken: () => Promise<string | null>;
  onTransferPlaced: (orderNumber: string) => void;
  /** Places the order (or keeps it in the device's outbox when offline). */
  submitOrder: SubmitOrder;
  onQueued: (localNumber: string) => void;
}

type Phase = 'editing' | 'confirm-transfer' | 'processing' | 'redirecting';

export const CHECKING_LINES_MESSAGE = 'Sprawdzamy dostępność produktów w koszyku…';
export const UNVERIFIED_LINES_NOTE =
  'Dostępności i ceny części produktów nie udało się teraz sprawdzić, więc nie ma ich w podsumowaniu. Sklep potwierdzi zamówienie i jego kwotę po otrzymaniu.';

type TextFieldName = 'firstName' | 'lastName' | 'email' | 'phone' | 'street' | 'houseNumber' | 'apartment' | 'city' | 'postalCode';

interface TextFieldConfig {
  name: TextFieldName;
  label: ReactNode;
  autoComplete: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  placeholder?: string;
  maxLength: number;
  wide?: boolean;
}

const optional = (label: string) => (
  <>
    {label} <span className="font-normal text-ink-muted">(opcjonalnie)</span>
  </>
);

const CONTACT_FIELDS: TextFieldConfig[] = [
  { name: 'firstName', label: 'Imię', autoComplete: 'given-name', maxLength: 100 },
  { name: 'lastName', label: 'Nazwisko', autoComplete: 'family-name', maxLength: 100 },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email', inputMode: 'email', maxLength: 254 },
  { name: 'phone', label: 'Telefon', autoComplete: 'tel', type: 'tel', inputMode: 'tel', placeholder: '+48 123 456 789', maxLength: 30 },
];

const ADDRESS_FIELDS: TextFieldConfig[] = [
  { name: 'street', label: 'Ulica', autoComplete: 'address-line1', maxLength: 200, wide: true },
  { name: 'houseNumber', label: 'Numer domu', autoComplete: 'off', maxLength: 20 },
  { name: 'apartment', label: optional('Numer mieszkania'), autoComplete: 'off', maxLength: 20 },
  { name: 'postalCode', label: 'Kod pocztowy', autoComplete: 'postal-code', inputMode: 'numeric', placeholder: '37-700', maxLength: 6 },
  { name: 'city', label: 'Miasto / miejscowość', autoComplete: 'address-level2', maxLength: 100 },
];

const sectionTitle = 'text-xl font-semibold text-forest-900';
const choiceClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-forest-100 bg-white px-3 py-2 hover:bg-forest-50 has-checked:border-forest-700 has-checked:bg-forest-50 has-disabled:cursor-not-allowed has-disabled:opacity-60';

/** Spec §2 checkout: the form, the delivery quote, the summary and the order flow. */
export function CheckoutForm({ cart, cartEditor, initialValues, getAccessToken, onTransferPlaced, submitOrder, onQueued }: CheckoutFormProps) {
  const settings = usePublicSettings();
  // The same reading of the owner's amounts as place-order's, so the summary shows what will be charged.
  const freeThreshold = amountSettingOr(settings.free_shipping_threshold, DEFAULT_FREE_SHIPPING_THRESHOLD);
  const ratePerKm = amountSettingOr(settings.delivery_rate_per_km, DEFAULT_DELIVERY_RATE_PER_KM);
  const formRef = useRef<HTMLFormElement>(null);
  const [phase, setPhase] = useState<Phase>('editing');
  const [error, setError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [showSummaryErrors, setShowSummaryErrors] = useState(false);

  const form = useForm({
    defaultValues: initialValues,
    ...schemaValidation(checkoutFormSchema),
    listeners: {
      onChange: ({ formApi }) => void saveDraftValues(formApi.state.values),
      onChangeDebounceMs: 300,
    },
    onSubmit: async ({ value }) => {
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
      await placeAndPay(value);
    },
    onSubmitInvalid: () => {
      setShowSummaryErrors(true);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    },
  });

  const values = useStore(form.store, (state) => state.values);
  const quote = useDeliveryQuote(values.deliveryMethod, values);
  const totals = checkoutTotals(cart, values.deliveryMethod, quote, freeThreshold);
  const offered = offeredDeliveryMethods(cart.lines);
  const liveFlowers = containsLiveFlowers(cart.lines);
  const checkingLines = linesBeingChecked(cart.lines);

  // A cart that gained live flowers cannot keep a courier: fall back to pickup.
  useEffect(() => {
    if (!offered.includes(values.deliveryMethod)) form.setFieldValue('deliveryMethod', 'store');
  }, [offered, values.deliveryMethod, form]);

  async function placeAndPay(value: CheckoutFormValues) {
    setPhase('processing');
    setError(null);
    const accessToken = await getAccessToken().catch(() => null);
    const result = await runCheckout(value, cart.lines, accessToken, submitOrder, toPln(totals.total));
    if (result.kind === 'error') {
      setError(result.message);
      setServerFields(result.fields ?? {});
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

  const busy = phase === 'processing' || phase === 'redirecting';
  const costUnknown = isLocalDelivery(values.deliveryMethod) && quote.status !== 'ready';
  const summaryErrors = showSummaryErrors ? validationSummary(values) : '';

  if (phase === 'confirm-transfer' || (busy && values.paymentMethod === 'transfer')) {
    return (
      <TransferConfirmation
        values={values}
        cart={cart}
        totals={totals}
        busy={busy}
        error={error}
        onBack={() => {
          setError(null);
          setPhase('editing');
        }}
        onConfirm={() => void placeAndPay(values)}
      />
    );
  }

  const renderTextField = (config: TextFieldConfig) => (
    <form.Field key={config.name} name={config.name}>
      {(field) => {
        const id = `checkout-${config.name}`;
        const message = firstError(field.state.meta.errors) ?? serverFields[`checkout.${config.name}`];
        return (
          <div className={config.wide ? 'sm:col-span-2' : undefined}>
            <FormField id={id} label={config.label} error={message}>
              <input
                {...fieldA11y(id, message)}
                name={config.name}
                type={config.type ?? 'text'}
                inputMode={config.inputMode}
                autoComplete={config.autoComplete}
                placeholder={config.placeholder}
                maxLength={config.maxLength}
                className={inputClass}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
              />
            </FormField>
          </div>
        );
      }}
    </form.Field>
  );

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="space-y-10">
        <section aria-labelledby="checkout-cart-title">
          <h2 id="checkout-cart-title" className={sectionTitle}>
            Twój koszyk
          </h2>
          <div className="mt-4">{cartEditor(serverFields)}</div>
        </section>

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
          <fieldset>
            <legend className={sectionTitle}>Dane kontaktowe</legend>
            <div className="mt-4 grid gap-5 sm:grid-cols-2">{CONTACT_FIELDS.map(renderTextField)}</div>
          </fieldset>

          <form.Field name="deliveryMethod">
            {(field) => (
              <RadioChoices
                legend="Sposób dostawy"
                name="deliveryMethod"
                note={
                  liveFlowers &&
                  'W koszyku są kwiaty żywe: dowozimy je sami na terenie powiatu przemyskiego i gminy Bircza albo czekają na Ciebie w kwiaciarni.'
                }
                options={CHECKOUT_DELIVERY_OPTIONS.map((method) => ({
                  value: method,
                  label: DELIVERY_METHOD_LABELS[method],
                  aside: deliveryPriceLabel(method, cart.subtotal, freeThreshold, ratePerKm),
                  disabled: !offered.includes(method),
                }))}
                value={field.state.value}
                onChange={field.handleChange}
              />
            )}
          </form.Field>

          {needsAddress(values.deliveryMethod) && (
            <fieldset>
              <legend className={sectionTitle}>
                {values.deliveryMethod === 'cemetery' ? 'Adres cmentarza' : 'Adres dostawy'}
              </legend>
              <div className="mt-4 grid gap-5 sm:grid-cols-2">
                {ADDRESS_FIELDS.map(renderTextField)}
                <div>
                  <label htmlFor="checkout-country" className="mb-1.5 block font-medium text-forest-900">
                    Kraj
                  </label>
                  <select id="checkout-country" name="country" className={`${inputClass} min-h-[3.125rem]`} value="PL" onChange={() => undefined}>
                    <option value="PL">Polska</option>
                  </select>
                </div>
              </div>
              <DeliveryQuoteStatus state={quote} ratePerKm={ratePerKm} />
            </fieldset>
          )}

          <form.Field name="paymentMethod">
            {(field) => (
              <RadioChoices
                legend="Płatność"
                name="paymentMethod"
                options={CHECKOUT_PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
                value={field.state.value}
                onChange={field.handleChange}
              />
            )}
          </form.Field>
        </form>
      </div>

      <CheckoutSummary totals={totals} method={values.deliveryMethod} quoting={quote.status === 'loading'} checkingProducts={checkingLines}>
        {(summaryErrors || error) && (
          <p role="alert" className="mt-4 rounded-xl bg-blush-50 px-4 py-3 text-sm font-medium text-blush-700" data-testid="checkout-error">
            {summaryErrors || error}
          </p>
        )}
        <button
          type="submit"
          form="checkout-form"
          className="btn-primary mt-6 w-full"
          disabled={busy || costUnknown || checkingLines}
          aria-describedby={checkingLines ? 'checkout-lines-checking' : costUnknown ? 'checkout-cost-unknown' : undefined}
        >
          {submitLabel(phase, values.paymentMethod)}
        </button>
        {checkingLines && (
          <p id="checkout-lines-checking" role="status" className="mt-2 text-center text-sm text-ink-muted">
            {CHECKING_LINES_MESSAGE}
          </p>
        )}
        {hasUnverifiedLines(cart.lines) && (
          <p className="mt-2 text-center text-sm text-ink-muted" data-testid="checkout-unverified-note">
            {UNVERIFIED_LINES_NOTE}
          </p>
        )}
        {costUnknown && (
          <p id="checkout-cost-unknown" className="mt-2 text-center text-sm text-ink-muted">
            Podaj adres, abyśmy mogli obliczyć koszt dostawy.
          </p>
        )}
      </CheckoutSummary>
    </div>
  );
}

interface Choice<T extends string> {
  value: T;
  label: string;
  /** Shown at the right, e.g. the price. */
  aside?: string;
  disabled?: boolean;
}

/** One of the checkout's radio groups (delivery, payment) as a fieldset of large touch targets. */
function RadioChoices<T extends string>({
  legend,
  name,
  note,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  note?: string | false;
  options: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className={sectionTitle}>{legend}</legend>
      {note && <p className="mt-2 text-sm text-ink-muted">{note}</p>}
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className={choiceClass}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              className="size-5 shrink-0 accent-forest-800"
            />
            <span className="flex-1 text-ink">{option.label}</span>
            {option.aside && <span className="text-sm whitespace-nowrap text-ink-muted tabular-nums">{option.aside}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function validationSummary(values: CheckoutFormValues): string {
  const result = v.safeParse(checkoutFormSchema, values);
  return result.success ? '' : joinIssueMessages(result.issues);
}

function submitLabel(phase: Phase, paymentMethod: CheckoutFormValues['paymentMethod']): string {
  if (phase === 'processing') return 'Przetwarzanie...';
  if (phase === 'redirecting') return 'Przekierowanie do płatności...';
  return paymentMethod === 'transfer' ? 'Zamawiam' : 'Zamawiam i płacę';
}

function deliveryPriceLabel(method: DeliveryMethod, subtotal: Grosz, freeThreshold: Grosz, ratePerKm: Grosz): string {
  if (isLocalDelivery(method)) return `${formatPln(ratePerKm)}/km`;
  const price = fixedShippingCost(method, subtotal, freeThreshold);
  return price === 0 ? 'Gratis' : formatPln(price);
}
