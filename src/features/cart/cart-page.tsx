import { useFirstContent } from '../../boot/triggers.ts';
import type { CartShippingMethod } from '../../domain/cart.ts';
import { PageHeading } from '../../lib/page-heading.tsx';
import { CartPageView } from './cart-page-view.tsx';
import { LazyAddonSuggestions } from './lazy-addon-suggestions.tsx';
import { clearCart, removeLine, setCartShippingMethod, setQuantities } from './cart-store.ts';
import { reportCartWrite } from './report-cart-write.ts';
import { useCart } from './use-cart.ts';

/** /cart: the on-device cart, live across tabs. `onMethodChosen` hands the chosen delivery on to the checkout. */
export function CartPage({ onMethodChosen }: { onMethodChosen?: (method: CartShippingMethod) => void }) {
  const cart = useCart();
  useFirstContent(cart !== undefined);

  if (cart === undefined) {
    return (
      <section className="container-page py-8 sm:py-12" aria-busy="true">
        <PageHeading>Koszyk</PageHeading>
        <p className="mt-6 text-ink-muted" role="status">
          Wczytywanie koszyka…
        </p>
      </section>
    );
  }

  return (
    <CartPageView
      lines={cart.lines}
      method={cart.method}
      offered={cart.offered}
      liveFlowers={cart.liveFlowers}
      pricing={cart.pricing}
      summary={cart.summary}
      suggestions={<LazyAddonSuggestions productIds={cart.lines.map((line) => line.productId)} />}
      onSetQuantities={(changes) => reportCartWrite(setQuantities(changes))}
      onRemove={(key) => reportCartWrite(removeLine(key))}
      onClear={() => reportCartWrite(clearCart())}
      onMethodChange={(method) => {
        reportCartWrite(setCartShippingMethod(method));
        onMethodChosen?.(method);
      }}
    />
  );
}
