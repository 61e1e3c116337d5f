import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../server/local-backend/backend.ts';
import { freePort } from '../../server/local-backend/process-utils.ts';
import { signedSessionMessage } from '../../src/domain/payu-status.ts';
import { signGatewayParams, signaturePayload } from '../../src/domain/payu-fields.ts';
import {
  anonClient,
  checkoutFor,
  invokeFunction,
  orderPaymentState as paymentState,
  signedUpCustomer,
  testBackend,
  withDatabase,
} from '../support/test-backend.ts';

/**
 * The attacks of the payment audit, replayed against the running stack as a
 * hostile visitor would: each must leave every order unpaid and reveal no
 * one's personal data.
 */

// 'Wieniec z chryzantem' (149.00 PLN): two orders of it have the same total.
const WREATH_ID = '83f26a72-645b-4406-a466-2aed0712dad5';

interface Placed {
  id: string;
  orderNumber: string;
  total: number;
  accessKey?: string;
}

async function placePayuOrder(email: string): Promise<Placed> {
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod: 'payu', email }),
    items: [{ productId: WREATH_ID, quantity: 1 }],
  });
  expect(answer.status).toBe(201);
  return answer.body.order as Placed;
}

function notify(body: Record<string, string>): Promise<Response> {
  return fetch(`${testBackend().url}/functions/v1/payment-notification`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
}

const UNPAID = { payu_status: null, status: 'pending' };

describe('payment attacks of the audit', () => {
  it('a signature obtained from the payment start cannot be re-split into a notification that pays another order', async () => {
    const attacker = await placePayuOrder('napastnik@example.test');
    const victim = await placePayuOrder('ofiara@example.test');
    const amount = String(Math.round(victim.total * 100));
    // The notification the attacker wants: the victim's order COMPLETED.
    const wanted = { amount, order_id: victim.orderNumber, pos_id: '145227', session_id: 's', status: 'COMPLETED', ts: String(Date.now()) };
    const smuggled = Object.values(wanted).join('');

    // The payment start is asked to sign a description that carries the wanted fields.
    const started = await invokeFunction(anonClient(), 'create-payu-classic-payment', {
      orderId: attacker.id,
      accessKey: attacker.accessKey,
      description: smuggled,
      totalAmount: 149,
      buyer: { email: 'napastnik@example.test', phone: '+48 600 100 200', firstName: 'Anna', lastName: 'Kowalska' },
      products: [{ name: 'Wieniec', unitPrice: 149, quantity: 1 }],
    });
    const signed = started.status === 200 ? Object.fromEntries(new URL(started.body.redirectUrl as string).searchParams) : null;
    if (signed) {
      // The server chose the description: nothing the caller sent is signed.
      expect(signed.desc).not.toContain(smuggled);
      // Re-split the signed string around the smuggled part, with padding fields sorted before and after.
      const payload = signaturePayload(signed, '');
      const at = payload.indexOf(smuggled);
      const forged =
        at < 0
          ? { ...wanted, sig: signed.sig! }
          : { a: payload.slice(0, at), ...wanted, zz: payload.slice(at + smuggled.length), sig: signed.sig! };
      const answer = await notify(forged);
      expect(answer.ok).toBe(false);
    }
    // A notification signed with the key that signs payment starts is no gateway report either.
    const authKey = await withDatabase(async (db) => {
      const { rows } = await db.query<{ value: string }>("select value from app_settings where key = 'payu_classic_pos_auth_key'");
      return rows[0]!.value;
    });
    const withStartKey = await notify({ ...wanted, sig: signGatewayParams(wanted, authKey) });
    expect(withStartKey.ok).toBe(false);

    expect(await paymentState(victim.id)).toEqual(UNPAID);
    expect(await paymentState(attacker.id)).toEqual(UNPAID);
  });

  it('nobody but the buyer starts a payment for an order or sees its buyer data', async () => {
    const victim = await placePayuOrder('ofiara.dane@example.test');
    const stranger = anonClient();
    const classic = await invokeFunction(stranger, 'create-payu-classic-payment', {
      orderId: victim.id,
      description: 'x',
      totalAmount: 149,
      buyer: { email: 'napastnik@example.test', phone: '+48 600 100 200', firstName: 'Anna', lastName: 'Kowalska' },
      products: [{ name: 'x', unitPrice: 149, quantity: 1 }],
    });
    expect(classic.status).toBe(403);
    expect(JSON.stringify(classic.body)).not.toContain('ofiara');

    const card = await invokeFunction(stranger, 'create-payment', { orderId: victim.id });
    expect(card.status).toBe(403);
    expect(JSON.stringify(card.body)).not.toContain('ofiara');

    // A wrong device key and another signed-in customer are strangers too.
    const guessed = await invokeFunction(stranger, 'create-payment', { orderId: victim.id, accessKey: 'A'.repeat(43) });
    expect(guessed.status).toBe(403);
    const { client: otherCustomer } = await signedUpCustomer('obcy');
    const other = await invokeFunction(otherCustomer, 'create-payment', { orderId: victim.id });
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.body)).not.toContain('ofiara');
  });
});

