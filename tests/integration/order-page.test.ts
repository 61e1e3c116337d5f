import { randomUUID, createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { postFrom } from '../support/from-address.ts';
import { mailTo, waitForMailTo, type ReceivedMail } from '../support/maildev.ts';
import {
  anonClient,
  checkoutFor,
  invokeFunction,
  signedInOwner,
  signedUpCustomer,
  someProducts,
  testBackend,
  uniqueEmail,
  withDatabase,
} from '../support/test-backend.ts';
import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The order page without login on the shared backend: the mails' links
 * carry a token stored only as its hash, order-page opens the order with
 * it (and answers anything else with one 404), and a guest asks for the
 * link again by number + email.
 */

const SENT = 'Jeśli takie zamówienie istnieje, wysłaliśmy link na podany adres.';

async function placeGuestOrder(
  email: string,
  client: SupabaseClient = anonClient(),
): Promise<{ id: string; number: string; accessKey: string }> {
  const [product] = await someProducts(1);
  const answer = await invokeFunction(client, 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({ email, paymentMethod: 'payu' }),
    items: [{ productId: product!.id, quantity: 1 }],
  });
  expect(answer.status).toBe(201);
  const order = answer.body.order as { id: string; orderNumber: string; accessKey: string };
  return { id: order.id, number: order.orderNumber, accessKey: order.accessKey };
}

