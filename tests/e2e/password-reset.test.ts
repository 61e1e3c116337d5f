import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { appUrl, signedUpCustomer, testBackend } from '../support/test-backend.ts';

/**
 * A customer who forgot the password, in real Chromium against the real
 * local backend, through supabase-js's PKCE flow: the reset mail is read
 * from MailDev's REST API, as the customer would read it in their inbox.
 */

const chromium = chromiumPerFile();
const OLD_PASSWORD = 'stare-haslo-123';
const NEW_PASSWORD = 'nowe-haslo-456';
/** Set SHOTS_DIR to keep screenshots of both states of /reset-password. */
const SHOTS_DIR = process.env.SHOTS_DIR;

interface ReceivedMail {
  subject: string;
  html?: string;
  text?: string;
  to: { address: string }[];
}

/** The reset mail to the address (MailDev's REST API) and its link. */
async function resetMailFor(address: string): Promise<{ link: string; html: string }> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((wait) => setTimeout(wait, 200))) {
    const response = await fetch(`${testBackend().mailUrl}/api/email`);
    const mails = ((await response.json()) as ReceivedMail[]).filter((mail) => mail.to.some((to) => to.address === address));
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mails[0]?.text ?? '')?.[0];
    if (link) {
      expect(mails[0]!.subject).toBe('Ustaw nowe hasło — Kwiaciarnia Pod Różą');
      return { link, html: mails[0]!.html ?? '' };
    }
  }
  throw new Error(`no reset mail to ${address}`);
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const { width } = page.viewportSize()!;
  await page.screenshot({ path: join(SHOTS_DIR, `reset-${name}-${width}.png`), fullPage: true });
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(appUrl('/login'));
  const form = page.getByRole('form', { name: 'Logowanie' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Hasło', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Zaloguj się' }).click();
}

describe('password reset', () => {
  it.each([
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ])('a customer resets the password through the mail at $width px, lands signed in, and only the new password works', async (viewport) => {
    const { email } = await signedUpCustomer('reset-e2e', OLD_PASSWORD);
    const context = await chromium.browser.newContext({ viewport });
    const page = await context.newPage();

    await page.goto(appUrl('/login'));
    await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click();
    await page.waitForURL(appUrl('/reset-password'));
    const request = page.getByRole('form', { name: 'Przypomnienie hasła' });
    await request.getByLabel('E-mail').fill(email);
    await shot(page, 'request');
    await request.getByRole('button', { name: 'Wyślij link' }).click();
    const answer = page.getByText('Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link');
    await answer.waitFor();
    // Focus moves to the answer, so a screen reader reads it out.
    expect(await answer.evaluate((element) => element === document.activeElement)).toBe(true);
    await shot(page, 'sent');

    const mail = await resetMailFor(email);
    if (SHOTS_DIR) {
      // The mail as the customer's phone or desktop shows it.
      const inbox = await context.newPage();
      await inbox.setContent(mail.html);
      await shot(inbox, 'mail');
      await inbox.close();
    }
    // PKCE: the mail's link comes back with a one-time code for this browser, never with tokens.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto(mail.link);
    const form = page.getByRole('form', { name: 'Nowe hasło' });
    await form.waitFor();
    expect(await form.textContent()).toContain(email);
    expect(visited.some((url) => new URL(url).pathname === '/reset-password' && new URL(url).searchParams.has('code'))).toBe(true);
    expect(visited.filter((url) => url.includes('access_token'))).toEqual([]);
    // The code does not stay in the address bar.
    expect(new URL(page.url()).hash).toBe('');
    expect(new URL(page.url()).search).toBe('');
    await form.getByLabel('Nowe hasło').fill(NEW_PASSWORD);
    await form.getByLabel('Powtórz hasło').fill(NEW_PASSWORD);
    await shot(page, 'new-password');
    await form.getByRole('button', { name: 'Zapisz nowe hasło' }).click();

    await page.waitForURL(appUrl('/account'));
    await page.getByText('Hasło zostało zmienione. Jesteś zalogowany.').waitFor();
    expect(await page.locator('main').textContent()).toContain(email);
    await shot(page, 'account');

    // The same link a second time: used up.
    const used = await context.newPage();
    await used.goto(mail.link);
    await used.getByText('Link do ustawienia nowego hasła wygasł albo został już użyty').waitFor();
    await shot(used, 'expired');
    await used.close();

    await page.getByRole('button', { name: /Panel klienta/ }).click();
    await page.getByRole('menuitem', { name: 'Wyloguj się' }).click();
    await page.waitForFunction(() => !Object.keys(localStorage).some((key) => key.startsWith('sb-')));

    await logIn(page, email, OLD_PASSWORD);
    await page.getByRole('form', { name: 'Logowanie' }).getByText('Nieprawidłowy e-mail lub hasło').waitFor();
    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL(appUrl('/'));
    await page.goto(appUrl('/account'));
    await page.getByText(email).first().waitFor();
    await context.close();
  });
});
