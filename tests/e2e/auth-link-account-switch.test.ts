import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { waitForMailTo } from '../support/maildev.ts';
import { appUrl, signedUpCustomer, testBackend } from '../support/test-backend.ts';

/**
 * Links that would sign someone in, opened by a customer who is already
 * signed in, in real Chromium against the local backend: tokens in a URL
 * fragment are never taken (login CSRF), and a reset link for another
 * account asks before it replaces the signed-in one.
 */

const chromium = chromiumPerFile();
const PASSWORD = 'haslo-klientki-123';

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(appUrl('/login'));
  const form = page.getByRole('form', { name: 'Logowanie' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Hasło', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.waitForURL(appUrl('/'));
}

/** Whose session supabase-js keeps on this device (null: none). */
function storedSessionEmail(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name));
    const stored = key ? (JSON.parse(localStorage.getItem(key) ?? 'null') as { user?: { email?: string } } | null) : null;
    return stored?.user?.email ?? null;
  });
}

/** The newest reset link mailed to the address (its plain-text part). */
async function resetLink(email: string, count: number): Promise<string> {
  const mails = await waitForMailTo(testBackend().mailUrl, email, count);
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mails.at(-1)?.text ?? '')?.[0];
  if (!link) throw new Error(`no reset link to ${email}`);
  return link;
}

async function requestReset(page: Page, email: string): Promise<void> {
  await page.goto(appUrl('/reset-password'));
  const request = page.getByRole('form', { name: 'Przypomnienie hasła' });
  await request.getByLabel('E-mail').fill(email);
  await request.getByRole('button', { name: 'Wyślij link' }).click();
  await page.getByText('Jeśli konto z tym adresem istnieje').waitFor();
}

describe('a link opened by a signed-in customer', () => {
  it('never signs them in as whoever made /shop#access_token=…&refresh_token=…&type=recovery from their own tokens', async () => {
    const attacker = await signedUpCustomer('napastnik');
    const { data } = await attacker.client.auth.getSession();
    const tokens = data.session!;
    const victim = await signedUpCustomer('klientka', PASSWORD);
    const context = await chromium.browser.newContext();
    const page = await context.newPage();
    await logIn(page, victim.email, PASSWORD);
    expect(await storedSessionEmail(page)).toBe(victim.email);

    await page.goto(appUrl(`/shop#access_token=${tokens.access_token}&refresh_token=${tokens.refresh_token}&type=recovery`));
    // Whatever page it settles on: the reset page's answer, or (as before the fix) a new-password form.
    const invalid = page.getByText('Ten link do ustawienia hasła jest nieprawidłowy albo wygasł');
    await invalid.or(page.getByRole('form', { name: 'Nowe hasło' })).waitFor();

    expect(await storedSessionEmail(page)).toBe(victim.email);
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => window.location.href)).not.toContain(tokens.access_token);
    expect(await invalid.isVisible()).toBe(true);
    // The reset page offers a new link.
    expect(await page.getByRole('form', { name: 'Przypomnienie hasła' }).isVisible()).toBe(true);

    await page.goto(appUrl('/account'));
    await page.getByText(victim.email).first().waitFor();
    expect(await page.locator('main').textContent()).not.toContain(attacker.email);
    await context.close();
  });

  it('asks before a reset link for another account replaces the signed-in one, and keeps them on "no"', async () => {
    const signedIn = await signedUpCustomer('zalogowana', PASSWORD);
    const other = await signedUpCustomer('inne-konto');
    const context = await chromium.browser.newContext();
    const page = await context.newPage();
    await logIn(page, signedIn.email, PASSWORD);

    // Someone at the same device asks for a reset of another account (this browser holds the verifier).
    await requestReset(page, other.email);
    await page.goto(await resetLink(other.email, 1));
    const question = page.getByRole('alertdialog');
    await question.waitFor();
    expect(await question.textContent()).toContain(
      `Jesteś zalogowany jako ${signedIn.email}. Ten link dotyczy innego konta (${other.email}). Wylogować się i kontynuować?`,
    );
    expect(await storedSessionEmail(page)).toBe(signedIn.email);
    expect(new URL(page.url()).search).toBe('');

    await question.getByRole('button', { name: `Nie, zostań zalogowany jako ${signedIn.email}` }).click();
    await page.getByText(`Nic nie zmieniliśmy — nadal jesteś zalogowany jako ${signedIn.email}.`).waitFor();
    expect(await storedSessionEmail(page)).toBe(signedIn.email);

    // Asked again, and this time yes: logged out, then the other account's new password.
    await requestReset(page, other.email);
    await page.goto(await resetLink(other.email, 2));
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: `Wyloguj się i ustaw hasło dla ${other.email}` })
      .click();
    const form = page.getByRole('form', { name: 'Nowe hasło' });
    await form.waitFor();
    expect(await form.textContent()).toContain(other.email);
    expect(await storedSessionEmail(page)).toBe(other.email);
    await context.close();
  });
});
