import { useState, type ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CartPricing, CartShippingMethod } from '../../src/domain/cart.ts';
import type { CategoryId } from '../../src/domain/categories.ts';
import { fromPln } from '../../src/domain/money.ts';
import type { ProductRow } from '../../src/domain/product.ts';
import { buildCartView } from '../../src/features/cart/cart-lines.ts';
import { QUANTITY_ERROR } from '../../src/features/cart/cart-lines-table.tsx';
import type { ProductChecks } from '../../src/features/cart/cart-product-check.ts';
import { CartPageView } from '../../src/features/cart/cart-page-view.tsx';
import type { CartRecord } from '../../src/lib/db.ts';

/** Intl's pl-PL output uses non-breaking spaces; compare with plain ones. */
const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s/g, ' ');

function product(id: string, name: string, price: number, category: CategoryId = 'live-flowers'): ProductRow {
  return {
    id,
    name,
    description: '',
    price,
    category,
    image_url: `/products/${id}.svg`,
    is_featured: false,
    stock: 10,
    active: true,
    created_at: '2025-01-01T00:00:00Z',
  };
}

const ROSES = product('a1b2c3d4-0000-4000-8000-000000000001', 'Bukiet czerwonych róż', 100);
const CANDLE = product('e5f6a7b8-0000-4000-8000-000000000002', 'Znicz szklany', 24.99, 'candles');
/** No live flowers: couriers may carry it. */
const BOUQUET = product('b0c1d2e3-0000-4000-8000-000000000003', 'Bukiet sztucznych róż', 100, 'artificial-flowers');
const OWNER_PRICING: CartPricing = { freeThreshold: fromPln(300), ratePerKm: fromPln(1.8) };

function record(productId: string, quantity: number, minute: number): CartRecord {
  return { key: productId, productId, quantity, addedAt: `2025-01-01T10:${String(minute).padStart(2, '0')}:00Z` };
}

/** A stand-in for the Dexie store: the view gets what useCart would build. */
function Harness({
  initial,
  products,
  checks,
  onPrint,
  method: chosen = 'gls-pickup',
  pricing = OWNER_PRICING,
}: {
  initial: CartRecord[];
  products: ProductRow[];
  checks?: ProductChecks;
  onPrint?: () => void;
  /** What the customer chose before (the device's stored choice). */
  method?: CartShippingMethod;
  pricing?: CartPricing;
}) {
  const [records, setRecords] = useState(initial);
  const [method, setMethod] = useState<CartShippingMethod>(chosen);
  const view = buildCartView(records, products, method, checks, pricing);
  return (
    <CartPageView
      lines={view.lines}
      method={view.method}
      offered={view.offered}
      liveFlowers={view.liveFlowers}
      pricing={view.pricing}
      summary={view.summary}
      onSetQuantities={(changes) =>
        setRecords((rs) =>
          rs.map((r) => {
            const change = changes.find((c) => c.key === r.key);
            return change ? { ...r, quantity: change.quantity } : r;
          }),
        )
      }
      onRemove={(id) => setRecords((rs) => rs.filter((r) => r.productId !== id))}
      onClear={() => setRecords([])}
      onMethodChange={setMethod}
      onPrint={onPrint}
    />
  );
}

async function renderInRouter(ui: ReactNode) {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  return render(<RouterProvider router={router} />);
}

function lineFor(name: string): HTMLElement {
  const row = screen.getAllByTestId('cart-line').find((tr) => tr.textContent?.includes(name));
  if (!row) throw new Error(`No cart line for ${name}`);
  return row;
}

