import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM, RESEND_TEST_FROM, mailerFromEnv } from '../../functions/_shared/mailer.ts';

const message = {
  to: 'anna@example.pl',
  subject: 'Zamówienie K-1',
  html: '<p>Dziękujemy</p>',
  text: 'Dziękujemy',
  replyTo: 'sklep@example.pl',
};

function recordingFetch(status = 200, body = '{"id":"1"}') {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mailer selection', () => {
  it('is null when neither SMTP_URL nor RESEND_API_KEY is set (blank values count as unset)', () => {
    expect(mailerFromEnv({})).toBeNull();
    expect(mailerFromEnv({ SMTP_URL: '  ', RESEND_API_KEY: '', MAIL_FROM: 'a@b.pl' })).toBeNull();
  });

  it('uses SMTP when SMTP_URL is set, also when a Resend key is set too', () => {
    expect(mailerFromEnv({ SMTP_URL: 'smtp://127.0.0.1:54325' })?.transport).toBe('smtp');
    expect(mailerFromEnv({ SMTP_URL: 'smtp://127.0.0.1:54325', RESEND_API_KEY: 're_1' })?.transport).toBe('smtp');
  });

  it('uses Resend with only RESEND_API_KEY', () => {
    expect(mailerFromEnv({ RESEND_API_KEY: 're_1' })?.transport).toBe('resend');
  });
});

describe('Resend mailer', () => {
  it('posts from, to, subject, both parts and reply_to with the key as a Bearer', async () => {
    const { calls, fetchImpl } = recordingFetch();
    await mailerFromEnv({ RESEND_API_KEY: 're_1', MAIL_FROM: 'Sklep <sklep@example.pl>' }, fetchImpl)!.send(message);

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.resend.com/emails');
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe('Bearer re_1');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      from: 'Sklep <sklep@example.pl>',
      to: ['anna@example.pl'],
      subject: 'Zamówienie K-1',
      html: '<p>Dziękujemy</p>',
      text: 'Dziękujemy',
      reply_to: 'sklep@example.pl',
    });
  });

  it('attaches a file as Resend documents it: filename, base64 content and content_type', async () => {
    const { calls, fetchImpl } = recordingFetch();
    // Larger than one encoding chunk, every byte value present.
    const pdf = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256);
    await mailerFromEnv({ RESEND_API_KEY: 're_1' }, fetchImpl)!.send({
      ...message,
      attachments: [{ filename: 'Faktura-FV-2026-11-1.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const body = JSON.parse(String(calls[0]?.init.body)) as { attachments: { filename: string; content: string; content_type: string }[] };
    expect(body.attachments).toEqual([
      { filename: 'Faktura-FV-2026-11-1.pdf', content: Buffer.from(pdf).toString('base64'), content_type: 'application/pdf' },
    ]);
  });

  it("sends from Resend's test sender when MAIL_FROM is not set", async () => {
    const { calls, fetchImpl } = recordingFetch();
    await mailerFromEnv({ RESEND_API_KEY: 're_1' }, fetchImpl)!.send(message);
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({ from: RESEND_TEST_FROM });
    expect(RESEND_TEST_FROM).not.toBe(DEFAULT_MAIL_FROM);
  });

  it('rejects with the status and the answer when Resend refuses', async () => {
    const { fetchImpl } = recordingFetch(422, '{"message":"domain not verified"}');
    await expect(mailerFromEnv({ RESEND_API_KEY: 're_1' }, fetchImpl)!.send(message)).rejects.toThrow(/HTTP 422.*domain not verified/);
  });

  it('rejects with a readable error when Resend cannot be reached', async () => {
    const fetchImpl = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(mailerFromEnv({ RESEND_API_KEY: 're_1' }, fetchImpl)!.send(message)).rejects.toThrow(
      'Resend could not be reached: fetch failed',
    );
  });
});

describe('SMTP mailer', () => {
  it('rejects at once, naming the recipient, when nothing listens on the SMTP port', async () => {
    const port = await closedPort();
    const started = Date.now();
    await expect(mailerFromEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` })!.send(message)).rejects.toThrow(
      /SMTP delivery to anna@example.pl failed: .*ECONNREFUSED/,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up after the greeting timeout (~5 s) on a server that accepts but never speaks', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      await expect(mailerFromEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` })!.send(message)).rejects.toThrow(/Greeting never received/);
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      silent.close();
    }
  }, 15_000);
});