/**
 * A backend started without LOCAL_PAYMENT_SIMULATOR, as deployed functions
 * run: no simulator, and the keys published in seed.sql are refused.
 */
describe('outside the local backend (LOCAL_PAYMENT_SIMULATOR unset)', () => {
  let backend: RunningBackend;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-hosted-like-'));
    const env = { ...process.env };
    delete env.LOCAL_PAYMENT_SIMULATOR;
    backend = await startBackend({
      dataDir,
      backendPort: await freePort(),
      appPort: null,
      distDir: join(resolve(import.meta.dirname, '..', '..'), 'dist'),
      ownerEmail: 'owner@hosted-like.test',
      ownerPassword: 'owner-password-123',
      env,
    });
  });

  afterAll(async () => {
    await backend?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function sql(text: string, values: unknown[] = []): Promise<void> {
    const client = new pg.Client({ connectionString: backend.databaseUrl });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  it('has no payment simulator to reach', async () => {
    const page = await fetch(`${backend.url}/functions/v1/payment-simulator?pos_id=145227`);
    expect(page.status).toBe(404);
    const status = await fetch(`${backend.url}/functions/v1/payment-simulator/Payment/get/txt`, { method: 'POST' });
    expect(status.status).toBe(404);
  });

  it('refuses to sign with the seeded keys, and works once the owner sets real ones', async () => {
    await sql(`update app_settings set value = v.value from (values
      ('payu_classic_gateway_url', 'https://secure.payu.test/paygw/UTF/NewPayment'),
      ('payu_classic_success_url', 'https://kwiaciarnia.test/checkout/success'),
      ('payu_classic_failure_url', 'https://kwiaciarnia.test/checkout/cancel')) as v(key, value) where app_settings.key = v.key`);
    const client = createClient(backend.url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const placed = await client.functions.invoke('place-order', {
      body: {
        clientRequestId: randomUUID(),
        checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod: 'payu' }),
        items: [{ productId: WREATH_ID, quantity: 1 }],
      },
    });
    const order = (placed.data as { order: Placed }).order;
    const start = () =>
      fetch(`${backend.url}/functions/v1/create-payu-classic-payment`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` },
        body: JSON.stringify({ orderId: order.id, accessKey: order.accessKey }),
      });

    const seeded = await start();
    expect(seeded.status).toBe(503);
    expect(await seeded.json()).toEqual({ success: false, error: 'Brak konfiguracji bramki płatności.' });
    const report = await fetch(`${backend.url}/functions/v1/payment-notification`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        signedSessionMessage('145227', `${order.orderNumber}-${Date.now()}`, Date.now(), 'local-payu-key2-change-me'),
      ).toString(),
    });
    expect(report.status).toBe(503);

    await sql(`update app_settings set value = v.value from (values
      ('payu_classic_pos_auth_key', 'the-owners-own-key-1'), ('payu_classic_key2', 'the-owners-own-key-2')) as v(key, value)
      where app_settings.key = v.key`);
    const own = await start();
    expect(own.status).toBe(200);
    expect(((await own.json()) as { redirectUrl: string }).redirectUrl).toMatch(/^https:\/\/secure\.payu\.test\/paygw\/UTF\/NewPayment\?/);
  });
});
