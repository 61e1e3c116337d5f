import type { ReactNode } from 'react';
import { DELIVERY_METHOD_LABELS, type DeliveryMethod } from '../../domain/delivery.ts';
import { formatPln, type Grosz } from '../../domain/money.ts';
import type { CheckoutTotals } from './checkout-model.ts';

function shippingText(shipping: Grosz | null, quoting: boolean): string {
  if (shipping === null) return quoting ? 'Obliczanie...' : 'do wyceny';
  return shipping === 0 ? 'Gratis' : formatPln(shipping);
}

/** The order summary column: products, delivery, total, and whatever actions the step needs. */
export function CheckoutSummary({
  totals,
  method,
  quoting,
  checkingProducts = false,
  children,
}: {
  totals: CheckoutTotals;
  method: DeliveryMethod;
  quoting: boolean;
  /** Cart lines are still being checked with the server: their prices are not in the sums yet. */
  checkingProducts?: boolean;
  children?: ReactNode;
}) {
  return (
    <aside
      aria-labelledby="checkout-summary-title"
      className="rounded-2xl border border-forest-100 bg-white p-5 sm:p-6 lg:sticky lg:top-24"
    >
      <h2 id="checkout-summary-title" className="text-xl font-semibold text-forest-900">
        Podsumowanie zamówienia
      </h2>
      <dl className="mt-4 space-y-2">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">Produkty</dt>
          <dd className="tabular-nums" data-testid="checkout-subtotal">
            {checkingProducts ? 'Obliczanie...' : formatPln(totals.subtotal)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">
            Dostawa <span className="text-sm">({DELIVERY_METHOD_LABELS[method]})</span>
          </dt>
          <dd className="tabular-nums whitespace-nowrap" data-testid="checkout-shipping">
            {shippingText(totals.shipping, quoting)}
          </dd>
        </div>
        {totals.services.map((service) => (
          <div key={service.id} className="flex justify-between gap-4" data-testid="checkout-service">
            <dt className="text-ink-muted">{service.label}</dt>
            <dd className="tabular-nums whitespace-nowrap">{service.price === 0 ? 'Gratis' : formatPln(service.price)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-forest-100 pt-2 text-lg font-bold text-forest-900">
          <dt>Razem</dt>
          <dd className="tabular-nums" data-testid="checkout-total">
            {checkingProducts ? 'Obliczanie...' : formatPln(totals.total)}
          </dd>
        </div>
      </dl>
      {children}
    </aside>
  );
}
