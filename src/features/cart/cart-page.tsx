import { CartPageView } from './cart-page-view.tsx';
import { clearCart, removeLine, setCartShippingMethod, setQuantities } from './cart-store.ts';
import { reportCartWrite } from './report-cart-write.ts';
import { useCart } from './use-cart.ts';

/** /cart: the on-device cart, live across tabs. */
export function CartPage() {
  const cart = useCart();

  if (cart === undefined) {
    return (
      <section className="container-page py-8 sm:py-12" aria-busy="true">
        <h1 className="text-3xl font-bold tracking-tight text-forest-900 sm:text-4xl">Koszyk</h1>
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
      summary={cart.summary}
      onSetQuantities={(changes) => reportCartWrite(setQuantities(changes))}
      onRemove={(productId) => reportCartWrite(removeLine(productId))}
      onClear={() => reportCartWrite(clearCart())}
      onMethodChange={(method) => reportCartWrite(setCartShippingMethod(method))}
    />
  );
}
