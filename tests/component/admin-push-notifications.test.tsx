import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { NotificationsPanel } from '../../src/features/admin/settings/notifications-panel.tsx';
import { englishLeftovers } from '../support/english-leftovers.ts';
import { withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();
afterEach(cleanup);

const DEVICES = [
  {
    id: 'd1',
    endpoint: 'https://fcm.googleapis.com/fcm/send/a',
    device_label: 'Chrome na Androidzie',
    created_at: '2026-11-26T09:00:00Z',
    last_success_at: '2026-11-29T08:15:00Z',
    last_error_at: '2026-11-28T08:15:00Z',
    last_error: 'HTTP 503',
  },
  {
    id: 'd2',
    endpoint: 'https://web.push.apple.com/b',
    device_label: 'Safari na iPhonie',
    created_at: '2026-11-27T09:00:00Z',
    last_success_at: null,
    last_error_at: '2026-11-29T09:30:00Z',
    last_error: 'fetch failed: connection refused',
  },
];

function serveDevices(rows: typeof DEVICES, test: () => Response) {
  const deleted: string[] = [];
  server.use(
    http.get('*/rest/v1/push_subscriptions', () => HttpResponse.json(rows)),
    http.delete('*/rest/v1/push_subscriptions', ({ request }) => {
      deleted.push(new URL(request.url).searchParams.get('id') ?? '');
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/functions/v1/push-devices', test),
  );
  return deleted;
}

describe("Ustawienia → 'Powiadomienia'", () => {
  it("lists the devices with their last result in the owner's words, sends a test and removes a device", async () => {
    const deleted = serveDevices(DEVICES, () => HttpResponse.json({ devices: 2, sent: 1, removed: 0, failed: 1 }));
    const user = userEvent.setup();
    render(<NotificationsPanel />);

    // happy-dom has no Push API: the device says so, and offers no switch.
    expect((await screen.findByText(/nie obsługuje powiadomień push/)).textContent).toMatch(/^Ta przeglądarka/);
    expect(screen.queryByRole('button', { name: 'Włącz powiadomienia na tym urządzeniu' })).toBeNull();

    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Chrome na AndroidzieDodano 26.11.2026, 10:00Ostatnio dostarczono 29.11.2026, 09:15.Usuń',
      'Safari na iPhonieDodano 27.11.2026, 10:00Błąd 29.11.2026, 10:30: brak połączenia z usługą powiadomień.Usuń',
    ]);

    await user.click(screen.getByRole('button', { name: 'Wyślij powiadomienie testowe' }));
    expect((await screen.findByText(/^Wysłane powiadomienia testowe/)).textContent).toBe(
      'Wysłane powiadomienia testowe: 1 z 2. Niewysłane: 1 — szczegóły przy urządzeniach poniżej.',
    );

    await user.click(within(items[1]!).getByRole('button', { name: 'Usuń urządzenie: Safari na iPhonie' }));
    await expect.poll(() => deleted).toEqual(['eq.d2']);
    expect(englishLeftovers(document.body.textContent ?? '')).toEqual([]);
  });

  it("shows the server's Polish refusal of a test, and a plain sentence when there is no device", async () => {
    serveDevices(DEVICES, () =>
      HttpResponse.json(
        { error: 'push_not_configured', message: 'Powiadomienia nie są skonfigurowane na serwerze sklepu (klucze VAPID).' },
        { status: 503 },
      ),
    );
    const user = userEvent.setup();
    render(<NotificationsPanel />);
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Wyślij powiadomienie testowe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Powiadomienia nie są skonfigurowane na serwerze sklepu (klucze VAPID).');
    cleanup();

    serveDevices([], () => HttpResponse.json({}));
    render(<NotificationsPanel />);
    expect(await screen.findByText('Żadne urządzenie nie ma jeszcze włączonych powiadomień.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Wyślij powiadomienie testowe' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
