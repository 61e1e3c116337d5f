import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactMail, readContactMailConfig } from '../../functions/send-contact-email/deps.ts';
import {
  createSendContactEmailHandler,
  type ContactMessageRecord,
  type SendContactEmailDeps,
} from '../../functions/send-contact-email/handler.ts';
import { GUEST_HEADERS, fakeAuthenticate } from './caller-fixtures.ts';

function fakeDeps(overrides: Partial<SendContactEmailDeps> = {}) {
  const stored: ContactMessageRecord[] = [];
  const mailed: ContactMessageRecord[] = [];
  const deps: SendContactEmailDeps = {
    authenticate: fakeAuthenticate(),
    storeMessage: async (message) => {
      stored.push(message);
    },
    sendMail: async (message) => {
      mailed.push(message);
    },
    ...overrides,
  };
  return { deps, stored, mailed };
}

function post(body: unknown, contentType = 'application/json') {
  return new Request('http://functions.test/send-contact-email', {
    method: 'POST',
    headers: { 'Content-Type': contentType, ...GUEST_HEADERS },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const valid = {
  name: '  Anna Kowalska ',
  email: 'anna@example.pl',
  phone: '',
  subject: 'order',
  message: 'Czy mogę zamówić wiązankę na sobotę?',
};

afterEach(() => vi.restoreAllMocks());

describe('send-contact-email handler', () => {
  it('stores a valid message (trimmed, empty phone as null), mails it and answers { ok: true }', async () => {
    const { deps, stored, mailed } = fakeDeps();
    const response = await createSendContactEmailHandler(deps)(post(valid));

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(stored).toEqual([{ name: 'Anna Kowalska', email: 'anna@example.pl', phone: null, subject: 'order', message: valid.message }]);
    expect(mailed).toEqual(stored);
  });

  it('works without a mail provider: stored, 200', async () => {
    const { deps, stored } = fakeDeps({ sendMail: undefined });
    const response = await createSendContactEmailHandler(deps)(post({ ...valid, phone: '+48 600 100 200' }));
    expect(response.status).toBe(200);
    expect(stored[0]?.phone).toBe('+48 600 100 200');
  });

  it('refuses missing fields with the Polish messages and stores nothing', async () => {
    const { deps, stored, mailed } = fakeDeps();
    const response = await createSendContactEmailHandler(deps)(post({}));
    const body = (await response.json()) as { error: string; message: string; fields: Record<string, string> };

    expect(response.status).toBe(400);
    expect(body.error).toBe('validation_failed');
    expect(body.message).toBe(
      'Imię i nazwisko jest wymagane, Adres e-mail jest wymagany, Wybierz temat wiadomości, Wiadomość jest wymagana',
    );
    expect(body.fields).toEqual({
      name: 'Imię i nazwisko jest wymagane',
      email: 'Adres e-mail jest wymagany',
      subject: 'Wybierz temat wiadomości',
      message: 'Wiadomość jest wymagana',
    });
    expect(stored).toEqual([]);
    expect(mailed).toEqual([]);
  });

  it('refuses blank values, a bad email, a bad phone, an unknown subject and an over-long message', async () => {
    const { deps, stored } = fakeDeps();
    const response = await createSendContactEmailHandler(deps)(
      post({ name: '   ', email: 'nie-email', phone: 'abc', subject: 'spam', message: 'x'.repeat(5001) }),
    );
    const body = (await response.json()) as { fields: Record<string, string> };

    expect(response.status).toBe(400);
    expect(body.fields).toEqual({
      name: 'Imię i nazwisko jest wymagane',
      email: 'Nieprawidłowy format adresu e-mail',
      phone: 'Nieprawidłowy format telefonu (użyj formatu: +48 123 456 789)',
      subject: 'Wybierz temat wiadomości',
      message: 'Wiadomość może mieć najwyżej 5000 znaków',
    });
    expect(stored).toEqual([]);
  });

  it('refuses a body that is not JSON, or not a JSON object', async () => {
    const { deps, stored } = fakeDeps();
    const handler = createSendContactEmailHandler(deps);

    const broken = await handler(post('{"name": "Anna"'));
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: 'invalid_json' });

    const array = await handler(post([valid]));
    expect(array.status).toBe(400);

    const text = await handler(post('name=Anna', 'text/plain'));
    expect(text.status).toBe(415);
    expect(stored).toEqual([]);
  });

  it('still answers 200 when the mail fails, because the message is stored', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { deps, stored } = fakeDeps({
      sendMail: async () => {
        throw new Error('Resend is down');
      },
    });
    const response = await createSendContactEmailHandler(deps)(post(valid));

    expect(response.status).toBe(200);
    expect(stored).toHaveLength(1);
    expect(logged).toHaveBeenCalled();
  });

  it('answers 500 without details when storing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { deps, mailed } = fakeDeps({
      storeMessage: async () => {
        throw new Error('db password=secret');
      },
    });
    const response = await createSendContactEmailHandler(deps)(post(valid));
    const text = await response.text();

    expect(response.status).toBe(500);
    expect(text).not.toContain('secret');
    expect(mailed).toEqual([]);
  });

  it('answers the CORS preflight and refuses GET', async () => {
    const handler = createSendContactEmailHandler(fakeDeps().deps);
    const preflight = await handler(new Request('http://functions.test/send-contact-email', { method: 'OPTIONS' }));
    expect(preflight.status).toBe(200);
    expect((await handler(new Request('http://functions.test/send-contact-email'))).status).toBe(405);
  });
});

describe('send-contact-email mail configuration', () => {
  const env = (values: Record<string, string>) => (name: string) => values[name];

  it('mails only when a mailer (SMTP_URL or RESEND_API_KEY) is set; without CONTACT_EMAIL_TO to the company email', () => {
    expect(readContactMailConfig(env({}))).toBeNull();
    expect(readContactMailConfig(env({ CONTACT_EMAIL_TO: 'sklep@example.pl' }))).toBeNull();
    const resend = readContactMailConfig(env({ RESEND_API_KEY: 're_123', CONTACT_EMAIL_TO: 'sklep@example.pl' }));
    expect(resend?.to).toBe('sklep@example.pl');
    expect(resend?.mailer.transport).toBe('resend');
    const smtp = readContactMailConfig(env({ SMTP_URL: 'smtp://127.0.0.1:2525' }));
    expect(smtp?.mailer.transport).toBe('smtp');
    expect(smtp?.to).toBeNull();
  });

  it('addresses the shop with the customer as reply-to, the subject label and the message in both parts', () => {
    const mail = contactMail(
      { name: 'Anna', email: 'anna@example.pl', phone: null, subject: 'complaint', message: 'Treść <b>pogrubiona</b>' },
      'sklep@example.pl',
    );
    expect(mail).toMatchObject({ to: 'sklep@example.pl', replyTo: 'anna@example.pl' });
    expect(mail.subject).toContain('Reklamacja');
    expect(mail.text).toContain('Treść <b>pogrubiona</b>');
    expect(mail.html).toContain('Treść &#60;b&#62;pogrubiona&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>');
  });
});
