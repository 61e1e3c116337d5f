import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pushMessage } from '../../src/domain/push-notification.ts';
import { chromiumPerFile } from '../support/browser.ts';
import { waitForServiceWorkerControl } from '../support/service-worker.ts';
import { logInAsOwner } from '../support/owner-session.ts';
import { placedGuestOrder, appUrl as url, testBackend, withDatabase } from '../support/test-backend.ts';

/**
 * The owner's pushes in real Chromium against the served build (docs/push.md).
 * Chromium can subscribe only through its own push service (Google's FCM),
 * which this machine cannot reach: the settings must say so plainly. The
 * worker's side is driven as Chromium's DevTools do it: a push message handed
 * to the registration (CDP ServiceWorker.deliverPushMessage), and the tap as a
 * notificationclick event in the worker (a synthetic one carries no user
 * gesture, so focusing the window is not tested here).
 */

const chromium = chromiumPerFile();

/** The notifications the worker shows now, as the page reads them. */
function shownNotifications(page: Page) {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      url: (notification.data as { url?: string } | null)?.url,
    })),
  );
}

describe('pushes in the browser', () => {
  it('the settings show this device and its state; a push shows its notification and a tap opens the order in the open admin window', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['notifications'], { origin: new URL(testBackend().appUrl).origin });
    const page = await context.newPage();
    try {
      await logInAsOwner(page, '/admin/settings');
      await waitForServiceWorkerControl(page);
      await page.getByRole('tab', { name: 'Powiadomienia' }).click();
      const status = page.getByRole('status').filter({ hasText: 'na tym urządzeniu' });
      await expect.poll(() => status.textContent()).toBe('Powiadomienia są wyłączone na tym urządzeniu.');

      // Without Google's push service Chromium refuses the subscription; the owner reads why, nothing is stored.
      await page.getByRole('button', { name: 'Włącz powiadomienia na tym urządzeniu' }).click();
      const refusal = page.getByRole('alert');
      await refusal.waitFor({ timeout: 20_000 });
      expect(await refusal.textContent()).toBe(
        'Przeglądarka nie zarejestrowała się w swojej usłudze powiadomień (w Chrome i Edge to usługa Google). Sprawdź połączenie z internetem i spróbuj ponownie za chwilę.',
      );
      expect(await status.textContent()).toBe('Powiadomienia są wyłączone na tym urządzeniu.');
      const { rows } = await withDatabase((db) => db.query('select 1 from push_subscriptions'));
      expect(rows).toHaveLength(0);
      expect(await page.getByRole('button', { name: 'Wyślij powiadomienie testowe' }).isDisabled()).toBe(true);

      // A push as the server sends it, delivered to this registration by Chromium itself.
      const order = await placedGuestOrder();
      const message = pushMessage('new-order', {
        orderId: order.id,
        number: order.number,
        totalGrosz: 18900,
        deliveryMethod: 'cemetery',
        deliveryDate: '2026-11-01',
        window: '9:00–12:00',
      });
      const cdp = await context.newCDPSession(page);
      const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
        cdp.once('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) =>
          resolve(event.registrations),
        ),
      );
      await cdp.send('ServiceWorker.enable');
      const origin = new URL(testBackend().appUrl).origin;
      const registration = (await registrations).find((entry) => entry.scopeURL === `${origin}/`);
      expect(registration).toBeDefined();
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: registration!.registrationId,
        data: JSON.stringify(message),
      });
      await expect
        .poll(() => shownNotifications(page), { timeout: 10_000 })
        .toEqual([
          {
            title: `Nowe zamówienie nr ${order.number}`,
            body: message.body,
            tag: `order-${order.id}`,
            url: `/admin/orders?id=${order.id}`,
          },
        ]);
      expect(message.body).toBe('189,00\u00a0zł · Dostawa na cmentarz 01.11.2026 (niedziela), 9:00–12:00');

      // A payload that is not the shop's still shows a notification (Chromium requires one), pointing at the back office.
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration!.registrationId, data: 'nie JSON' });
      await expect.poll(async () => (await shownNotifications(page)).map((shown) => shown.title)).toContain('Kwiaciarnia — Panel');

      // The tap: the open admin window goes to the order.
      const [worker] = context.serviceWorkers();
      expect(worker).toBeDefined();
      await worker!.evaluate(async (tag) => {
        const scope = self as unknown as ServiceWorkerGlobalScope;
        const [notification] = await scope.registration.getNotifications({ tag });
        scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
      }, `order-${order.id}`);
      await page.waitForURL(url(`/admin/orders?id=${order.id}`), { timeout: 10_000 });
      await page.getByText(order.number).first().waitFor();
      expect((await shownNotifications(page)).map((shown) => shown.tag)).not.toContain(`order-${order.id}`);
      await cdp.detach();
    } finally {
      await context.close();
    }
  });
});