/** The token in a mail's order link (/zamowienie/<number>?t=<token>). */
function linkToken(mail: ReceivedMail, number: string): string {
  const match = new RegExp(`/zamowienie/${number}\\?t=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  expect(match, 'the mail links the order page with a token').not.toBeNull();
  return match![1]!;
}

async function orderPage(body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${testBackend().url}/functions/v1/order-page`, {
    method: 'POST',
    headers: { apikey: testBackend().publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

async function askForLink(number: string, email: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${testBackend().url}/functions/v1/order-link-request`, {
    method: 'POST',
    headers: { apikey: testBackend().publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ number, email }),
  });
  return { status: response.status, text: await response.text() };
}

// All requests come from 127.0.0.1: each test starts with clean order-link counters.
beforeEach(async () => {
  await withDatabase((db) => db.query("delete from private.rate_limit_hits where key like 'order-link%'"));
});

describe('order page links', () => {
  it('the confirmation links the order page with a token stored only as its SHA-256, and that token opens the order', async () => {
    const email = uniqueEmail('order-page');
    const order = await placeGuestOrder(email);
    const [confirmation] = await waitForMailTo(testBackend().mailUrl, email, 1);
    const token = linkToken(confirmation!, order.number);
    expect(confirmation!.html).toContain(`/zamowienie/${order.number}?t=${token}`);

    const { rows } = await withDatabase((db) =>
      db.query<{ token_hash: string }>('select token_hash from order_link_tokens where order_id = $1', [order.id]),
    );
    expect(rows.map((row) => row.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    const stored = await withDatabase((db) =>
      db.query('select 1 from order_link_tokens where token_hash = $1 or token_hash like $2', [token, `%${token.slice(0, 20)}%`]),
    );
    expect(stored.rows).toHaveLength(0);

    const page = await orderPage({ number: order.number, token });
    expect(page.status).toBe(200);
    expect(JSON.parse(page.text)).toMatchObject({ number: order.number, status: 'pending', paid: false, paymentMethod: 'payu' });
    // 'Zapłać teraz' is offered; the link token itself is its proof, no key is minted for a view.
    expect(JSON.parse(page.text).payment).toEqual({ orderId: order.id, accessKey: null });
  });

  it("'Zapłać teraz' from the mail's link on another device: the PayU payment start accepts the link token", async () => {
    const email = uniqueEmail('order-page-pay');
    const order = await placeGuestOrder(email);
    const [mail] = await waitForMailTo(testBackend().mailUrl, email, 1);
    const token = linkToken(mail!, order.number);
    const page = JSON.parse((await orderPage({ number: order.number, token })).text) as { payment: { orderId: string } };
    const start = await invokeFunction(anonClient(), 'create-payu-classic-payment', { orderId: page.payment.orderId, linkToken: token });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ success: true, redirectUrl: expect.any(String) });
    const keyless = await invokeFunction(anonClient(), 'create-payu-classic-payment', { orderId: order.id });
    expect(keyless.status).toBe(403);
    const otherToken = await invokeFunction(anonClient(), 'create-payu-classic-payment', { orderId: order.id, linkToken: 'A'.repeat(43) });
    expect(otherToken.status).toBe(403);
  });

  it('viewing the order from its link adds no access key, however often', async () => {
    const email = uniqueEmail('order-page-views');
    const order = await placeGuestOrder(email);
    const [mail] = await waitForMailTo(testBackend().mailUrl, email, 1);
    const token = linkToken(mail!, order.number);
    for (let i = 0; i < 5; i += 1) expect((await orderPage({ number: order.number, token })).status).toBe(200);
    const keys = await withDatabase((db) => db.query('select 1 from order_access_keys where order_id = $1', [order.id]));
    // Only the key of the device that placed the order.
    expect(keys.rows).toHaveLength(1);
  });

  it("a link stops opening the order after the owner's order_link_days; newer links still work", async () => {
    const email = uniqueEmail('order-page-expiry');
    const order = await placeGuestOrder(email);
    const [confirmation] = await waitForMailTo(testBackend().mailUrl, email, 1);
    const first = linkToken(confirmation!, order.number);
    for (let i = 0; i < 5; i += 1) expect((await askForLink(order.number, email)).status).toBe(200);
    const mails = await waitForMailTo(testBackend().mailUrl, email, 6);
    const newest = linkToken(
      mails.find((mail) => mail.subject.startsWith('Link do zamówienia'))!,
      order.number,
    );
    expect((await orderPage({ number: order.number, token: first })).status).toBe(200);

    // The first mail went out 91 days ago (the default lifetime is 90 days).
    await withDatabase((db) =>
      db.query("update order_link_tokens set created_at = now() - interval '91 days' where token_hash = $1", [
        createHash('sha256').update(first).digest('hex'),
      ]),
    );
    const expired = await orderPage({ number: order.number, token: first });
    expect(expired).toEqual({
      status: 404,
      text: JSON.stringify({ error: 'order_not_found', message: 'Nie znaleźliśmy takiego zamówienia.' }),
    });
    expect((await orderPage({ number: order.number, token: newest })).status).toBe(200);
    const pay = await invokeFunction(anonClient(), 'create-payu-classic-payment', { orderId: order.id, linkToken: first });
    expect(pay.status).toBe(403);

    // The owner may keep links longer: with 120 days the same link opens the order again.
    await withDatabase((db) => db.query("update app_settings set value = '120' where key = 'order_link_days'"));
    try {
      expect((await orderPage({ number: order.number, token: first })).status).toBe(200);
    } finally {
      await withDatabase((db) => db.query("update app_settings set value = '90' where key = 'order_link_days'"));
    }
  });

  it('the owner revokes every link of an order; the device that placed it keeps its key; nobody else may revoke', async () => {
    const email = uniqueEmail('order-page-revoke');
    const order = await placeGuestOrder(email);
    const [mail] = await waitForMailTo(testBackend().mailUrl, email, 1);
    const token = linkToken(mail!, order.number);
    // A key an older order page handed to a link's holder (before views stopped minting them).
    const leakedKey = 'L'.repeat(43);
    await withDatabase((db) =>
      db.query("insert into order_access_keys (order_id, key_hash, created_at) values ($1, $2, now() + interval '1 minute')", [
        order.id,
        createHash('sha256').update(leakedKey).digest('hex'),
      ]),
    );
    expect((await orderPage({ number: order.number, accessKey: leakedKey })).status).toBe(200);

    const customer = await signedUpCustomer('order-page-revoke-stranger');
    expect((await invokeFunction(anonClient(), 'revoke-order-links', { orderId: order.id })).status).toBe(401);
    expect((await invokeFunction(customer.client, 'revoke-order-links', { orderId: order.id })).status).toBe(403);
    expect((await orderPage({ number: order.number, token })).status).toBe(200);

    const revoked = await invokeFunction(await signedInOwner(), 'revoke-order-links', { orderId: order.id });
    expect(revoked).toMatchObject({ status: 200, body: { links: 1, keys: 1 } });
    expect((await orderPage({ number: order.number, token })).status).toBe(404);
    expect((await orderPage({ number: order.number, accessKey: leakedKey })).status).toBe(404);
    expect((await invokeFunction(anonClient(), 'create-payu-classic-payment', { orderId: order.id, linkToken: token })).status).toBe(403);
    expect((await orderPage({ number: order.number, accessKey: order.accessKey })).status).toBe(200);

    // A link asked for afterwards works again.
    await askForLink(order.number, email);
    const mails = await waitForMailTo(testBackend().mailUrl, email, 2);
    const fresh = linkToken(
      mails.find((sent) => sent.subject.startsWith('Link do zamówienia'))!,
      order.number,
    );
    expect((await orderPage({ number: order.number, token: fresh })).status).toBe(200);
  });

  it("the device that placed the order opens it with its key, gets that key back, and reads the newest attempt's state", async () => {
    const order = await placeGuestOrder(uniqueEmail('order-page-device'));
    const before = await orderPage({ number: order.number, accessKey: order.accessKey });
    expect(before.status).toBe(200);
    expect(JSON.parse(before.text)).toMatchObject({ paid: false, paymentState: null, payment: { accessKey: order.accessKey } });

    // An attempt that failed, then a new one: the page reads the new one, whatever payu_status still shows.
    await withDatabase(async (db) => {
      const total = (await db.query<{ t: string }>('select round(total * 100)::bigint as t from orders where id = $1', [order.id])).rows[0]!
        .t;
      await db.query(
        `insert into payments (order_id, provider, provider_payment_id, method, amount_grosz, state, created_at)
           values ($1, 'payu-rest', $2, 'payu', $3, 'canceled', now() - interval '1 minute'), ($1, 'payu-rest', $4, 'payu', $3, 'pending', now())`,
        [order.id, `T${Date.now()}A`, total, `T${Date.now()}B`],
      );
    });
    expect(JSON.parse((await orderPage({ number: order.number, accessKey: order.accessKey })).text)).toMatchObject({
      paymentState: 'pending',
    });
    const keys = await withDatabase((db) => db.query('select 1 from order_access_keys where order_id = $1', [order.id]));
    expect(keys.rows).toHaveLength(1);

    const other = await placeGuestOrder(uniqueEmail('order-page-device-other'));
    expect((await orderPage({ number: order.number, accessKey: other.accessKey })).status).toBe(404);
  });

  it("the signed-in buyer's session opens their own order without a token; another customer's does not", async () => {
    const buyer = await signedUpCustomer('order-page-owner');
    const stranger = await signedUpCustomer('order-page-stranger');
    const order = await placeGuestOrder(buyer.email, buyer.client);
    const own = await invokeFunction(buyer.client, 'order-page', { number: order.number });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ number: order.number });
    const other = await invokeFunction(stranger.client, 'order-page', { number: order.number });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'order_not_found', message: 'Nie znaleźliśmy takiego zamówienia.' });
  });

  it('a wrong token, a token of another order and an unknown number all get the same 404', async () => {
    const first = await placeGuestOrder(uniqueEmail('order-page-a'));
    const secondEmail = uniqueEmail('order-page-b');
    const second = await placeGuestOrder(secondEmail);
    const [mail] = await waitForMailTo(testBackend().mailUrl, secondEmail, 1);
    const otherToken = linkToken(mail!, second.number);

    const answers = [
      await orderPage({ number: first.number, token: 'A'.repeat(43) }),
      await orderPage({ number: first.number, token: otherToken }),
      await orderPage({ number: first.number }),
      await orderPage({ number: 'KT0000000000', token: otherToken }),
    ];
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(404);
  });

  it('asking for the link answers the same for a match, a wrong email and an unknown number, and mails only the match a working link', async () => {
    const email = uniqueEmail('order-link');
    const order = await placeGuestOrder(email);
    await waitForMailTo(testBackend().mailUrl, email, 1);
    const stranger = uniqueEmail('order-link-stranger');

    const answers = [
      await askForLink(order.number, email.toUpperCase()),
      await askForLink(order.number, stranger),
      await askForLink('KT0000000000', email),
    ];
    for (const answer of answers) expect(answer).toEqual({ status: 200, text: JSON.stringify({ ok: true, message: SENT }) });

    const mails = await waitForMailTo(testBackend().mailUrl, email, 2);
    const linkMail = mails.find((mail) => mail.subject.startsWith('Link do zamówienia'));
    expect(linkMail?.subject).toBe(`Link do zamówienia ${order.number}`);
    const page = await orderPage({ number: order.number, token: linkToken(linkMail!, order.number) });
    expect(page.status).toBe(200);
    expect(await mailTo(testBackend().mailUrl, stranger)).toHaveLength(0);

    // A guest may ask again: each request is its own job.
    await askForLink(order.number, email);
    await waitForMailTo(testBackend().mailUrl, email, 3);
    const { rows } = await withDatabase((db) =>
      db.query("select 1 from mail_jobs where order_id = $1 and kind = 'order-link'", [order.id]),
    );
    expect(rows).toHaveLength(2);
  });

  it("a stranger's requests for the customer's email from elsewhere never block the customer's own link", async () => {
    const email = uniqueEmail('order-link-lockout');
    const order = await placeGuestOrder(email);
    await waitForMailTo(testBackend().mailUrl, email, 1);
    const url = `${testBackend().url}/functions/v1/order-link-request`;
    const headers = { apikey: testBackend().publishableKey };
    // Ten guesses from two other addresses (five each, their own limit).
    for (const address of ['127.0.0.2', '127.0.0.3']) {
      for (let i = 0; i < 5; i += 1) {
        const answer = await postFrom(address, url, headers, { number: `KT${String(i).padStart(10, '0')}`, email });
        expect(answer).toEqual({ status: 200, body: { ok: true, message: SENT } });
      }
    }
    expect((await askForLink(order.number, email)).status).toBe(200);
    const mails = await waitForMailTo(testBackend().mailUrl, email, 2);
    expect(mails.filter((mail) => mail.subject === `Link do zamówienia ${order.number}`)).toHaveLength(1);
  });

  it('bounds the link mails one inbox gets (5 per 15 minutes) with the same neutral answer, from any address', async () => {
    const email = uniqueEmail('order-link-flood');
    const order = await placeGuestOrder(email);
    await waitForMailTo(testBackend().mailUrl, email, 1);
    const url = `${testBackend().url}/functions/v1/order-link-request`;
    const answers = [];
    for (let i = 0; i < 8; i += 1) {
      answers.push(await postFrom(`127.0.0.${10 + i}`, url, { apikey: testBackend().publishableKey }, { number: order.number, email }));
    }
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: { ok: true, message: SENT } });
    await waitForMailTo(testBackend().mailUrl, email, 6);
    // The mails are queued after the answer: give the last requests a moment before counting.
    await new Promise((wait) => setTimeout(wait, 1000));
    const { rows } = await withDatabase((db) =>
      db.query("select 1 from mail_jobs where order_id = $1 and kind = 'order-link'", [order.id]),
    );
    expect(rows).toHaveLength(5);
  });

  it('takes 5 requests per 15 minutes per address, then answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await askForLink('KT0000000000', uniqueEmail(`order-link-ip-${i}`))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const { rows } = await withDatabase((db) =>
      db.query<{ seconds: number }>(
        "select extract(epoch from max(expires_at) - max(hit_at))::int as seconds from private.rate_limit_hits where key = 'order-link:ip:127.0.0.1'",
      ),
    );
    expect(rows[0]!.seconds).toBe(15 * 60);
  });
});
