import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatPln } from '../../domain/money.ts';
import { countProducts } from '../../domain/plural.ts';
import { sectionTitleClass } from './checkout-fields.tsx';
import type { CheckoutCart } from './checkout-model.ts';

/**
 * The checkout's cart: one line of fixed height (how many products, for how
 * much) that opens the lines and their editor. The server draws that line
 * before the device's cart is read; when the cart arrives only its words
 * change, so the form below never moves. It opens by itself when a line
 * needs the customer: the shop refused it, or it is no longer on sale (not
 * while a line is still being checked: most turn out fine).
 */
export function CheckoutCartSection({
  cart,
  needsAttention,
  children,
}: {
  /** null while the device's cart is read. */
  cart: CheckoutCart | null;
  needsAttention: boolean;
  /** The lines' editor. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // Opened by a tap on the server's page, before its code ran: that 'toggle' reached no handler.
    if (details.current?.open) setOpen(true);
  }, []);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (needsAttention) setOpen(true);
  }, [needsAttention]);
  const items = cart ? cart.lines.reduce((sum, line) => sum + line.quantity, 0) : 0;

  return (
    <section aria-labelledby="checkout-cart-title">
      <h2 id="checkout-cart-title" className={sectionTitleClass}>
        Twój koszyk
      </h2>
      <details
        ref={details}
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className="group mt-4 rounded-2xl border border-forest-100 bg-white"
        data-testid="checkout-cart"
      >
        <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-2 hover:bg-forest-50 [&::-webkit-details-marker]:hidden">
          <span className="text-ink" role={cart ? undefined : 'status'}>
            {cart ? `${countProducts(items)}, ${formatPln(cart.subtotal)}` : 'Wczytywanie koszyka…'}
          </span>
          <span className="shrink-0 font-medium text-forest-800 underline underline-offset-2">
            <span className="group-open:hidden">Pokaż i zmień</span>
            <span className="hidden group-open:inline">Zwiń</span>
          </span>
        </summary>
        {/* Rendered once opened: the lines' editor is work the page need not do while it comes to life. */}
        {open && <div className="border-t border-forest-100 p-4">{children}</div>}
      </details>
    </section>
  );
}
