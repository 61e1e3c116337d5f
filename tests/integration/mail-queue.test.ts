import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mailSource, mailTo, receivedMail, waitForMailTo, type ReceivedMail } from '../support/maildev.ts';
import {
  anonClient,
  checkoutFor,
  invokeFunction,
  serviceClient,
  signedInOwner,
  someProducts,
  testBackend,
  uniqueEmail,
  withDatabase,
} from '../support/test-backend.ts';

/**
 * The mail queue on the shared backend: an order queues its mails in the
 * database, place-order kicks mail-dispatch, and the mails land in the
 * backend's MailDev (read through its REST API).
 */

const OWNER_INBOX = 'kontakt@kwiaciarnia.local';

async function placeGuestOrder(email: string): Promise<{ id: string; number: string }> {
  const [product] = await someProducts(1);
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    // Names cannot hold markup (src/domain/text-rules.ts); the company's name can, and is mailed too.
    checkout: checkoutFor({
      email,
      firstName: 'Ala',
      lastName: 'Nowak',
      wantsInvoice: true,
      invoiceNip: '7740001454',
      invoiceCompany: 'Ala <b> Nowak & syn',
      invoiceAddress: 'ul. Długa 1, 37-700 Przemyśl',
    }),
    items: [{ productId: product!.id, quantity: 2 }],
  });
  expect(answer.status).toBe(201);
  const order = answer.body.order as { id: string };
  const { rows } = await withDatabase((db) =>
    db.query<{ number: string }>('select payu_order_id as number from orders where id = $1', [order.id]),
  );
  return { id: order.id, number: rows[0]!.number };
}

