import { describe, expect, it } from 'vitest';
import { createOwnerInvoicesHandler, invoiceRetryAt, type InvoiceJobsStore } from '../../functions/owner-invoices/handler.ts';
import type { InvoiceOrderRecord, InvoiceRecord, InvoiceStore, IssueRequest } from '../../functions/owner-invoices/issue.ts';
import type { ResendStore } from '../../functions/owner-invoices/resend.ts';
import { fa3SchemaErrors } from '../support/fa3-xsd.ts';
import { SECRET_KEY } from './caller-fixtures.ts';
import { NOW, ORDER_ID, SHOP_OWNER_TOKEN, STRANGER_TOKEN, authenticate } from './payment-fixtures.ts';

const SETTINGS = { company_name: 'Kwiaciarnia', company_address: 'ul. Kwiatowa 1, 37-700 Przemyśl', company_nip: '5252344078' };

const ORDER: InvoiceOrderRecord = {
  id: ORDER_ID,
  status: 'processing',
  amountRefunded: 0,
  invoiceOrder: {
    orderNumber: 'KT123456042',
    items: [{ name: 'Bukiet róż', quantity: 1, price: 12_000, rate: '8' }],
    shippingCost: 1_500,
    servicesCost: 0,
    services: [],
    discount: 0,
    buyer: { nip: '7740001454', company: 'Kwiaty Nowak sp. z o.o.', address: 'ul. Długa 1, 37-740 Bircza' },
    deliveryDate: null,
    paymentMethod: 'transfer',
    paidOn: null,
  },
};

