import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { grosz } from '../../src/domain/money.ts';
import type { PlacedOrderSummary } from '../../src/domain/place-order-contract.ts';
import { SuccessPage } from '../../src/features/checkout/success-page.tsx';
import { renderInRouter, withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

const summary: PlacedOrderSummary = {
  items: [],
  services: [],
  shipping: null,
  deliveryMethod: 'store',
  deliveryAddress: null,
  deliveryDate: null,
  deliveryWindowLabel: null,
  pickupTime: null,
  choices: [],
};
const invoice = { nip: '7740001454', company: 'Kwiaty Nowak sp. z o.o.', address: 'ul. Długa 1, 37-740 Bircza' };

describe('the checkout confirmation shows the invoice (issue 19)', () => {
  it('after a transfer order: the amount and the company the invoice goes to', async () => {
    await renderInRouter(
      <SuccessPage
        search={{ payment: 'transfer', orderId: 'KT111222333' }}
        onEnter={async () => {}}
        findOrder={async () => ({ total: grosz(4980), invoice, summary })}
      />,
    );
    expect(await screen.findByRole('region', { name: 'Faktura' })).toBeTruthy();
    expect(screen.getByText('774-000-14-54')).toBeTruthy();
    expect(screen.getByText('Kwiaty Nowak sp. z o.o.')).toBeTruthy();
    expect(screen.getByText(/Kwota do zapłaty/).textContent).toMatch(/49,80\szł/);
  });

  it('after an online payment too, and not at all without an invoice', async () => {
    await renderInRouter(
      <SuccessPage
        search={{ payment: 'blik', orderId: 'KT111222334' }}
        onEnter={async () => {}}
        findOrder={async () => ({ total: null, invoice, summary })}
      />,
    );
    expect(await screen.findByText('ul. Długa 1, 37-740 Bircza')).toBeTruthy();
  });

  it('has no invoice block when the order has none', async () => {
    await renderInRouter(
      <SuccessPage
        search={{ payment: 'transfer', orderId: 'KT111222335' }}
        onEnter={async () => {}}
        findOrder={async () => ({ total: grosz(100), invoice: null, summary })}
      />,
    );
    expect((await screen.findByText(/Kwota do zapłaty/)).textContent).toMatch(/1,00\szł/);
    expect(screen.queryByRole('region', { name: 'Faktura' })).toBeNull();
  });
});
