import { useEffect, useRef, useState } from 'react';
import { grosz } from '../../domain/money.ts';
import { BagIcon } from '../../lib/icons/first-load.tsx';
import { CartDrawerView } from './cart-drawer.tsx';
import { clearCart, removeLine, setQuantity } from './cart-store.ts';
import { reportCartWrite } from './report-cart-write.ts';
import { useCart } from './use-cart.ts';
import { useKeepWayToOrder } from './use-keep-way-to-order.ts';

/** The button's one accessible name: it carries the count, so what a screen reader says is what the badge shows. */
export function cartButtonName(count: number): string {
  return count > 0 ? `Koszyk, produktów: ${count}` : 'Koszyk';
}

/**
 * The count said politely when it changes (added, removed, cleared), not on
 * the first render: the region exists before its text does, as live regions must.
 */
function useCountAnnouncement(count: number | undefined): string {
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(count);
  useEffect(() => {
    // Unknown while the cart is read again: keep the last known count to compare with.
    if (count === undefined) return;
    const before = previous.current;
    previous.current = count;
    // The first known count (the cart read from the device) is no change.
    if (before !== undefined && before !== count) setAnnouncement(`Produktów w koszyku: ${count}`);
  }, [count]);
  return announcement;
}

/**
 * The header's cart button (44×44 px, the same as the shell's placeholder
 * while this module loads lazily) with the item count, opening the drawer.
 * `openOnMount`: the placeholder was pressed before this chunk arrived.
 */
export function CartButton({ openOnMount = false }: { openOnMount?: boolean }) {
  const cart = useCart();
  const [open, setOpen] = useState(openOnMount);
  const count = cart?.itemCount ?? 0;
  const announcement = useCountAnnouncement(cart?.itemCount);
  useKeepWayToOrder(count > 0);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="relative grid size-11 shrink-0 place-items-center rounded-full text-forest-900 hover:bg-forest-50"
      >
        <BagIcon />
        <span className="sr-only">{cartButtonName(count)}</span>
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="cart-count"
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-blush-700 px-1 text-xs leading-none font-bold text-white tabular-nums"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
      <CartDrawerView
        open={open}
        onClose={() => setOpen(false)}
        lines={cart?.lines}
        subtotal={cart?.summary.subtotal ?? grosz(0)}
        onSetQuantity={(key, quantity) => reportCartWrite(setQuantity(key, quantity))}
        onRemove={(key) => reportCartWrite(removeLine(key))}
        onClear={() => reportCartWrite(clearCart())}
      />
    </>
  );
}
