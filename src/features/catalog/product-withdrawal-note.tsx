import { Link } from '@tanstack/react-router';
import { takesRibbon } from '../../domain/florist-order.ts';
import type { ProductRow } from '../../domain/product.ts';
import {
  NO_WITHDRAWAL_LABEL,
  WITHDRAWAL_EXEMPTION_REASONS,
  WITHDRAWAL_PERIOD_DAYS,
  productWithdrawalExemption,
} from '../../domain/withdrawal-right.ts';

const termsLink = (
  <Link to="/terms" hash="prawo-odstapienia" className="font-medium text-forest-800 underline">
    Zasady w regulaminie
  </Link>
);

/**
 * Whether the customer may return this product within 14 days
 * (art. 38 ustawy o prawach konsumenta), on the product page: the mark and
 * the reason for a product without the right; for a wreath or wiązanka, that
 * a ribbon with the customer's text takes the right away; otherwise the
 * 14 days.
 */
export function ProductWithdrawalNote({ product }: { product: ProductRow }) {
  const exemption = productWithdrawalExemption(product);
  if (exemption) {
    return (
      <div className="mt-5 rounded-2xl border border-cream-200 bg-cream px-4 py-3 text-sm text-ink" data-testid="withdrawal-note">
        <p className="font-semibold text-ink">{NO_WITHDRAWAL_LABEL}</p>
        <p className="mt-1">
          {WITHDRAWAL_EXEMPTION_REASONS[exemption]} {termsLink}
        </p>
      </div>
    );
  }
  return (
    <p className="mt-5 text-sm text-ink-muted" data-testid="withdrawal-note">
      Możesz odstąpić od umowy w ciągu {WITHDRAWAL_PERIOD_DAYS} dni od otrzymania towaru.
      {takesRibbon(product.name)
        ? ` Nie dotyczy to zamówienia z szarfą z Twoim napisem – taki produkt wykonujemy według Twojej specyfikacji (art. 38 ust. 1 pkt 3 ustawy o prawach konsumenta).`
        : null}{' '}
      {termsLink}
    </p>
  );
}
