import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signGatewayParams, verifyGatewaySignature } from '../../src/domain/payu-classic.ts';
import { anonClient, checkoutFor, invokeFunction, testBackend, withDatabase } from '../support/test-backend.ts';

// 'Wieniec z chryzantem' (artificial flowers, 149.00 PLN in supabase/seed.sql): allowed with store pickup.
const WREATH_ID = '83f26a72-645b-4406-a466-2aed0712dad5';

interface PlacedOrder {
  id: string;
  orderNumber: string;
  total: number;
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

async function seededAuthKey(): Promise<string> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ value: string }>("select value from app_settings where key = 'payu_classic_pos_auth_key'");
    return rows[0]!.value;
  });
}

async function paymentState(orderId: string): Promise<{ payu_status: string | null; status: string }> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ payu_status: string | null; status: string }>('select payu_status, status from orders where id = $1', [orderId]);
    return rows[0]!;
  });
}

async function classicRedirectUrl(order: PlacedOrder): Promise<string> {
  const answer = await invokeFunction(anonClient(), 'create-payu-classic-payment', {
    orderId: order.id,
    description: `Zamówienie ${order.orderNumber}`,
    // Deliberately wrong: the function must charge the stored total.
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
  it('charges the stored total, shows the simulator page, and pay marks the order paid and processing', async () => {
    const order = await placeOrder('payu');
    const url = await classicRedirectUrl(order);
    const params = Object.fromEntries(new URL(url).searchParams);

    expect(new URL(url).pathname).toBe('/functions/v1/payment-simulator');
    expect(params.amount).toBe(String(Math.round(order.total * 100)));
    expect(params.amount).toBe('29800');
    expect(params.order_id).toBe(order.orderNumber);
    expect(params.pos_auth_key).toBeUndefined();
    expect(verifyGatewaySignature(params, await seededAuthKey())).toBe(true);

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
    const again = await invokeFunction(anonClient(), 'create-payu-classic-payment', {
      orderId: order.id,
      description: 'x',
      totalAmount: 298,
      buyer: { email: 'anna.kowalska@example.test', phone: '+48 600 100 200', firstName: 'Anna', lastName: 'Kowalska' },
      products: [{ name: 'Wieniec', unitPrice: 149, quantity: 2 }],
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: 'Order is already paid or closed' });
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

  it('answers an unknown order with 404 and bad input with 400', async () => {
    const unknown = await invokeFunction(anonClient(), 'create-payu-classic-payment', {
      orderId: randomUUID(),
      description: 'x',
      totalAmount: 10,
      buyer: { email: 'anna@example.test', phone: '600100200', firstName: 'Anna', lastName: 'Kowalska' },
      products: [{ name: 'x', unitPrice: 10, quantity: 1 }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: 'Order not found' });

    const invalid = await invokeFunction(anonClient(), 'create-payu-classic-payment', { orderId: randomUUID() });
    expect(invalid.status).toBe(400);
    expect(invalid.body.success).toBe(false);
    expect(invalid.body.error).toContain('Customer email is required');
  });

  it('payment-notification refuses a bad signature with 401 and records a signed one', async () => {
    const order = await placeOrder('payu', 1);
    const key = await seededAuthKey();
    const fields = {
      pos_id: '145227',
      session_id: `${order.orderNumber}-1`,
      order_id: order.orderNumber,
      status: 'COMPLETED',
      amount: String(Math.round(order.total * 100)),
      ts: '1',
    };
    const notify = (body: Record<string, string>) =>
      fetch(`${testBackend().url}/functions/v1/payment-notification`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    const forged = await notify({ ...fields, sig: signGatewayParams(fields, 'guessed-key') });
    expect(forged.status).toBe(401);
    expect(await paymentState(order.id)).toEqual({ payu_status: null, status: 'pending' });

    const signed = { ...fields, sig: signGatewayParams(fields, key) };
    const first = await notify(signed);
    const repeated = await notify(signed);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true });
    expect(repeated.status).toBe(200);
    expect(await paymentState(order.id)).toEqual({ payu_status: 'COMPLETED', status: 'processing' });
  });

  it('create-payment sends a BLIK order to the local simulator while no Stripe key is set', async () => {
    const order = await placeOrder('blik', 1);
    const answer = await invokeFunction(anonClient(), 'create-payment', { orderId: order.id, items: [], deliveryMethod: 'store' });
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.url as string);
    expect(url.pathname).toBe('/functions/v1/payment-simulator');
    expect(url.searchParams.get('amount')).toBe('14900');
    expect(url.searchParams.get('pow_url')).toBe(`${testBackend().appUrl}/checkout/success?payment=blik&orderId=${order.orderNumber}`);
    expect(verifyGatewaySignature(Object.fromEntries(url.searchParams), await seededAuthKey())).toBe(true);

    const missing = await invokeFunction(anonClient(), 'create-payment', { orderId: randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Order not found');
  });
});
