import { useState, type ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ProductRow } from '../../src/domain/product.ts';
import { AddToCartButton } from '../../src/features/cart/add-to-cart-button.tsx';
import { CartDrawerView } from '../../src/features/cart/cart-drawer.tsx';
import { buildCartView } from '../../src/features/cart/cart-lines.ts';
import type { CartRecord } from '../../src/lib/db.ts';

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s/g, ' ');

function product(id: string, name: string, price: number, stock = 10): ProductRow {
  return {
    id,
    name,
    description: '',
    price,
    category: 'candles',
    image_url: `/products/${id}.svg`,
    is_featured: false,
    stock,
    active: true,
    created_at: '2025-01-01T00:00:00Z',
  };
}

const CANDLE = product('c1', 'Znicz szklany', 24.99);
const MUG = product('m1', 'Kubek z różą', 39);

async function renderInRouter(ui: ReactNode) {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

function DrawerHarness({ initial, onClose = () => {} }: { initial: CartRecord[]; onClose?: () => void }) {
  const [records, setRecords] = useState(initial);
  const view = buildCartView(records, [CANDLE, MUG]);
  return (
    <CartDrawerView
      open
      onClose={onClose}
      lines={view.lines}
      subtotal={view.summary.subtotal}
      onSetQuantity={(id, quantity) => setRecords((rs) => rs.map((r) => (r.productId === id ? { ...r, quantity } : r)))}
      onRemove={(id) => setRecords((rs) => rs.filter((r) => r.productId !== id))}
      onClear={() => setRecords([])}
    />
  );
}

describe('cart drawer', () => {
  it('shows lines with their totals and disables minus at 1', async () => {
    const user = userEvent.setup();
    await renderInRouter(
      <DrawerHarness
        initial={[
          { key: 'c1', productId: 'c1', quantity: 1, addedAt: '2025-01-01T10:00:00Z' },
          { key: 'm1', productId: 'm1', quantity: 2, addedAt: '2025-01-01T10:01:00Z' },
        ]}
      />,
    );

    const dialog = await screen.findByRole('dialog', { name: 'Twój koszyk' });
    const minusCandle = within(dialog).getByRole('button', { name: 'Zmniejsz ilość: Znicz szklany' });
    expect((minusCandle as HTMLButtonElement).disabled).toBe(true);
    expect(text(within(dialog).getByTestId('drawer-total'))).toBe('102,99 zł');

    await user.click(within(dialog).getByRole('button', { name: 'Zwiększ ilość: Znicz szklany' }));
    expect((minusCandle as HTMLButtonElement).disabled).toBe(false);
    expect(text(within(dialog).getAllByTestId('drawer-line-total')[0] ?? null)).toBe('49,98 zł');

    await user.click(within(dialog).getByRole('button', { name: 'Zmniejsz ilość: Kubek z różą' }));
    expect((within(dialog).getByRole('button', { name: 'Zmniejsz ilość: Kubek z różą' }) as HTMLButtonElement).disabled).toBe(true);
    expect(text(within(dialog).getByTestId('drawer-total'))).toBe('88,98 zł');

    expect(within(dialog).getByRole('link', { name: 'Do kasy' }).getAttribute('href')).toBe('/checkout');
    expect(within(dialog).getByRole('link', { name: 'Znicz szklany' }).getAttribute('href')).toBe('/product/c1');
    const image = dialog.querySelector('img');
    expect(image?.getAttribute('width')).toBe('64');
    expect(image?.getAttribute('height')).toBe('64');
  });

  it('removes a line and clears to the empty state', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderInRouter(
      <DrawerHarness
        onClose={onClose}
        initial={[
          { key: 'c1', productId: 'c1', quantity: 1, addedAt: '2025-01-01T10:00:00Z' },
          { key: 'm1', productId: 'm1', quantity: 1, addedAt: '2025-01-01T10:01:00Z' },
        ]}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Twój koszyk' });
    await user.click(within(dialog).getByRole('button', { name: 'Usuń: Kubek z różą' }));
    expect(within(dialog).queryByText('Kubek z różą')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Wyczyść koszyk' }));
    expect(within(dialog).getByText('Twój koszyk jest pusty')).toBeTruthy();
    const cont = within(dialog).getByRole('link', { name: 'Kontynuuj zakupy' });
    expect(cont.getAttribute('href')).toBe('/shop');
    await user.click(cont);
    expect(onClose).toHaveBeenCalled();
  });
});

describe('AddToCartButton', () => {
  it('adds, then confirms with both choices; continuing closes the dialog', async () => {
    const user = userEvent.setup();
    const add = vi.fn(() => Promise.resolve());
    await renderInRouter(<AddToCartButton product={CANDLE} quantity={3} addToCart={add} />);

    await user.click(screen.getByRole('button', { name: 'Dodaj do koszyka: Znicz szklany' }));
    expect(add).toHaveBeenCalledWith('c1', 3, CANDLE, undefined);

    const dialog = await screen.findByRole('dialog', { name: 'Dodano do koszyka' });
    expect(text(dialog)).toContain('Znicz szklany × 3');
    expect(within(dialog).getByRole('link', { name: 'Przejdź do kasy' }).getAttribute('href')).toBe('/checkout');
    await user.click(within(dialog).getByRole('button', { name: 'Kontynuuj zakupy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('goes to the checkout from the confirmation', async () => {
    const user = userEvent.setup();
    const { router } = await renderInRouter(<AddToCartButton product={CANDLE} addToCart={() => Promise.resolve()} />);
    await user.click(screen.getByRole('button', { name: 'Dodaj do koszyka: Znicz szklany' }));
    await user.click(await screen.findByRole('link', { name: 'Przejdź do kasy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it('is disabled when the product is out of stock', async () => {
    const add = vi.fn(() => Promise.resolve());
    await renderInRouter(<AddToCartButton product={product('x', 'Kubek', 10, 0)} addToCart={add} />);
    const button = screen.getByRole('button', { name: 'Brak w magazynie' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the device cannot store the cart', async () => {
    const user = userEvent.setup();
    await renderInRouter(<AddToCartButton product={MUG} addToCart={() => Promise.reject(new Error('QuotaExceeded'))} />);
    await user.click(screen.getByRole('button', { name: 'Dodaj do koszyka: Kubek z różą' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Nie udało się dodać produktu do koszyka');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
