import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPaymentStart } from '../../src/domain/payu-classic-validation.ts';
import { signedSessionMessage } from '../../src/domain/payu-status.ts';
import {
  anonClient,
  checkoutFor,
  invokeFunction,
  orderPaymentState as paymentState,
  signedUpCustomer,
  testBackend,
  withDatabase,
} from '../support/test-backend.ts';

// 'Wieniec z chryzantem' (artificial flowers, 149.00 PLN in supabase/seed.sql): allowed with store pickup.
const WREATH_ID = '83f26a72-645b-4406-a466-2aed0712dad5';

interface PlacedOrder {
  id: string;
  orderNumber: string;
  total: number;
  accessKey: string;
}

async function placeOrder(paymentMethod: string, quantity = 2): Promise<PlacedOrder> {
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod }),
    items: [{ productId: WREATH_ID, quantity }],
  });
  expect(answer.status).toBe(201);
  return answer.body.order as PlacedOrder;
}

async function setting(key: string): Promise<string> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ value: string }>('select value from app_settings where key = $1', [key]);
    return rows[0]!.value;
  });
}
const seededAuthKey = () => setting('payu_classic_pos_auth_key');

async function classicRedirectUrl(order: PlacedOrder): Promise<string> {
  const answer = await invokeFunction(anonClient(), 'create-payu-classic-payment', {
    orderId: order.id,
    accessKey: order.accessKey,
    description: `Zamówienie ${order.orderNumber}`,
    // Deliberately wrong, as an older client might send: the function charges the stored total.
    totalAmount: 0.01,
    buyer: { email: 'anna.kowalska@example.test', phone: '+48 600 100 200', firstName: 'Anna', lastName: 'Kowalska' },
    products: [{ name: 'Wieniec z chryzantem', unitPrice: 0.01, quantity: 1 }],
  });
  expect(answer.status).toBe(200);
  expect(answer.body.success).toBe(true);
  return answer.body.redirectUrl as string;
}

function submitSimulator(url: string, params: Record<string, string>): Promise<Response> {
  return fetch(new URL(url).origin + new URL(url).pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
    redirect: 'manual',
  });
}

