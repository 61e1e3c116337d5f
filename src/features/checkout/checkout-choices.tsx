import {
  CHECKOUT_DELIVERY_OPTIONS,
  DELIVERY_METHOD_LABELS,
  deliveryOptionPrice,
  deliveryOptionPriceText,
  type DeliveryMethod,
} from '../../domain/delivery.ts';
import type { Grosz } from '../../domain/money.ts';
import { CHECKOUT_PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type CheckoutPaymentMethod } from '../../domain/payment-methods.ts';
import { sectionTitleClass } from './checkout-fields.tsx';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** Shown at the right, e.g. the price. */
  aside?: string;
  disabled?: boolean;
}

/**
 * Every delivery method with its price; the ones this cart cannot use stay visible but disabled.
 * `subtotal` null: the cart is not read yet, and a price that depends on it is not guessed.
 */
export function deliveryChoices(
  offered: readonly DeliveryMethod[],
  subtotal: Grosz | null,
  freeThreshold: Grosz,
  ratePerKm: Grosz,
): Choice<DeliveryMethod>[] {
  return CHECKOUT_DELIVERY_OPTIONS.map((method) => ({
    value: method,
    label: DELIVERY_METHOD_LABELS[method],
    aside: subtotal === null ? undefined : deliveryPriceLabel(method, subtotal, freeThreshold, ratePerKm),
    disabled: !offered.includes(method),
  }));
}

export const PAYMENT_CHOICES: Choice<CheckoutPaymentMethod>[] = CHECKOUT_PAYMENT_METHODS.map((method) => ({
  value: method,
  label: PAYMENT_METHOD_LABELS[method],
}));

/** The cart page lists the same prices (deliveryOptionPriceText), so both quote one delivery price. */
function deliveryPriceLabel(method: DeliveryMethod, subtotal: Grosz, freeThreshold: Grosz, ratePerKm: Grosz): string {
  return deliveryOptionPriceText(deliveryOptionPrice(method, subtotal, freeThreshold, ratePerKm));
}

const choiceClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-forest-100 bg-white px-3 py-2 hover:bg-forest-50 has-checked:border-forest-700 has-checked:bg-forest-50 has-disabled:cursor-not-allowed has-disabled:opacity-60';

/** One of the checkout's radio groups (delivery, payment) as a fieldset of large touch targets. */
export function RadioChoices<T extends string>({
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
      <legend className={sectionTitleClass}>{legend}</legend>
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