/** The SQL's issuing in memory: one VAT invoice per order, the next number of the series, P_2 filled. */
function setup(settings: Record<string, string> = SETTINGS, order: InvoiceOrderRecord = ORDER) {
  const values = { ...settings };
  const invoices: InvoiceRecord[] = [];
  const failed: { orderId: string; reason: string; retryAt: string | null }[] = [];
  const jobs = [{ orderId: ORDER_ID, attempts: 3 }];
  const xmls: string[] = [];
  const finished: string[] = [];
  const store: InvoiceStore & InvoiceJobsStore & ResendStore = {
    isShopOwner: async (userId) => userId === 'shop-owner-id',
    loadSettings: async () => values,
    findOrder: async (id) => (id === ORDER_ID ? order : null),
    invoicesOf: async (orderId) => invoices.filter((invoice) => invoice.orderId === orderId),
    issue: async (request: IssueRequest) => {
      const number = request.series
        .replace('{rok}', '2025')
        .replace('{miesiąc}', '11')
        .replace('{n}', String(invoices.length + 1));
      const invoice: InvoiceRecord = {
        id: `inv-${invoices.length + 1}`,
        orderId: request.orderId,
        number,
        kind: request.kind,
        state: 'issued',
        issueDate: request.issueDate,
        ksefNumber: null,
        issuedAt: new Date(NOW).toISOString(),
        summary: request.summary,
      };
      invoices.push(invoice);
      xmls.push(request.xml.replace('<P_2>{{numer}}</P_2>', `<P_2>${number}</P_2>`));
      return invoice;
    },
    findInvoice: async (id) => {
      const index = invoices.findIndex((invoice) => invoice.id === id);
      return index < 0 ? null : { ...invoices[index]!, xml: xmls[index]! };
    },
    replaceRejected: async (id, xml, summary) => {
      const index = invoices.findIndex((invoice) => invoice.id === id && invoice.state === 'rejected');
      if (index < 0) return null;
      invoices[index] = { ...invoices[index]!, state: 'issued', summary };
      xmls[index] = xml;
      return invoices[index]!;
    },
    claimJobs: async () => jobs.splice(0),
    finishJob: async (orderId) => {
      finished.push(orderId);
    },
    failJob: async (orderId, reason, retryAt) => {
      failed.push({ orderId, reason, retryAt });
    },
  };
  const handler = createOwnerInvoicesHandler({ authenticate, store, now: () => NOW });
  const call = (body: unknown, headers: Record<string, string>) =>
    handler(
      new Request('http://localhost/owner-invoices', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    );
  return { invoices, failed, finished, xmls, call, values };
}

const owner = { Authorization: `Bearer ${SHOP_OWNER_TOKEN}` };

describe('owner-invoices', () => {
  it("issues the owner's invoice once, as valid FA(3) with the number in P_2", async () => {
    const { invoices, xmls, call } = setup();
    const first = await call({ action: 'issue', orderId: ORDER_ID }, owner);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ invoice: { id: 'inv-1', number: 'FV/2025/11/1', kind: 'VAT', state: 'issued' } });
    expect((await call({ action: 'issue', orderId: ORDER_ID }, owner)).status).toBe(200);
    expect(invoices).toHaveLength(1);
    expect(fa3SchemaErrors(xmls[0]!)).toBeNull();
  });

  it('leaves an unpaid online order to its payment, and issues one paid in full (its automatic issuing failed)', async () => {
    const online = (paidOn: string | null): InvoiceOrderRecord => ({
      ...ORDER,
      invoiceOrder: { ...ORDER.invoiceOrder!, paymentMethod: 'payu', paidOn },
    });
    const unpaid = setup(SETTINGS, online(null));
    const refused = await unpaid.call({ action: 'issue', orderId: ORDER_ID }, owner);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: 'invoice_awaits_payment',
      message: 'Sklep wystawi fakturę, gdy wpłynie płatność.',
    });
    expect(unpaid.invoices).toEqual([]);

    const paid = setup(SETTINGS, online('2025-11-20'));
    expect((await paid.call({ action: 'issue', orderId: ORDER_ID }, owner)).status).toBe(200);
    expect(paid.invoices).toHaveLength(1);
  });

  it('refuses anyone but the owner', async () => {
    const { call } = setup();
    expect((await call({ action: 'issue', orderId: ORDER_ID }, {})).status).toBe(401);
    expect((await call({ action: 'issue', orderId: ORDER_ID }, { Authorization: `Bearer ${STRANGER_TOKEN}` })).status).toBe(403);
  });

  it('names the settings the invoice still needs, in Polish', async () => {
    const { call } = setup({ company_name: 'Kwiaciarnia' });
    const answer = await call({ action: 'issue', orderId: ORDER_ID }, owner);
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { message: string }).message).toBe(
      'Uzupełnij w ustawieniach (Faktury i VAT): NIP sprzedawcy, adres firmy.',
    );
  });

  it('the scheduler issues queued invoices, and a job that fails waits with the reason', async () => {
    const ok = setup();
    const answer = await ok.call({}, { apikey: SECRET_KEY });
    expect(await answer.json()).toEqual({ claimed: 1, issued: 1, failed: 0 });
    expect(ok.invoices).toHaveLength(1);
    expect(ok.finished).toEqual([ORDER_ID]);

    const missing = setup({});
    expect(await (await missing.call({}, { apikey: SECRET_KEY })).json()).toEqual({ claimed: 1, issued: 0, failed: 1 });
    expect(missing.failed).toEqual([
      { orderId: ORDER_ID, reason: expect.stringMatching(/^Uzupełnij w ustawieniach/), retryAt: new Date(NOW + 4 * 60_000).toISOString() },
    ]);
  });

  it('backs off 1, 2, 4 … minutes and gives up after the eighth attempt', () => {
    expect(invoiceRetryAt(NOW, 1)).toBe(new Date(NOW + 60_000).toISOString());
    expect(invoiceRetryAt(NOW, 2)).toBe(new Date(NOW + 2 * 60_000).toISOString());
    expect(invoiceRetryAt(NOW, 7)).toBe(new Date(NOW + 64 * 60_000).toISOString());
    expect(invoiceRetryAt(NOW, 8)).toBeNull();
  });

  it('corrects only what a cancellation or a refund leaves to correct', async () => {
    const { call } = setup();
    expect((await call({ action: 'correct', orderId: ORDER_ID }, owner)).status).toBe(409);
    await call({ action: 'issue', orderId: ORDER_ID }, owner);
    const nothing = await call({ action: 'correct', orderId: ORDER_ID }, owner);
    expect(((await nothing.json()) as { error: string }).error).toBe('nothing_to_correct');
  });

  it("'Wyślij ponownie' rebuilds a rejected invoice from the corrected settings under the same number, and only a rejected one", async () => {
    const { invoices, xmls, call, values } = setup();
    await call({ action: 'issue', orderId: ORDER_ID }, owner);
    const invoiceId = '6f1d2c3b-0000-4000-8000-00000000000a';
    invoices[0] = { ...invoices[0]!, id: invoiceId };
    const notRejected = await call({ action: 'resend', invoiceId }, owner);
    expect(notRejected.status).toBe(409);
    expect(((await notRejected.json()) as { message: string }).message).toBe('Ponownie można wysłać tylko fakturę odrzuconą przez KSeF.');

    invoices[0] = { ...invoices[0]!, state: 'rejected' };
    values.company_name = 'Kwiaciarnia Pod Różą s.c.';
    const resent = await call({ action: 'resend', invoiceId }, owner);
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ invoice: { id: invoiceId, number: 'FV/2025/11/1', kind: 'VAT', state: 'issued' } });
    expect(xmls[0]).toContain('<Nazwa>Kwiaciarnia Pod Różą s.c.</Nazwa>');
    expect(xmls[0]).toContain('<P_2>FV/2025/11/1</P_2>');
    expect(fa3SchemaErrors(xmls[0]!)).toBeNull();
    expect(invoices).toHaveLength(1);

    const bad = await call({ action: 'resend', invoiceId: 'nie-uuid' }, owner);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Nieprawidłowy identyfikator faktury.');
    expect((await call({ action: 'resend', invoiceId }, { Authorization: `Bearer ${STRANGER_TOKEN}` })).status).toBe(403);
  });
});
