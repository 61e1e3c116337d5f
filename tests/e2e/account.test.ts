import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { checkoutReadFromDevice } from './checkout-page.ts';
import { appUrl, testBackend } from '../support/test-backend.ts';
import { chooseFirstFreeSlot } from './checkout-slot.ts';

/** A customer's account in real Chromium against the real local backend. */

const chromium = chromiumPerFile();
const url = appUrl;

describe('customer account', () => {
  it('registers, logs out, logs in, sees an empty history, then the order placed while logged in', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const email = `klientka-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'haslo-123456';

    await page.goto(url('/register'));
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Hasło', { exact: true }).fill(password);
    await page.getByLabel('Powtórz hasło').fill(password);
    await page.getByRole('button', { name: 'Zarejestruj się' }).click();
    await page.waitForURL(url('/'));

    await page.getByRole('button', { name: /Panel klienta/ }).click();
    await page.getByRole('menuitem', { name: 'Wyloguj się' }).click();
    // Logging out finishes when the stored session is gone; only then leave the page.
    await page.waitForFunction(() => !Object.keys(localStorage).some((key) => key.startsWith('sb-')));
    await page.goto(url('/account'));
    await page.waitForURL(/\/login\?redirect=%2Faccount|\/login\?redirect=\/account/);

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Hasło', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await page.waitForURL(url('/account'));
    await page.getByText('Nie masz jeszcze żadnych zamówień').waitFor();
    expect(await page.locator('main').textContent()).toContain(email);

    // Place an order through the checkout, as this user: the email comes prefilled.
    // A seeded product: other test files add and hide products in the same backend.
    const product = { id: '1547809e-0305-46b3-a282-b3230c221da1', name: 'Znicz szklany „Anioł”' };
    await page.goto(url(`/product/${product.id}`));
    await page
      .getByRole('button', { name: /^Dodaj do koszyka/ })
      .first()
      .click();
    // The dialog confirms the line is stored on the device; leaving earlier could lose the write.
    await page.getByRole('dialog', { name: 'Dodano do koszyka' }).waitFor();
    await page.goto(url('/checkout'));
    await checkoutReadFromDevice(page, 1);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    await page.getByLabel('Imię', { exact: true }).fill('Klientka');
    await page.getByLabel('Nazwisko').fill('Testowa');
    await page.getByLabel('Telefon').fill('+48 600 100 200');
    await chooseFirstFreeSlot(page);
    await page.getByRole('radio', { name: /Przelew tradycyjny/ }).check();
    await page.getByRole('button', { name: 'Zamawiam i płacę', exact: true }).click();
    await page.getByRole('button', { name: 'Potwierdź i przejdź do przelewu' }).click();
    await page.waitForURL(/\/checkout\/success\?payment=transfer&orderId=KT\d{9}$/);
    const orderNumber = new URL(page.url()).searchParams.get('orderId')!;

    await page.goto(url('/account'));
    await page.getByText(orderNumber).waitFor();
    const history = await page.locator('main').textContent();
    expect(history).toContain(product.name);
    expect(history).toContain('Oczekujące');
    await context.close();
  });

  it('never shows the admin entry to a customer', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const email = `bez-admina-${randomUUID().slice(0, 8)}@example.test`;
    await page.goto(url('/register'));
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Hasło', { exact: true }).fill('haslo-123456');
    await page.getByLabel('Powtórz hasło').fill('haslo-123456');
    await page.getByRole('button', { name: 'Zarejestruj się' }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('button', { name: /Panel klienta/ }).click();
    await page.getByRole('menuitem', { name: 'Moje konto' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Panel Administratora' }).count()).toBe(0);
    await context.close();
  });

  it('shows the admin entry to the shop owner, decided by the server', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await page.getByLabel('E-mail').fill(testBackend().ownerEmail);
    await page.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('button', { name: /Panel klienta/ }).click();
    await page.getByRole('menuitem', { name: 'Panel Administratora' }).waitFor();
    await page.keyboard.press('Escape');

    // The owner may read every order, but 'Moje konto' lists only their own.
    await page.goto(url('/account'));
    await page.getByText('Nie masz jeszcze żadnych zamówień').waitFor();
    await context.close();
  });

  it('guards /admin/*: a visitor goes to log in and, as the owner, lands back on the page asked for; a customer lands on /', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(url('/admin/orders'));
    await page.waitForURL(/\/login\?redirect=%2Fadmin%2Forders$/);
    await page.getByLabel('E-mail').fill(testBackend().ownerEmail);
    await page.getByLabel('Hasło', { exact: true }).fill(testBackend().ownerPassword);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await page.waitForURL(url('/admin/orders'));
    await page.goto(url('/admin'));
    await page.getByRole('heading', { name: 'Panel Administratora' }).waitFor();
    await context.close();

    const customerContext = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    const customerPage = await customerContext.newPage();
    await customerPage.goto(url('/register'));
    await customerPage.getByLabel('E-mail').fill(`ciekawski-${randomUUID().slice(0, 8)}@example.test`);
    await customerPage.getByLabel('Hasło', { exact: true }).fill('haslo-123456');
    await customerPage.getByLabel('Powtórz hasło').fill('haslo-123456');
    await customerPage.getByRole('button', { name: 'Zarejestruj się' }).click();
    await customerPage.waitForURL(url('/'));
    await customerPage.goto(url('/admin'));
    await customerPage.waitForURL(url('/'));
    expect(await customerPage.getByRole('heading', { name: 'Panel Administratora' }).count()).toBe(0);
    await customerContext.close();
  });
});
