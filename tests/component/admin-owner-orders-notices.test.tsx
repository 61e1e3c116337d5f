import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { adminHandlers, freshAdminRows } from '../../mocks/admin-handlers.ts';
import { mockCustomer } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { NEW_ORDER_DRAFT_KEY } from '../../src/features/admin/new-order/new-order-draft.ts';
import { db } from '../../src/lib/db.ts';
import { openAsMockOwner } from './owner-login.ts';
import { withBackendMetaAndConsent } from './render-route.tsx';

/**
 * An order the owner typed without a connection leaves the device from any
 * back-office page, not only 'Zamówienia'; a refused one stays on screen
 * with the server's reason until she corrects it in the form or removes it.
 */

withBackendMetaAndConsent();

const DRAFT = {
  clientRequestId: '5b0c6f9e-3d1a-4c2b-9e8f-7a6b5c4d3e2f',
  firstName: 'Krystyna',
  lastName: 'Kwiatkowska',
  phone: '+48 600 111 222',
  lines: [{ productId: '811546a5-832e-49cf-b3c0-9e29122b2d96', name: 'Róże czerwone', price: 8_900, quantity: 1 }],
  deliveryDate: '2026-12-10',
  pickupTime: '10:00',
  payment: 'transfer',
};

async function queued(status: 'queued' | 'failed', lastError?: string) {
  await db.ownerOrders.put({
    key: DRAFT.clientRequestId,
    userId: mockCustomer.id,
    payload: { clientRequestId: DRAFT.clientRequestId },
    draft: DRAFT,
    status,
    lastError,
    createdAt: '2026-12-01T08:00:00.000Z',
    attempts: status === 'failed' ? 1 : 0,
  });
}

async function openAsOwner(path: string) {
  server.use(...adminHandlers([], freshAdminRows()));
  const { user, ...view } = await openAsMockOwner(path);
  await waitFor(() => expect(view.router.state.location.pathname).toBe(path));
  return { ...view, user };
}

afterEach(async () => {
  await db.ownerOrders.clear();
  localStorage.removeItem(NEW_ORDER_DRAFT_KEY);
});

describe("the owner's orders kept on the device, on every back-office page", () => {
  it('sends a waiting one from the dashboard, says so once and forgets it', async () => {
    const sent: string[] = [];
    server.use(
      http.post('*/functions/v1/owner-order', async ({ request }) => {
        sent.push(((await request.json()) as { clientRequestId: string }).clientRequestId);
        return HttpResponse.json(
          { order: { id: 'o-9', orderNumber: 'KT000000009', total: 8_900, amountPaid: 0, capacityOverridden: false }, replayed: false },
          { status: 201 },
        );
      }),
    );
    await queued('queued');
    await openAsOwner('/admin');
    await screen.findByText('Wysłano zamówienie KT000000009 wpisane bez połączenia.', undefined, { timeout: 5_000 });
    expect(sent).toEqual([DRAFT.clientRequestId]);
    expect(await db.ownerOrders.count()).toBe(0);
  });

  it('keeps a refused one with its reason, and puts it back in the form to correct', async () => {
    await queued('failed', 'Ten termin odbioru jest już niedostępny.');
    const { user, router } = await openAsOwner('/admin/payments');
    const alert = await screen.findByText(/Nie przyjęto zamówienia wpisanego bez połączenia/, undefined, { timeout: 5_000 });
    expect(alert.textContent).toBe(
      'Nie przyjęto zamówienia wpisanego bez połączenia (Krystyna Kwiatkowska, 10.12.2026): Ten termin odbioru jest już niedostępny.',
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Popraw w formularzu' }));
    await waitFor(() => expect(router.state.location.href).toBe('/admin/orders?nowe=tak'));
    const draft = JSON.parse(localStorage.getItem(NEW_ORDER_DRAFT_KEY) ?? '{}') as typeof DRAFT;
    expect(draft).toMatchObject({ lastName: 'Kwiatkowska', pickupTime: '10:00', lines: DRAFT.lines });
    // The corrected order is a new request: the refused key is settled on the server.
    expect(draft.clientRequestId).not.toBe(DRAFT.clientRequestId);
    expect(await db.ownerOrders.count()).toBe(0);
    expect(await screen.findByRole('textbox', { name: 'Nazwisko' }, { timeout: 5_000 })).toHaveProperty('value', 'Kwiatkowska');
  });
});
