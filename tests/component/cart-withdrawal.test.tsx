import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../../src/domain/product.ts';
import { CartDrawerView } from '../../src/features/cart/cart-drawer.tsx';
import { buildCartView } from '../../src/features/cart/cart-lines.ts';
import { CartPageView } from '../../src/features/cart/cart-page-view.tsx';
import type { CartRecord } from '../../src/lib/db.ts';
import { renderInRouter } from './render-route.tsx';

/** Issue 19: the cart page, the checkout's table and the drawer mark lines without the right of withdrawal. */

function product(id: string, name: string, category: ProductRow['category'], extra: Partial<ProductRow> = {}): ProductRow {
  return {
    id,
    name,
    description: '',
    price: 50,
    category,
    image_url: '',
    is_featured: false,
    stock: 10,
    active: true,
    created_at: '2026-11-01T00:00:00Z',
    ...extra,
  };
}

const ROSES = product('a1b2c3d4-0000-4000-8000-000000000001', 'Bukiet czerwonych róż', 'live-flowers');
const CANDLE = product('e5f6a7b8-0000-4000-8000-000000000002', 'Znicz szklany', 'candles');
const BASKET = product('c9d0e1f2-0000-4000-8000-000000000003', 'Kosz upominkowy', 'seasonal-gifts', { withdrawal_rule: 'personalised' });
const records: CartRecord[] = [ROSES, CANDLE, BASKET].map((p, i) => ({
  key: p.id,
  productId: p.id,
  quantity: 1,
  addedAt: `2026-11-24T10:0${i}:00Z`,
}));
const view = buildCartView(records, [ROSES, CANDLE, BASKET]);
const noop = () => undefined;

const PERISHABLE = 'Nie podlega zwrotowi – produkt szybko traci świeżość (art. 38 ust. 1 pkt 4 ustawy o prawach konsumenta)';
const PERSONALISED =
  'Nie podlega zwrotowi – produkt wykonany według Twojej specyfikacji (art. 38 ust. 1 pkt 3 ustawy o prawach konsumenta)';

describe('cart: lines without the right of withdrawal', () => {
  it('the cart page marks live flowers and a product set so, with the reason, and leaves a candle unmarked', async () => {
    await renderInRouter(
      <CartPageView
        lines={view.lines}
        method={view.method}
        offered={view.offered}
        liveFlowers={view.liveFlowers}
        pricing={view.pricing}
        summary={view.summary}
        onSetQuantities={noop}
        onRemove={noop}
        onClear={noop}
        onMethodChange={noop}
      />,
    );
    const line = (name: string) => screen.getAllByTestId('cart-line').find((row) => row.textContent?.includes(name))!;
    expect(within(line('Bukiet czerwonych róż')).getByTestId('no-withdrawal').textContent).toBe(PERISHABLE);
    // A legal note, stated calmly: the neutral muted ink, not the warning colour.
    expect(within(line('Bukiet czerwonych róż')).getByTestId('no-withdrawal').className).toContain('text-ink-muted');
    expect(within(line('Bukiet czerwonych róż')).getByTestId('no-withdrawal').className).not.toContain('blush');
    expect(within(line('Kosz upominkowy')).getByTestId('no-withdrawal').textContent).toBe(PERSONALISED);
    expect(within(line('Znicz szklany')).queryByTestId('no-withdrawal')).toBeNull();
    // The mark is text inside the product's cell, so a screen reader reads it with the line.
    expect(within(line('Bukiet czerwonych róż')).getByRole('cell', { name: /Bukiet czerwonych róż\s*Nie podlega zwrotowi/ })).toBeTruthy();
  });

  it('the drawer marks the same lines', async () => {
    await renderInRouter(
      <CartDrawerView
        open
        onClose={noop}
        lines={view.lines}
        subtotal={view.summary.subtotal}
        onSetQuantity={noop}
        onRemove={noop}
        onClear={noop}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Produkty w koszyku' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).queryByTestId('no-withdrawal')?.textContent ?? null)).toEqual([PERISHABLE, null, PERSONALISED]);
  });

  it('an unavailable line is not marked (it cannot be ordered at all)', async () => {
    const gone = buildCartView(records.slice(0, 1), [{ ...ROSES, active: false }]);
    await renderInRouter(
      <CartDrawerView
        open
        onClose={noop}
        lines={gone.lines}
        subtotal={gone.summary.subtotal}
        onSetQuantity={noop}
        onRemove={noop}
        onClear={noop}
      />,
    );
    await screen.findByText('Ten produkt nie jest już dostępny. Usuń go z koszyka.');
    expect(screen.queryByTestId('no-withdrawal')).toBeNull();
  });
});
