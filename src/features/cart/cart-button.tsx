import { useId, useState } from 'react';
import { grosz } from '../../domain/money.ts';
import { BagIcon } from '../../lib/icons.tsx';
import { CartDrawerView } from './cart-drawer.tsx';
import { clearCart, removeLine, setQuantity } from './cart-store.ts';
import { reportCartWrite } from './report-cart-write.ts';
import { useCart } from './use-cart.ts';

/**
 * The header's cart button (44×44 px, the same as the shell's placeholder
 * while this module loads lazily) with the item count, opening the drawer.
 */
export function CartButton() {
  const cart = useCart();
  const [open, setOpen] = useState(false);
  const count = cart?.itemCount ?? 0;
  const countId = useId();

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Koszyk"
        aria-describedby={count > 0 ? countId : undefined}
        aria-haspopup="dialog"
        className="relative grid size-11 shrink-0 place-items-center rounded-full text-forest-900 hover:bg-forest-50"
      >
        <BagIcon />
        {count > 0 && (
          <span id={countId} className="sr-only">
            Produktów w koszyku: {count}
          </span>
        )}
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
      <CartDrawerView
        open={open}
        onClose={() => setOpen(false)}
        lines={cart?.lines}
        subtotal={cart?.summary.subtotal ?? grosz(0)}
        onSetQuantity={(productId, quantity) => reportCartWrite(setQuantity(productId, quantity))}
        onRemove={(productId) => reportCartWrite(removeLine(productId))}
        onClear={() => reportCartWrite(clearCart())}
      />
    </>
  );
}