describe('payments (PayU classic through the local simulator)', () => {
  // A shop with an older point of sale: the owner chose the classic interface (a new install speaks REST).
  const chooseInterface = (value: string) =>
    withDatabase((db) => db.query(`update app_settings set value = $1 where key = 'payu_api'`, [value]));
  beforeAll(() => chooseInterface('classic'));
  afterAll(() => chooseInterface('rest'));

  it('charges the stored total, shows the simulator page, and pay — reported, then confirmed by the status query — marks the order paid and processing', async () => {
    const order = await placeOrder('payu');
    const url = await classicRedirectUrl(order);
    const params = Object.fromEntries(new URL(url).searchParams);

    expect(new URL(url).pathname).toBe('/functions/v1/payment-simulator');
    expect(params.amount).toBe(String(Math.round(order.total * 100)));
    expect(params.amount).toBe('29800');
    expect(params.order_id).toBe(order.orderNumber);
    expect(params.pos_auth_key).toBeUndefined();
    expect(params.desc).toBe(`Zamówienie ${order.orderNumber}`);
    expect(verifyPaymentStart(params, await seededAuthKey())).toBe(true);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(order.orderNumber);
    expect(html).toContain('Symulator płatności (lokalny)');

    const paid = await submitSimulator(url, { ...params, action: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${testBackend().appUrl}/checkout/success?payment=payu&orderId=${order.orderNumber}`);
    expect(await paymentState(order.id)).toEqual({ payu_status: 'COMPLETED', status: 'processing' });

    // The order is paid: a second payment is refused.
    const again = await invokeFunction(anonClient(), 'create-payu-classic-payment', { orderId: order.id, accessKey: order.accessKey });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: 'To zamówienie jest już opłacone lub zamknięte.' });
  });

  it('refuses a tampered amount in the simulator and records nothing', async () => {
    const order = await placeOrder('payu', 1);
    const url = await classicRedirectUrl(order);
    const params = Object.fromEntries(new URL(url).searchParams);

    const tampered = await submitSimulator(url, { ...params, amount: '1', action: 'pay' });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('Nieprawidłowy podpis płatności');
    expect(await paymentState(order.id)).toEqual({ payu_status: null, status: 'pending' });
  });

  it('cancel sends the customer to the cancel page and records CANCELED', async () => {
    const order = await placeOrder('payu', 1);
    const url = await classicRedirectUrl(order);
    const params = Object.fromEntries(new URL(url).searchParams);

    const cancelled = await submitSimulator(url, { ...params, action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${testBackend().appUrl}/checkout/cancel?orderId=${order.orderNumber}`);
    expect(await paymentState(order.id)).toEqual({ payu_status: 'CANCELED', status: 'pending' });
  });

  it('answers an unknown order with 404 and a body without an order with 400', async () => {
    const unknown = await invokeFunction(anonClient(), 'create-payu-classic-payment', { orderId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: 'Nie znaleziono zamówienia.' });

    const invalid = await invokeFunction(anonClient(), 'create-payu-classic-payment', { description: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ success: false, error: 'Brak numeru zamówienia.' });
  });

  it('the signed-in customer who placed the order may pay it from any device, without the device key', async () => {
    const { client } = await signedUpCustomer('platnik');
    const placed = await invokeFunction(client, 'place-order', {
      clientRequestId: randomUUID(),
      checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod: 'blik' }),
      items: [{ productId: WREATH_ID, quantity: 1 }],
    });
    const order = placed.body.order as PlacedOrder;
    const answer = await invokeFunction(client, 'create-payment', { orderId: order.id });
    expect(answer.status).toBe(200);
    expect(new URL(answer.body.url as string).searchParams.get('order_id')).toBe(order.orderNumber);
  });

  it('a repeated place-order (lost answer) gives the device the same key, which works', async () => {
    const request = {
      clientRequestId: randomUUID(),
      checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod: 'payu' }),
      items: [{ productId: WREATH_ID, quantity: 1 }],
    };
    const first = (await invokeFunction(anonClient(), 'place-order', request)).body.order as PlacedOrder;
    const replay = await invokeFunction(anonClient(), 'place-order', request);
    expect(replay.status).toBe(200);
    const again = replay.body.order as PlacedOrder;
    expect(again.id).toBe(first.id);
    // Derived from the request: the retry stores no second key (docs/order-links.md).
    expect(again.accessKey).toBe(first.accessKey);
    const answer = await invokeFunction(anonClient(), 'create-payu-classic-payment', { orderId: first.id, accessKey: again.accessKey });
    expect(answer.status).toBe(200);
  });

  it('payment-notification changes nothing by itself: a well-signed report of an unpaid session leaves the order pending, and a bad signature is 401', async () => {
    const order = await placeOrder('payu', 1);
    const url = await classicRedirectUrl(order);
    const params = Object.fromEntries(new URL(url).searchParams);
    // The customer opened the gateway's page (the gateway knows the session) but has not paid.
    expect((await fetch(url)).status).toBe(200);
    const notify = (body: Record<string, string>) =>
      fetch(`${testBackend().url}/functions/v1/payment-notification`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });

    const key2 = await setting('payu_classic_key2');
    const forged = await notify(signedSessionMessage('145227', params.session_id!, Date.now(), 'guessed-key'));
    expect(forged.status).toBe(401);

    const report = signedSessionMessage('145227', params.session_id!, Date.now(), key2);
    const first = await notify(report);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('OK');
    expect(await paymentState(order.id)).toEqual({ payu_status: 'PENDING', status: 'pending' });

    // Paid at the gateway: the same report, replayed, now finds the payment, once.
    expect((await submitSimulator(url, { ...params, action: 'pay' })).status).toBe(303);
    expect(await paymentState(order.id)).toEqual({ payu_status: 'COMPLETED', status: 'processing' });
    expect((await notify(report)).status).toBe(200);
    expect(await paymentState(order.id)).toEqual({ payu_status: 'COMPLETED', status: 'processing' });

    // An old report is refused.
    const stale = await notify(signedSessionMessage('145227', params.session_id!, Date.now() - 60 * 60_000, key2));
    expect(stale.status).toBe(400);
    expect((await stale.json()).error).toBe('stale_notification');
  });

  it('create-payment sends a BLIK order to the classic gateway while the owner chose it and no Stripe key is set', async () => {
    const order = await placeOrder('blik', 1);
    const answer = await invokeFunction(anonClient(), 'create-payment', {
      orderId: order.id,
      accessKey: order.accessKey,
      items: [],
      deliveryMethod: 'store',
    });
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.url as string);
    expect(url.pathname).toBe('/functions/v1/payment-simulator');
    expect(url.searchParams.get('amount')).toBe('14900');
    expect(url.searchParams.get('pow_url')).toBe(`${testBackend().appUrl}/checkout/success?payment=blik&orderId=${order.orderNumber}`);
    expect(verifyPaymentStart(Object.fromEntries(url.searchParams), await seededAuthKey())).toBe(true);

    const missing = await invokeFunction(anonClient(), 'create-payment', { orderId: randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Order not found');
  });
});
