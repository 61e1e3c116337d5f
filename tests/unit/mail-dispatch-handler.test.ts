import { describe, expect, it, vi } from 'vitest';
import type { MailMessage, Mailer } from '../../functions/_shared/mailer.ts';
import type { MailContext } from '../../functions/_shared/mail/templates.ts';
import { createMailDispatchHandler, type ClaimedJob, type MailDispatchDeps } from '../../functions/mail-dispatch/handler.ts';
import { mailContext, type OrderMailRow } from '../../functions/mail-dispatch/order-context.ts';
import { GUEST_HEADERS, SECRET_KEY, fakeAuthenticate } from './caller-fixtures.ts';

const ROW: OrderMailRow = {
  id: 'order-1',
  payu_order_id: 'KT2611240001',
  customer_name: 'Anna Kowalska',
  customer_email: 'anna@example.pl',
  customer_phone: '+48 600 100 200',
  subtotal: 120,
  shipping_cost: 0,
  services: [{ id: 'candle', label: 'Zapalenie znicza', price: 15 }],
  total: 135,
  delivery_method: 'cemetery',
  delivery_address: { street: 'Słowackiego', houseNumber: '1', apartment: '', city: 'Przemyśl', postalCode: '37-700' },
  delivery_date: '2026-11-28',
  delivery_window_label: '9:00–12:00',
  pickup_time: null,
  recipient_kind: 'self',
  recipient_name: 'Anna Kowalska',
  recipient_phone: '+48 600 100 200',
  payment_method: 'payu',
  created_at: '2026-11-24T10:00:00Z',
  order_items: [{ product_name: 'Znicz', quantity: 3, price: 40 }],
};
const SETTINGS = { company_name: 'Kwiaciarnia Pod Różą', company_email: 'kontakt@kwiaciarnia.pl', company_phone: '+48 16 000 00 00' };

function job(id: string, kind = 'order-confirmation', recipient = 'anna@example.pl'): ClaimedJob {
  return { id, order_id: 'order-1', kind, recipient, attempts: 1 };
}

function setup(
  options: { queue?: ClaimedJob[]; mailer?: Mailer | null; failFor?: string; attachmentsFor?: MailDispatchDeps['attachmentsFor'] } = {},
) {
  const queue = [...(options.queue ?? [])];
  const sent: MailMessage[] = [];
  const finished: [string, string | null][] = [];
  const mailer: Mailer = {
    transport: 'smtp',
    async send(message) {
      if (options.failFor === message.to) throw new Error('SMTP delivery failed: connect ECONNREFUSED');
      sent.push(message);
    },
  };
  const deps: MailDispatchDeps = {
    authenticate: fakeAuthenticate(),
    mailer: options.mailer === undefined ? mailer : options.mailer,
    claim: async (limit) => queue.splice(0, limit),
    finish: async (id, error) => {
      finished.push([id, error]);
    },
    loadContext: async (): Promise<MailContext> => mailContext(ROW, SETTINGS, 'https://sklep.example.pl'),
    ...(options.attachmentsFor ? { attachmentsFor: options.attachmentsFor } : {}),
  };
  return { handler: createMailDispatchHandler(deps), sent, finished };
}

const post = (headers: Record<string, string>) =>
  new Request('http://functions.test/mail-dispatch', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: '{}',
  });

describe('mail-dispatch', () => {
  it('refuses a guest with 403 and a JSON error, and a request without a key with 401; nothing is claimed', async () => {
    const { handler, sent } = setup({ queue: [job('1')] });
    const guest = await handler(post(GUEST_HEADERS));
    expect(guest.status).toBe(403);
    expect(await guest.json()).toMatchObject({ error: 'forbidden' });
    expect((await handler(post({}))).status).toBe(401);
    expect(sent).toEqual([]);
  });

  it('sends each claimed job with its template, the shop as reply-to, and records it as sent', async () => {
    const { handler, sent, finished } = setup({ queue: [job('1'), job('2', 'owner-new-order', 'kontakt@kwiaciarnia.pl')] });
    const response = await handler(post({ apikey: SECRET_KEY }));
    expect(await response.json()).toEqual({ claimed: 2, sent: 2, failed: 0, transport: 'smtp' });
    expect(sent.map((mail) => [mail.to, mail.subject, mail.replyTo])).toEqual([
      ['anna@example.pl', 'Potwierdzenie zamówienia KT2611240001 – Kwiaciarnia Pod Różą', 'kontakt@kwiaciarnia.pl'],
      ['kontakt@kwiaciarnia.pl', 'Nowe zamówienie KT2611240001 – 135,00\u00a0zł', 'anna@example.pl'],
    ]);
    expect(sent[0]!.text).toContain('Zapalenie znicza: 15,00\u00a0zł');
    expect(sent[0]!.text).toContain('Adres dostawy: Słowackiego 1, 37-700 Przemyśl');
    expect(finished).toEqual([
      ['1', null],
      ['2', null],
    ]);
  });

  it('records a failed send with its error (to be retried) and still answers 200', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { handler, finished } = setup({ queue: [job('1')], failFor: 'anna@example.pl' });
    const response = await handler(post({ apikey: SECRET_KEY }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    expect(finished).toEqual([['1', 'SMTP delivery failed: connect ECONNREFUSED']]);
  });

  it('claims nothing when no mail transport is configured, so the jobs wait', async () => {
    const { handler, finished } = setup({ queue: [job('1')], mailer: null });
    expect(await (await handler(post({ apikey: SECRET_KEY }))).json()).toEqual({ claimed: 0, sent: 0, failed: 0, transport: null });
    expect(finished).toEqual([]);
  });

  it('sends an invoice mail with the file its job needs, and retries the job when the file cannot be made', async () => {
    const details = {
      invoiceId: '5f0c2a52-8a8e-4d3c-9d57-0a4b8f1f2e01',
      number: 'FV/2026/11/3',
      ksefNumber: '5252344078-20261129-0100A1B2C3D4-7F',
    };
    const pdf = { filename: 'Faktura-FV-2026-11-3.pdf', contentType: 'application/pdf', content: new Uint8Array([37, 80, 68, 70]) };
    const ok = setup({
      queue: [{ ...job('1', 'invoice'), details }, job('2')],
      attachmentsFor: async (claimed) => (claimed.kind === 'invoice' ? [pdf] : []),
    });
    await ok.handler(post({ apikey: SECRET_KEY }));
    expect(ok.sent.map((mail) => [mail.subject, mail.attachments])).toEqual([
      ['Faktura do zamówienia KT2611240001', [pdf]],
      [expect.stringContaining('Potwierdzenie zamówienia'), undefined],
    ]);

    const broken = setup({
      queue: [{ ...job('3', 'invoice'), details }],
      attachmentsFor: async () => {
        throw new Error('invoice is not an accepted invoice of the order');
      },
    });
    await broken.handler(post({ apikey: SECRET_KEY }));
    expect(broken.sent).toEqual([]);
    expect(broken.finished).toEqual([['3', 'invoice is not an accepted invoice of the order']]);
  });
});
