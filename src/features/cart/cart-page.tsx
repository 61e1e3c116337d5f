import { CartPageView } from './cart-page-view.tsx';
import { clearCart, removeLine, setCartShippingMethod, setQuantities } from './cart-store.ts';
import { useCart } from './use-cart.ts';

function report(promise: Promise<unknown>) {
  promise.catch((error: unknown) => console.error('Koszyk: zapis nie powiódł się', error));
}

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
      onSetQuantities={(changes) => report(setQuantities(changes))}
      onRemove={(productId) => report(removeLine(productId))}
      onClear={() => report(clearCart())}
      onMethodChange={(method) => report(setCartShippingMethod(method))}
    />
  );
}
