import type { CartViewLine } from './cart-lines.ts';

export const CHECKING_AVAILABILITY_TEXT = 'Sprawdzanie dostępności…';
export const UNVERIFIED_AVAILABILITY_TEXT =
  'Nie można teraz sprawdzić dostępności ani ceny (brak połączenia). Zamówienie możesz złożyć – sklep potwierdzi je po otrzymaniu.';
export const UNAVAILABLE_LINE_TEXT = 'Ten produkt nie jest już dostępny. Usuń go z koszyka.';

/** The note under a line's name when its product is not plainly on sale (cart page, checkout and drawer alike). */
export function CartLineStatus({ line }: { line: CartViewLine }) {
  if (line.availability === 'checking') {
    return (
      <span role="status" className="flex items-center gap-2 text-sm text-ink-muted" data-testid="line-checking">
        <span aria-hidden="true" className="size-3.5 shrink-0 animate-spin rounded-full border-2 border-forest-100 border-t-forest-700" />
        {CHECKING_AVAILABILITY_TEXT}
      </span>
    );
  }
  if (line.availability === 'unverified') return <span className="block text-sm text-ink-muted">{UNVERIFIED_AVAILABILITY_TEXT}</span>;
  if (line.availability === 'unavailable') return <span className="block text-sm text-blush-700">{UNAVAILABLE_LINE_TEXT}</span>;
  return null;
}

/** A line's price or total: the amount when known, an ellipsis while it is checked, a dash otherwise. */
export function lineAmountText(line: CartViewLine, amount: string): string {
  if (line.availability === 'available') return amount;
  return line.availability === 'checking' ? '…' : '—';
}
