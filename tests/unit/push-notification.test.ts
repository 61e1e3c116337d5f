import { describe, expect, it } from 'vitest';
import { isAdminPath, parsePushMessage, pushMessage } from '../../src/domain/push-notification.ts';
import { deviceLabel } from '../../src/features/admin/settings/device-label.ts';

const ORDER = '6f1c2a7e-1111-4c3b-9d2a-0123456789ab';

describe('what a push says', () => {
  it('a new order: number, amount, the day and window; a courier order has no day', () => {
    expect(
      pushMessage('new-order', {
        orderId: ORDER,
        number: 'KT123',
        totalGrosz: 24550,
        deliveryMethod: 'home',
        deliveryDate: '2026-11-30',
        window: '12:00–15:30',
      }),
    ).toEqual({
      title: 'Nowe zamówienie nr KT123',
      body: '245,50\u00a0zł · Dostawa do domu 30.11.2026 (poniedziałek), 12:00–15:30',
      url: `/admin/orders?id=${ORDER}`,
      tag: `order-${ORDER}`,
    });
    expect(
      pushMessage('new-order', { orderId: ORDER, number: 'KT124', totalGrosz: 9900, deliveryMethod: 'dpd', deliveryDate: null }).body,
    ).toBe('99,00\u00a0zł · Kurier DPD');
  });

  it('reads the stored facts defensively: missing or odd ones leave a plain sentence and the back office', () => {
    expect(pushMessage('new-order', null)).toEqual({
      title: 'Nowe zamówienie',
      body: 'Otwórz, aby zobaczyć szczegóły.',
      url: '/admin/orders',
      tag: 'order-new',
    });
    expect(pushMessage('payment-received', { orderId: '../x', amountGrosz: 1.5 }).url).toBe('/admin/orders');
    expect(pushMessage('withdrawal-request', { requestNumber: 'ODS-3', number: 'KT9', pieces: 5 }).body).toBe(
      'Zamówienie nr KT9 · 5 sztuk do zwrotu',
    );
    expect(pushMessage('withdrawal-request', { pieces: 1 }).body).toBe('1 sztuka do zwrotu');
  });

  it('the worker takes only a payload of ours that leads into the back office', () => {
    const message = pushMessage('test', {});
    expect(parsePushMessage(message)).toEqual(message);
    expect(parsePushMessage({ ...message, url: 'https://example.com/admin' })).toBeNull();
    expect(parsePushMessage({ ...message, url: '//example.com/admin' })).toBeNull();
    expect(parsePushMessage({ ...message, title: ' ' })).toBeNull();
    expect(parsePushMessage('tekst')).toBeNull();
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/odstapienia')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath('/shop')).toBe(false);
  });
});

describe('device labels', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      0,
      'Chrome na Androidzie',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      5,
      'Safari na iPhonie',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      5,
      'Safari na iPadzie',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      0,
      'Edge na Windowsie',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 0, 'Firefox na Linuksie'],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36',
      0,
      'Samsung Internet na Androidzie',
    ],
  ])('%s → %s', (userAgent, touchPoints, label) => {
    expect(deviceLabel(userAgent, touchPoints)).toBe(label);
  });
});
