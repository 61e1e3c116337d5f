import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogProducts, orderPageAnswer } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { grosz } from '../../src/domain/money.ts';
import { orderChoiceRows } from '../../src/domain/order-choices.ts';
import type { PlacedOrderSummary } from '../../src/domain/place-order-contract.ts';
import type { ProductRow } from '../../src/domain/product.ts';
import { AddedToCartDialog } from '../../src/features/cart/added-to-cart-dialog.tsx';
import { buildCartView } from '../../src/features/cart/cart-lines.ts';
import { CartPageView } from '../../src/features/cart/cart-page-view.tsx';
import { SuccessPage } from '../../src/features/checkout/success-page.tsx';
import { englishLeftovers } from '../support/english-leftovers.ts';
import { renderInRouter, renderRoute, serveCatalog, withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();
afterEach(cleanup);

/**
 * The screen as the customer reads it, and as a screen reader names its
 * controls: each text node on its own (textContent would glue a label to the
 * next field's, hiding a word's end).
 */
function screenText(): string {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts: string[] = [document.title];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const name of ['aria-label', 'placeholder', 'title']) texts.push(element.getAttribute(name) ?? '');
  }
  return texts.join(' ');
}

const PRODUCT = catalogProducts[0]!;

/** Each page with its main heading and, where the page's form comes a moment later, one of its fields. */
const PAGES: Array<[path: string, heading: string | RegExp, field?: RegExp]> = [
  ['/', /./],
  ['/shop', 'Sklep'],
  [`/product/${PRODUCT.id}`, PRODUCT.name],
  ['/cart', 'Koszyk'],
  ['/checkout', /./],
  ['/checkout/cancel', 'Płatność anulowana'],
  ['/login', 'Zaloguj się', /mail/i],
  ['/register', 'Zarejestruj się', /mail/i],
  ['/account', /./],
  ['/contact', 'Kontakt', /mail/i],
  ['/terms', 'Regulamin'],
  ['/privacy', 'Polityka prywatności'],
  ['/about', 'O nas'],
  ['/odstapienie', 'Odstąp od umowy'],
  ['/zamowienie/KT2611240001?t=abc_token', 'Zamówienie KT2611240001'],
];

describe('the main screens are written in Polish', () => {
  it.each(PAGES)('%s has no English leftover', async (path, heading, field) => {
    serveCatalog();
    server.use(http.post('*/functions/v1/order-page', () => HttpResponse.json(orderPageAnswer)));
    await renderRoute(path);
    await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 });
    if (field) await screen.findByRole('textbox', { name: field }, { timeout: 5000 });
    expect(englishLeftovers(screenText())).toEqual([]);
  });

  it('the cart with lines, and the dialog after adding a product', async () => {
    const products: ProductRow[] = catalogProducts.slice(0, 3);
    const view = buildCartView(
      products.map((product, index) => ({
        key: product.id,
        productId: product.id,
        quantity: index + 1,
        addedAt: `2026-11-24T10:0${index}:00Z`,
      })),
      products,
    );
    const noop = () => undefined;
    await renderInRouter(
      <>
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
        />
        <AddedToCartDialog product={PRODUCT} quantity={2} onClose={noop} />
      </>,
    );
    await screen.findByRole('dialog', { name: 'Dodano do koszyka' });
    expect(englishLeftovers(screenText())).toEqual([]);
  });

  /** Every row the summary can show: a funeral by a cemetery with every service and an anonymous card. */
  const SUMMARY: PlacedOrderSummary = {
    items: [{ name: 'Wieniec z chryzantem', quantity: 1, lineTotal: grosz(25_000) }],
    services: [{ label: 'Zapalenie znicza', price: grosz(3000) }],
    shipping: grosz(0),
    deliveryMethod: 'cemetery',
    deliveryAddress: 'Zamkowa 5, 37-741 Krasiczyn',
    deliveryDate: '2026-11-30',
    deliveryWindowLabel: '9:00–12:00',
    pickupTime: null,
    choices: orderChoiceRows({
      deliveryNotes: 'Brama od strony parku',
      cemetery: { name: 'Cmentarz parafialny', locality: 'Krasiczyn', section: 'B', row: '4', number: '12', description: 'przy kaplicy' },
      services: [
        { label: 'Zapalenie znicza', price: grosz(3000) },
        { label: 'Zdjęcie po dostawie', price: grosz(0) },
      ],
      occasion: 'funeral',
      venue: { type: 'church', name: 'Kościół św. Jana', address: 'Kościelna 1, Krasiczyn', eventTime: '11:30' },
      ribbonText: 'Ostatnie pożegnanie',
      cardMessage: 'Pamiętamy.',
      cardSignature: 'Przyjaciele',
      cardAnonymous: true,
      substitution: 'call-first',
    }),
  };

  it.each(['payu', 'blik', 'stripe', 'transfer'] as const)('the confirmation after a %s order', async (payment) => {
    await renderInRouter(
      <SuccessPage
        search={{ payment, orderId: 'KT111222333' }}
        onEnter={async () => {}}
        findOrder={async () => ({ total: grosz(4980), invoice: null, summary: SUMMARY })}
      />,
    );
    await screen.findByRole('heading', { level: 1, name: 'Dziękujemy za zamówienie!' });
    await screen.findByText('Ostatnie pożegnanie');
    expect(englishLeftovers(screenText())).toEqual([]);
  });
});
