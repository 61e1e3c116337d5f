/** Where the cart's lines go while the device's cart is read: what the server renders and the browser hydrates. */
export function CartBeingRead() {
  return (
    <p role="status" className="text-ink-muted" data-testid="cart-being-read">
      Wczytywanie koszyka…
    </p>
  );
}