async function dispatch(): Promise<Record<string, unknown>> {
  const response = await fetch(`${testBackend().url}/functions/v1/mail-dispatch`, {
    method: 'POST',
    headers: { apikey: testBackend().secretKey, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function ownerMailsFor(number: string): Promise<ReceivedMail[]> {
  return (await mailTo(testBackend().mailUrl, OWNER_INBOX)).filter((mail) => mail.subject.includes(number));
}

async function jobStates(orderId: string): Promise<Record<string, string>> {
  const { rows } = await withDatabase((db) =>
    db.query<{ kind: string; state: string }>('select kind, state from mail_jobs where order_id = $1', [orderId]),
  );
  return Object.fromEntries(rows.map((row) => [row.kind, row.state]));
}

describe('order mails through MailDev', () => {
  it('an order brings exactly one confirmation to the customer and one notice to the owner, also after more dispatch runs', async () => {
    const email = uniqueEmail('mail-order');
    const order = await placeGuestOrder(email);

    const [confirmation] = await waitForMailTo(testBackend().mailUrl, email, 1);
    // The shop's name is whatever company_name says at sending time (rls-matrix renames it for a moment, in parallel).
    expect(confirmation?.subject).toMatch(new RegExp(`^Potwierdzenie zamówienia ${order.number} – \\S.*$`));
    await expect.poll(() => ownerMailsFor(order.number).then((mails) => mails.length), { timeout: 15_000 }).toBe(1);

    await dispatch();
    await dispatch();
    expect(await mailTo(testBackend().mailUrl, email)).toHaveLength(1);
    expect(await ownerMailsFor(order.number)).toHaveLength(1);
    expect(await jobStates(order.id)).toEqual({ 'order-confirmation': 'sent', 'owner-new-order': 'sent' });

    // What the customer reads: the number, the seller, the withdrawal notice, both parts; their own text stays text.
    expect(confirmation!.text).toContain(order.number);
    expect(confirmation!.text).toContain('art. 38 ust. 1');
    expect(confirmation!.text).toContain('Tytuł przelewu: Zamówienie ' + order.number);
    expect(confirmation!.text).toMatch(/^Dzień dobry,$/m);
    // The footer links the shop where it really runs (SITE_URL), not the seed's old localhost:4173.
    expect(confirmation!.text).toContain(new URL(testBackend().appUrl).origin);
    expect(confirmation!.text).not.toContain('localhost:4173');
    expect(confirmation!.html).toContain('Ala &#60;b&#62; Nowak &#38; syn');
    expect(confirmation!.html).not.toContain('Ala <b>');
    expect(await mailSource(testBackend().mailUrl, confirmation!.id)).toMatch(new RegExp(`^Reply-To: ${OWNER_INBOX}`, 'mi'));
    const [notice] = await ownerMailsFor(order.number);
    expect(notice!.text).toContain(`/admin/orders?id=${order.id}`);
    expect(await mailSource(testBackend().mailUrl, notice!.id)).toMatch(new RegExp(`^Reply-To: ${email}`, 'mi'));
  });

  it("the owner's 'W realizacji' brings the customer that mail once, however often the status flips", async () => {
    const email = uniqueEmail('mail-status');
    const order = await placeGuestOrder(email);
    await waitForMailTo(testBackend().mailUrl, email, 1);

    const owner = await signedInOwner();
    for (const status of ['processing', 'pending', 'processing']) {
      const { error } = await owner.from('orders').update({ status }).eq('id', order.id);
      expect(error).toBeNull();
    }
    await dispatch();
    const mails = await waitForMailTo(testBackend().mailUrl, email, 2);
    await dispatch();
    const processing = (await mailTo(testBackend().mailUrl, email)).filter((mail) => mail.subject.includes('w realizacji'));
    expect(processing.map((mail) => mail.subject)).toEqual([`Zamówienie ${order.number} jest w realizacji`]);
    expect(mails).toHaveLength(2);
  });

  it('a payment marked by the gateway, a delivery on its way and a cancellation with the owner’s reason each bring their mail', async () => {
    const email = uniqueEmail('mail-steps');
    const order = await placeGuestOrder(email);
    await waitForMailTo(testBackend().mailUrl, email, 1);

    const service = serviceClient();
    // As recordPaymentResult does: the gateway's COMPLETED, then the move to 'W realizacji' - one mail says both.
    await service.from('orders').update({ payu_status: 'COMPLETED' }).eq('id', order.id);
    await service.from('orders').update({ status: 'processing' }).eq('id', order.id);
    await service.from('orders').update({ fulfilment_state: 'out-for-delivery' }).eq('id', order.id);
    const owner = await signedInOwner();
    const cancelled = await owner
      .from('orders')
      .update({ status: 'cancelled', cancel_reason: 'Droga do cmentarza jest zamknięta' })
      .eq('id', order.id);
    expect(cancelled.error).toBeNull();
    await dispatch();

    const mails = await waitForMailTo(testBackend().mailUrl, email, 4);
    // The confirmation's subject ends with the shop's name, which a parallel test may rename for a moment.
    const subjects = mails.map((mail) => mail.subject.replace(/^(Potwierdzenie zamówienia KT\d+) – .+$/, '$1'));
    expect(subjects.sort()).toEqual(
      [
        `Potwierdzenie zamówienia ${order.number}`,
        `Otrzymaliśmy płatność za zamówienie ${order.number}`,
        `Zamówienie ${order.number} jest w drodze`,
        `Zamówienie ${order.number} zostało anulowane`,
      ].sort(),
    );
    expect(mails.find((mail) => mail.subject.includes('anulowane'))!.text).toContain('Powód: Droga do cmentarza jest zamknięta');
    expect(await jobStates(order.id)).not.toHaveProperty('status-processing');
  });

  it('mail-dispatch refuses a guest (anon key) and answers JSON', async () => {
    const response = await fetch(`${testBackend().url}/functions/v1/mail-dispatch`, {
      method: 'POST',
      headers: { apikey: testBackend().anonKey, Authorization: `Bearer ${testBackend().anonKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'forbidden' });
    expect(Array.isArray(await receivedMail(testBackend().mailUrl))).toBe(true);
  });
});