describe('cart page', () => {
  it('shows line totals and the summary in Polish format', async () => {
    await renderInRouter(<Harness initial={[record(BOUQUET.id, 1, 0), record(CANDLE.id, 3, 1)]} products={[BOUQUET, CANDLE]} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Koszyk' })).toBeTruthy();
    const candle = lineFor('Znicz szklany');
    expect(text(candle)).not.toContain('E5F6A7B8');
    expect(text(within(candle).getByTestId('line-total'))).toBe('74,97 zł');
    expect(text(screen.getByTestId('summary-subtotal'))).toBe('174,97 zł');
    expect(text(screen.getByTestId('summary-shipping'))).toBe('9,99 zł');
    expect(text(screen.getByTestId('summary-total'))).toBe('184,96 zł');
    expect(text(screen.getByTestId('free-shipping-missing'))).toBe('Do darmowej wysyłki brakuje Ci: 125,03 zł');
  });

  it('recalculates the whole cart with every edited quantity', async () => {
    const user = userEvent.setup();
    await renderInRouter(<Harness initial={[record(BOUQUET.id, 1, 0), record(CANDLE.id, 1, 1)]} products={[BOUQUET, CANDLE]} />);

    const rosesQty = screen.getByLabelText('Ilość: Bukiet sztucznych róż');
    const candleQty = screen.getByLabelText('Ilość: Znicz szklany');
    await user.clear(rosesQty);
    await user.type(rosesQty, '2');
    await user.clear(candleQty);
    await user.type(candleQty, '4');
    // Nothing changes until the customer recalculates.
    expect(text(screen.getByTestId('summary-subtotal'))).toBe('124,99 zł');

    await user.click(screen.getByRole('button', { name: 'Przelicz koszyk' }));

    expect(text(within(lineFor('Bukiet')).getByTestId('line-total'))).toBe('200,00 zł');
    expect(text(within(lineFor('Znicz')).getByTestId('line-total'))).toBe('99,96 zł');
    expect(text(screen.getByTestId('summary-subtotal'))).toBe('299,96 zł');
    expect(text(screen.getByTestId('free-shipping-missing'))).toBe('Do darmowej wysyłki brakuje Ci: 0,04 zł');
  });

  it('rejects a non-integer quantity, shows why and keeps the old one', async () => {
    const user = userEvent.setup();
    await renderInRouter(<Harness initial={[record(CANDLE.id, 3, 0)]} products={[CANDLE]} />);

    for (const typed of ['1.5', '0', 'abc']) {
      const input = screen.getByLabelText<HTMLInputElement>('Ilość: Znicz szklany');
      await user.clear(input);
      await user.type(input, typed);
      await user.click(screen.getByRole('button', { name: 'Przelicz: Znicz szklany' }));

      expect(screen.getByRole('alert').textContent).toBe(QUANTITY_ERROR);
      expect(screen.getByLabelText<HTMLInputElement>('Ilość: Znicz szklany').value).toBe('3');
      expect(screen.getByLabelText('Ilość: Znicz szklany').getAttribute('aria-invalid')).toBe('true');
      expect(text(screen.getByTestId('line-total'))).toBe('74,97 zł');
    }

    // A valid value clears the error and applies.
    const input = screen.getByLabelText('Ilość: Znicz szklany');
    await user.clear(input);
    await user.type(input, '2{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(text(screen.getByTestId('line-total'))).toBe('49,98 zł');
  });

  it('makes courier shipping free at 300 zł but never cash on delivery', async () => {
    const user = userEvent.setup();
    await renderInRouter(<Harness initial={[record(BOUQUET.id, 3, 0)]} products={[BOUQUET]} />);

    const shipping = screen.getByRole('group', { name: 'Dostawa' });
    const gls = within(shipping).getByRole('radio', {
      name: (name) => name.startsWith('Kurier GLS') && !name.includes('pobraniem'),
    });
    expect(text(gls.closest('label'))).toContain('Gratis');
    await user.click(gls);
    expect(text(screen.getByTestId('summary-shipping'))).toBe('Gratis');
    expect(text(screen.getByTestId('summary-total'))).toBe('300,00 zł');
    expect(screen.queryByTestId('free-shipping-missing')).toBeNull();

    const cod = within(shipping).getByRole('radio', { name: /Kurier GLS – za pobraniem/ });
    expect(text(cod.closest('label'))).toContain('23,00 zł');
    await user.click(cod);
    expect(text(screen.getByTestId('summary-shipping'))).toBe('23,00 zł');
    expect(text(screen.getByTestId('summary-total'))).toBe('323,00 zł');
  });

  it('lists the checkout’s delivery options in its order, local delivery from its least price', async () => {
    await renderInRouter(<Harness initial={[record(BOUQUET.id, 1, 0)]} products={[BOUQUET]} />);
    const radios = within(screen.getByRole('group', { name: 'Dostawa' })).getAllByRole('radio');
    expect(radios.map((r) => text(r.closest('label')))).toEqual([
      'Odbiór osobisty w kwiaciarniGratis',
      'Dostawa do domuod 7,20 zł',
      'Dostawa na cmentarzod 7,20 zł',
      'GLS – odbiór w punkcie9,99 zł',
      'DPD – odbiór w punkcie9,99 zł',
      'InPost Paczkomat12,99 zł',
      'Kurier GLS14,99 zł',
      'Kurier GLS – za pobraniem23,00 zł',
      'Kurier DPD16,99 zł',
      'Kurier DPD – za pobraniem26,00 zł',
    ]);
    expect(radios.every((r) => !(r as HTMLInputElement).disabled)).toBe(true);
    expect((radios[3] as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Kraj' }).textContent).toBe('Polska');
  });

  it('starts on store pickup, as the checkout does', () => {
    expect(buildCartView([record(BOUQUET.id, 1, 0)], [BOUQUET]).method).toBe('store');
  });

  it('for live flowers offers what the checkout offers: pickup and our own delivery, couriers disabled, a courier chosen before falls back to pickup', async () => {
    await renderInRouter(
      <Harness initial={[record(ROSES.id, 1, 0), record(CANDLE.id, 1, 1)]} products={[ROSES, CANDLE]} method="gls-pickup" />,
    );
    const shipping = screen.getByRole('group', { name: 'Dostawa' });
    expect(text(shipping)).toContain('W koszyku są kwiaty żywe');
    const radios = within(shipping).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.filter((r) => !r.disabled).map((r) => r.value)).toEqual(['store', 'home', 'cemetery']);
    expect(radios.find((r) => r.checked)?.value).toBe('store');
    expect(text(screen.getByTestId('summary-shipping'))).toBe('Gratis');
    expect(text(screen.getByTestId('summary-total'))).toBe('124,99 zł');
    // Pickup is not subject to free shipping: nothing to count towards.
    expect(screen.queryByTestId('free-shipping-missing')).toBeNull();
  });

  it('quotes home delivery as “od …”, the exact cost after the address, at the owner’s rate, with no free-shipping count', async () => {
    const user = userEvent.setup();
    await renderInRouter(
      <Harness
        initial={[record(ROSES.id, 1, 0)]}
        products={[ROSES]}
        method="store"
        pricing={{ freeThreshold: fromPln(300), ratePerKm: fromPln(2.5) }}
      />,
    );
    await user.click(screen.getByRole('radio', { name: /Dostawa do domu/ }));
    expect(text(screen.getByTestId('summary-shipping'))).toBe('od 10,00 zł');
    expect(text(screen.getByTestId('summary-total'))).toBe('od 110,00 zł');
    expect(text(screen.getByTestId('local-delivery-note'))).toBe(
      'Dostawa do domu: od 10,00 zł, dokładny koszt po podaniu adresu (2,50 zł za km w obie strony).',
    );
    expect(screen.queryByTestId('free-shipping-missing')).toBeNull();
  });

  it('says nothing about free shipping for cash on delivery, or while the threshold is unknown', async () => {
    const user = userEvent.setup();
    const { unmount } = await renderInRouter(<Harness initial={[record(BOUQUET.id, 1, 0)]} products={[BOUQUET]} method="gls" />);
    expect(text(screen.getByTestId('free-shipping-missing'))).toBe('Do darmowej wysyłki brakuje Ci: 200,00 zł');
    await user.click(screen.getByRole('radio', { name: /Kurier GLS – za pobraniem/ }));
    expect(screen.queryByTestId('free-shipping-missing')).toBeNull();
    unmount();

    await renderInRouter(
      <Harness
        initial={[record(BOUQUET.id, 3, 0)]}
        products={[BOUQUET]}
        method="gls"
        pricing={{ freeThreshold: null, ratePerKm: fromPln(1.8) }}
      />,
    );
    expect(screen.queryByTestId('free-shipping-missing')).toBeNull();
    // Not shown free before the owner's threshold is known.
    expect(text(screen.getByTestId('summary-shipping'))).toBe('14,99 zł');
  });

  it('answers the coupon field honestly', async () => {
    const user = userEvent.setup();
    await renderInRouter(<Harness initial={[record(ROSES.id, 1, 0)]} products={[ROSES]} />);

    await user.click(screen.getByRole('button', { name: 'Aktywuj' }));
    expect(screen.getByRole('status').textContent).toBe('Wpisz kod rabatowy');
    await user.type(screen.getByLabelText('Kod rabatowy'), 'RABAT10');
    await user.click(screen.getByRole('button', { name: 'Aktywuj' }));
    expect(screen.getByRole('status').textContent).toBe('Kod rabatowy jest nieprawidłowy');
  });

  it('shows a product the server has no longer as unavailable and leaves it out of the totals', async () => {
    await renderInRouter(
      <Harness
        initial={[record(ROSES.id, 1, 0), record('ffffffff-gone', 2, 1)]}
        products={[ROSES]}
        checks={new Map([['ffffffff-gone', { status: 'gone' }]])}
      />,
    );
    expect(text(lineFor('Produkt niedostępny'))).not.toContain('FFFFFFFF');
    expect(text(screen.getByTestId('summary-subtotal'))).toBe('100,00 zł');
  });

  it('removes a line, clears the cart and then shows the empty state', async () => {
    const user = userEvent.setup();
    await renderInRouter(<Harness initial={[record(ROSES.id, 1, 0), record(CANDLE.id, 1, 1)]} products={[ROSES, CANDLE]} />);
    await user.click(screen.getByRole('button', { name: 'Usuń: Znicz szklany' }));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Wyczyść koszyk' }));
    expect(screen.getByText('Twój koszyk jest pusty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kontynuuj zakupy' }).getAttribute('href')).toBe('/shop');
  });

  it('prints and links to the shop and the checkout', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    await renderInRouter(<Harness initial={[record(ROSES.id, 1, 0)]} products={[ROSES]} onPrint={print} />);
    await user.click(screen.getByRole('button', { name: 'Drukuj / PDF' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Przejdź do kasy' }).getAttribute('href')).toBe('/checkout');
    expect(screen.getByRole('link', { name: 'Kontynuuj zakupy' }).getAttribute('href')).toBe('/shop');
    expect(screen.getByRole('link', { name: 'Bukiet czerwonych róż' }).getAttribute('href')).toBe(`/product/${ROSES.id}`);
  });

  it('shows no catalogue number: products have none, and a piece of the database id is not one', async () => {
    await renderInRouter(<Harness initial={[record(ROSES.id, 1, 0)]} products={[ROSES]} />);
    const line = screen.getByTestId('cart-line');
    expect(line.textContent).not.toMatch(/nr kat/i);
    expect(line.textContent).not.toContain(ROSES.id.slice(0, 8).toUpperCase());
    expect(screen.queryByRole('columnheader', { name: /nr kat/i })).toBeNull();
  });
});
