import { describe, expect, it, vi } from 'vitest';
import { htmlToText, readAuthMailTemplate, readRedirectAllowList, renderAuthMail } from '../../server/local-backend/auth/config.ts';
import {
  hashRecoveryToken,
  isRedirectAllowed,
  newRecoveryToken,
  redirectTarget,
  sendInBackground,
  type AuthMailMessage,
} from '../../server/local-backend/auth/recovery.ts';

const SITE = 'https://sklep.example.pl';
const ALLOW = ['https://sklep.example.pl/reset-password', 'https://*.sklep.example.pl/**'];

describe('recovery link tokens', () => {
  it('are 256 random bits, kept as their SHA-256 only', () => {
    const first = newRecoveryToken();
    const second = newRecoveryToken();
    expect(Buffer.from(first.token, 'base64url')).toHaveLength(32);
    expect(first.token).not.toBe(second.token);
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.hash).toBe(hashRecoveryToken(first.token));
    expect(first.hash).not.toContain(first.token);
  });
});

describe('where an auth link may send the browser (GoTrue IsRedirectURLValid)', () => {
  it.each([
    ['https://sklep.example.pl/reset-password', true],
    ['https://sklep.example.pl/any/page?x=1', true],
    ['https://www.sklep.example.pl/reset-password', true],
    ['http://localhost:4173/reset-password', false],
    ['http://127.0.0.1:9999/x', true],
    ['https://evil.example/reset-password', false],
    ['https://sklep.example.pl.evil.example/reset-password', false],
    // `*` stays within one host label.
    ['https://a.b.sklep.example.pl/x', false],
    ['http://2130706433/x', true],
    ['http://10.0.0.1/x', false],
    ['javascript:alert(1)', false],
    ['/reset-password', false],
    ['', false],
  ])('%s → %s', (url, allowed) => {
    expect(isRedirectAllowed(url, SITE, ALLOW)).toBe(allowed);
  });

  it('lets a localhost site take any port, as GoTrue does for loopback', () => {
    expect(isRedirectAllowed('http://localhost:5173/reset-password', 'http://localhost:4173', [])).toBe(true);
    expect(isRedirectAllowed('https://localhost:5173/reset-password', 'http://localhost:4173', [])).toBe(false);
  });

  it('falls back to the Referer, then to the site URL', () => {
    expect(redirectTarget('https://evil.example/', `${SITE}/login`, SITE, ALLOW)).toBe(`${SITE}/login`);
    expect(redirectTarget('https://evil.example/', 'https://evil.example/', SITE, ALLOW)).toBe(SITE);
    expect(redirectTarget(null, undefined, SITE, ALLOW)).toBe(SITE);
  });

  it("reads the allow-list from supabase/config.toml: the shop's https pages, no localhost", () => {
    const list = readRedirectAllowList();
    expect(list).toContain('https://sklep.example.pl/reset-password');
    expect(list.filter((entry) => !entry.startsWith('https://'))).toEqual([]);
    expect(list.filter((entry) => /localhost|127\.0\.0\.1/.test(entry))).toEqual([]);
  });

  it('still lets the local auth send links back to its own site on any localhost port, with the hosted list', () => {
    const list = readRedirectAllowList();
    expect(isRedirectAllowed('http://localhost:4173/reset-password', 'http://localhost:4173', list)).toBe(true);
    expect(isRedirectAllowed('http://localhost:5173/login', 'http://localhost:4173', list)).toBe(true);
    // A hosted project (its site the shop's https address) sends no link to a developer's machine.
    expect(isRedirectAllowed('http://localhost:4173/reset-password', 'https://sklep.example.pl', list)).toBe(false);
  });
});

describe('the recovery mail', () => {
  const link = 'http://localhost:54321/auth/v1/verify?token=abc&type=recovery&redirect_to=http%3A%2F%2Flocalhost%3A4173%2Freset-password';

  it('is the hosted Polish template, with every variable filled and escaped, and a plain-text part with the link', () => {
    const mail = renderAuthMail(readAuthMailTemplate('recovery'), 'anna@example.test', {
      ConfirmationURL: link,
      Email: 'anna@example.test',
      SiteURL: 'http://localhost:4173',
      RedirectTo: 'http://localhost:4173/reset-password',
    });
    expect(mail.to).toBe('anna@example.test');
    expect(mail.subject).toBe('Ustaw nowe hasło — Kwiaciarnia Pod Różą');
    expect(mail.html).not.toMatch(/\{\{/);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail.text).toContain(`Ustaw nowe hasło: ${link}`);
    expect(mail.text).toContain('anna@example.test');
    expect(mail.text).toContain('otwórz go w ciągu 5 minut');
    expect(mail.text).not.toMatch(/<|&amp;/);
  });

  it('refuses a template naming a variable the local auth does not fill', () => {
    expect(() =>
      renderAuthMail({ subject: 'x', html: '<p>{{ .Token }}</p>' }, 'a@b.pl', {
        ConfirmationURL: '',
        Email: '',
        SiteURL: '',
        RedirectTo: '',
      }),
    ).toThrow(/Token/);
  });

  it('turns paragraphs and links into readable text', () => {
    expect(htmlToText('<body><p>Ala &amp; kot</p><p><a href="https://x.pl/?a=1&amp;b=2">Kliknij</a></p></body>')).toBe(
      'Ala & kot\n\nKliknij: https://x.pl/?a=1&b=2',
    );
  });
});

describe('sending in the background', () => {
  const message: AuthMailMessage = { to: 'a@b.pl', subject: 's', html: '<p>h</p>', text: 'h' };

  it('retries a failed delivery and stops once it went through', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('ECONNREFUSED')).mockResolvedValueOnce(undefined);
    const log = vi.fn();
    expect(await sendInBackground({ send }, message, { delaysMs: [1, 1], log })).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/retrying: ECONNREFUSED/));
  });

  it('gives up after the last retry, without throwing', async () => {
    const send = vi.fn().mockRejectedValue(new Error('down'));
    const log = vi.fn();
    expect(await sendInBackground({ send }, message, { delaysMs: [1, 1], log })).toBe(false);
    expect(send).toHaveBeenCalledTimes(3);
    expect(log).toHaveBeenLastCalledWith(expect.stringMatching(/giving up: down/));
  });
});

describe('the sign-up confirmation mail', () => {
  it('is the hosted Polish template named in supabase/config.toml, with the link', () => {
    const link = 'http://localhost:54321/auth/v1/verify?token=pkce_abc&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A4173%2Flogin';
    const mail = renderAuthMail(readAuthMailTemplate('confirmation'), 'ola@example.test', {
      ConfirmationURL: link,
      Email: 'ola@example.test',
      SiteURL: 'http://localhost:4173',
      RedirectTo: 'http://localhost:4173/login',
    });
    expect(mail.subject).toBe('Potwierdź adres e-mail — Kwiaciarnia Pod Różą');
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail.text).toContain(`Potwierdź adres: ${link}`);
    expect(mail.text).toContain('ola@example.test');
    expect(mail.html).not.toMatch(/\{\{/);
  });
});
