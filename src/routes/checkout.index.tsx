import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { currentAccessToken } from '../features/auth/auth-client.ts';
import { useAuth } from '../features/auth/use-auth.ts';
import { CartBeingRead } from '../features/cart/cart-being-read.tsx';
import { CartLinesTable } from '../features/cart/cart-lines-table.tsx';
import { LazyAddonSuggestions } from '../features/cart/lazy-addon-suggestions.tsx';
import { isCartShippingMethod } from '../domain/cart.ts';
import { clearCart, removeLine, setCartShippingMethod, setQuantities } from '../features/cart/cart-store.ts';
import { reportCartWrite } from '../features/cart/report-cart-write.ts';
import { useCart } from '../features/cart/use-cart.ts';
import { CheckoutPage } from '../features/checkout/checkout-page.tsx';
import { useQueuedOrder } from '../features/orders-sync/device-orders.ts';
import { submitOrder } from '../features/orders-sync/submit-order.ts';
import { CHECKOUT_DELIVERY } from './-checkout-delivery.ts';

export const Route = createFileRoute('/checkout/')({
  component: CheckoutRoute,
});

/** Composes the cart (its lines and editor) and the delivery calendar with the checkout. */
function CheckoutRoute() {
  const cart = useCart();
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  return (
    <CheckoutPage
      cart={cart && { lines: cart.lines, subtotal: cart.summary.subtotal }}
      cartEditor={(lineNotes) =>
        cart ? (
          <CartLinesTable
            lines={cart.lines}
            steppers
            lineNotes={lineNotes}
            onSetQuantities={(changes) => reportCartWrite(setQuantities(changes))}
            onRemove={(key) => reportCartWrite(removeLine(key))}
          />
        ) : (
          <CartBeingRead />
        )
      }
      cartSuggestions={cart && <LazyAddonSuggestions productIds={cart.lines.map((line) => line.productId)} />}
      userEmail={isLoading && !user ? undefined : (user?.email ?? null)}
      getAccessToken={currentAccessToken}
      onTransferPlaced={(orderNumber) => void navigate({ to: '/checkout/success', search: { payment: 'transfer', orderId: orderNumber } })}
      submitOrder={submitOrder}
      onQueued={() => reportCartWrite(clearCart())}
      useQueuedOrder={useQueuedOrder}
      delivery={CHECKOUT_DELIVERY}
      onDeliveryMethodChange={(method) => {
        if (isCartShippingMethod(method)) reportCartWrite(setCartShippingMethod(method));
      }}
    />
  );
}
