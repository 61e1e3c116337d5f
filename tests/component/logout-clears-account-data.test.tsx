import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockCustomer } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { EMPTY_CHECKOUT_FORM } from '../../src/domain/checkout-schema.ts';
import { loadHistory, saveHistory } from '../../src/features/account/history-cache.ts';
import { changeRecord, readChanges } from '../../src/features/admin/orders/change-records.ts';
import { loadSnapshot, saveSnapshot } from '../../src/features/admin/orders/orders-cache.ts';
import { CHECKOUT_DRAFT_META_KEY, loadCheckoutDraft, saveCheckoutDraft } from '../../src/features/checkout/checkout-draft.ts';
import { putOutboxEntry, readOutbox, type OutboxEntry } from '../../src/features/orders-sync/outbox.ts';
import { db } from '../../src/lib/db.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

/**
 * Logging out clears what the device kept of the account: its offline order
 * history, its orders the server already has, and the contact details of the
 * checkout draft. The cart, guests' orders and every unsent order stay.
 */

withBackendMetaAndConsent();

function order(key: string, status: OutboxEntry['status'], userPlaced: boolean): OutboxEntry {
  return {
    clientRequestId: key,
    status,
    createdAt: '2026-11-21T10:00:00.000Z',
    attempts: 1,
    request: { clientRequestId: key, checkout: { ...EMPTY_CHECKOUT_FORM, firstName: 'Anna' }, items: [{ productId: 'p', quantity: 1 }] },
    localNumber: `L-${key}`,
    paymentMethod: 'transfer',
    deliveryMethod: 'store',
    customerEmail: mockCustomer.email,
    userPlaced,
    estimatedTotal: 10,
    queuedOffline: false,
  };
}

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.cartLines.clear(), db.meta.clear(), db.adminChanges.clear()]);
  // The shop is unreachable while the test runs: the app's outbox sender (live once logged in) would
  // otherwise send the queued order before the logout, and "unsent orders stay" would test nothing.
  server.use(http.post('*/functions/v1/place-order', () => HttpResponse.json({ error: 'unavailable' }, { status: 503 })));
});

async function logInThenOut() {
  const view = await renderRoute('/login');
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Logowanie' });
  await user.type(within(form).getByLabelText('E-mail'), mockCustomer.email);
  await user.type(within(form).getByLabelText('Hasło'), mockCustomer.password);
  await user.click(within(form).getByRole('button', { name: 'Zaloguj się' }));
  await waitFor(() => expect(view.router.state.location.pathname).not.toBe('/login'));

  // What the session left on the device.
  saveHistory(mockCustomer.email, []);
  // The back office's offline copy (an owner's device): customers' names and emails; and a queued status change.
  saveSnapshot(mockCustomer.id, { savedAt: '2026-11-21T10:00:00.000Z', orders: [], productCount: 3 });
  await db.adminChanges.put(
    changeRecord(mockCustomer.id, {
      field: 'status',
      orderId: 'o-1',
      number: 'KT000000001',
      from: 'pending',
      to: 'processing',
      queuedAt: '2026-11-21T10:00:00.000Z',
    }),
  );
  saveHistory('inne.konto@example.pl', []);
  await putOutboxEntry(order('user-sent', 'sent', true));
  await putOutboxEntry(order('user-queued', 'queued', true));
  await putOutboxEntry(order('user-failed', 'failed', true));
  await putOutboxEntry(order('guest-sent', 'sent', false));
  await db.cartLines.put({ key: 'p-roza', productId: 'p-roza', quantity: 2, addedAt: '2026-11-21T10:00:00.000Z' });
  await saveCheckoutDraft({
    values: {
      ...EMPTY_CHECKOUT_FORM,
      firstName: 'Anna',
      lastName: 'Kowalska',
      email: mockCustomer.email,
      phone: '600100200',
      city: 'Przemyśl',
      deliveryMethod: 'inpost',
      paymentMethod: 'blik',
    },
    pending: { clientRequestId: 'pending-key', fingerprint: 'f' },
  });

  // The menu is loaded on first intent: point at it, wait for Headless UI's button, then open it.
  await user.hover(await screen.findByRole('button', { name: 'Panel klienta' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Panel klienta' }).id).toMatch(/headlessui/), { timeout: 10_000 });
  await user.click(screen.getByRole('button', { name: 'Panel klienta' }));
  const menu = await screen.findByRole('menu');
  await user.click(within(menu).getByRole('menuitem', { name: 'Wyloguj się' }));
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
}

describe('logout', () => {
  it(
    "clears the account's history copy, its sent orders and the draft's contact; keeps the cart and unsent orders",
    { timeout: 20_000 },
    async () => {
      await logInThenOut();

      await waitFor(async () => expect(loadHistory(mockCustomer.email)).toBeNull());
      expect(loadHistory('inne.konto@example.pl')).not.toBeNull();
      expect((await readOutbox()).map((entry) => entry.clientRequestId).sort()).toEqual(['guest-sent', 'user-failed', 'user-queued']);
      expect(await db.cartLines.count()).toBe(1);
      const draft = await loadCheckoutDraft();
      expect(draft?.values).toEqual({ ...EMPTY_CHECKOUT_FORM, deliveryMethod: 'inpost', paymentMethod: 'blik' });
      expect(draft?.pending?.clientRequestId).toBe('pending-key');
      expect(await db.meta.get(CHECKOUT_DRAFT_META_KEY)).toBeDefined();
    },
  );

  it(
    "clears the back office's offline copy even when the logout happens outside /admin; keeps queued status changes",
    { timeout: 20_000 },
    async () => {
      await logInThenOut();

      await waitFor(() => expect(loadSnapshot(mockCustomer.id)).toBeNull());
      expect((await readChanges(db, mockCustomer.id)).waiting).toHaveLength(1);
    },
  );
});
