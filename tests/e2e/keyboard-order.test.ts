import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPerFile } from '../support/browser.ts';
import { checkoutReadFromDevice } from './checkout-page.ts';
import { appUrl, withDatabase } from '../support/test-backend.ts';

/**
 * Issue 21: a customer who uses only the keyboard places a store-pickup,
 * bank-transfer order from the shop page to the transfer details, on a
 * phone-sized screen with the cookie banner still open, and no element the
 * keyboard focuses is ever hidden behind the banner, the header or off
 * screen (WCAG 2.4.11 Focus Not Obscured).
 */

const chromium = chromiumPerFile();
const WAIT = { timeout: 15_000 };
/** The most Tab presses any one step may take (the shop page's grid is the longest walk). */
const MAX_TABS = 250;

interface Focused {
  tag: string;
  type: string;
  name: string;
  checked: boolean;
  disabled: boolean;
  /** Why the focused element is not fully in sight, or '' when it is. */
  hidden: string;
}

/** What has the focus, its accessible name (near enough for matching), and whether anything covers it. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'body', type: '', name: '', checked: false, disabled: false, hidden: '' };
    const input = element as HTMLInputElement;
    const labelled = element.getAttribute('aria-labelledby');
    const name = (
      element.getAttribute('aria-label') ??
      (labelled ? (document.getElementById(labelled)?.textContent ?? '') : '') ??
      ''
    ).trim();
    const labelText = [...(input.labels ?? [])].map((label) => label.textContent ?? '').join(' ');
    const accessibleName = (name || labelText || element.textContent || '').replace(/\s+/g, ' ').trim();

    // A visually hidden native control (a styled radio or switch) is seen through its label.
    let box: Element = element;
    const own = element.getBoundingClientRect();
    if (own.width < 2 || own.height < 2 || getComputedStyle(element).opacity === '0') {
      box = element.closest('label') ?? input.labels?.[0] ?? element;
    }
    const rect = box.getBoundingClientRect();
    let hidden = '';
    if (rect.bottom > window.innerHeight + 0.5 || rect.top < -0.5)
      hidden = `off screen (${Math.round(rect.top)}–${Math.round(rect.bottom)})`;
    else {
      // The centre and the middle of each edge, just inside: 'not entirely hidden' is the minimum, we ask for all of it.
      // (Not the corners: hit-testing follows border-radius, so a round button's corner is its neighbour's.)
      const inset = 2;
      const [middleX, middleY] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
      const points: Array<[number, number]> = [
        [middleX, middleY],
        [rect.left + inset, middleY],
        [rect.right - inset, middleY],
        [middleX, rect.top + inset],
        [middleX, rect.bottom - inset],
      ];
      for (const [x, y] of points) {
        const top = document.elementFromPoint(x, y);
        if (top && !box.contains(top) && !top.contains(box)) {
          const cover = top.closest('section[aria-label], header, nav, [role="dialog"]') ?? top;
          hidden = `covered at ${Math.round(x)},${Math.round(y)} by <${cover.tagName.toLowerCase()} ${cover.getAttribute('aria-label') ?? cover.className}>`;
          break;
        }
      }
    }
    return {
      tag: element.tagName.toLowerCase(),
      type: input.type ?? '',
      name: accessibleName,
      checked: Boolean(input.checked),
      disabled: Boolean(input.disabled),
      hidden,
    };
  });
}

class Keyboard {
  /** Every focus stop seen on the way, with what (if anything) hid it. */
  readonly hiddenStops: string[] = [];
  stops = 0;

  constructor(private readonly page: Page) {}

  private async record(): Promise<Focused> {
    const now = await focused(this.page);
    this.stops += 1;
    if (now.hidden) this.hiddenStops.push(`${this.page.url()} <${now.tag}> “${now.name}”: ${now.hidden}`);
    return now;
  }

  /** Tabs forward until the focused element matches; fails after MAX_TABS. */
  async tabTo(what: string, matches: (element: Focused) => boolean): Promise<Focused> {
    for (let presses = 0; presses < MAX_TABS; presses += 1) {
      await this.page.keyboard.press('Tab');
      const now = await this.record();
      if (matches(now)) return now;
    }
    throw new Error(`Tab never reached ${what} on ${this.page.url()}`);
  }

  async press(key: string): Promise<Focused> {
    await this.page.keyboard.press(key);
    return this.record();
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }
}

const named = (pattern: RegExp) => (element: Focused) => pattern.test(element.name);
const field = (label: RegExp) => (element: Focused) => ['input', 'textarea', 'select'].includes(element.tag) && label.test(element.name);
const radio = (label: RegExp) => (element: Focused) => element.type === 'radio' && !element.disabled && label.test(element.name);

describe('a keyboard-only customer', () => {
  it('orders for store pickup by bank transfer with keys only, and the focus is never hidden', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL' });
    const page = await context.newPage();
    const keys = new Keyboard(page);
    const email = `klawiatura-${randomUUID().slice(0, 8)}@example.test`;

    await page.goto(appUrl('/shop'));
    // The banner comes with the server's page; its button is the visitor's once the banner's code has run.
    await expect.poll(() => page.getByRole('button', { name: 'Akceptuję' }).isEnabled(), WAIT).toBe(true);
    await page.locator('main a[href^="/product/"]').first().waitFor(WAIT);

    // The banner comes right after the skip link, and stays open: it must cover nothing on the way.
    expect((await keys.press('Tab')).name).toBe('Przejdź do treści');
    expect((await keys.press('Tab')).name).toBe('polityce prywatności');
    expect((await keys.press('Tab')).name).toBe('Akceptuję');

    // A product straight from the grid, then the checkout from the dialog.
    await keys.tabTo(
      'an add-to-cart button',
      (element) => element.tag === 'button' && !element.disabled && /^Dodaj do koszyka: /.test(element.name),
    );
    await keys.press('Enter');
    await page.getByRole('dialog', { name: 'Dodano do koszyka' }).waitFor(WAIT);
    await keys.tabTo('Przejdź do kasy', named(/^Przejdź do kasy$/));
    await keys.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Zamówienie' }).waitFor(WAIT);
    await checkoutReadFromDevice(page, 1);

    for (const [label, value] of [
      [/^Imię/, 'Anna'],
      [/^Nazwisko/, 'Klawiszowa'],
      [/^E-mail/, email],
      [/^Telefon/, '+48 600 100 200'],
    ] as const) {
      await keys.tabTo(`the field ${label}`, field(label));
      await keys.type(value);
    }

    // Store pickup is the default: its first open day, then that day's first free hour (Space chooses a radio).
    const day = await keys.tabTo('a pickup day', (element) => element.type === 'radio' && !element.disabled && /\d/.test(element.name));
    if (!day.checked) await keys.press('Space');
    await page.getByRole('group', { name: /^Godzina odbioru/ }).waitFor(WAIT);
    const hour = await keys.tabTo('a pickup hour', radio(/\d{1,2}:\d{2}/));
    if (!hour.checked) await keys.press('Space');

    // The payment: arrows move through one radio group until 'Przelew tradycyjny' is chosen.
    let payment = await keys.tabTo(
      'the payment methods',
      (element) => element.type === 'radio' && /PayU|Przelew|BLIK|Karta|Gotówka/.test(element.name),
    );
    for (let step = 0; step < 6 && !/^Przelew tradycyjny/.test(payment.name); step += 1) payment = await keys.press('ArrowDown');
    expect(payment).toMatchObject({ checked: true });
    expect(payment.name).toMatch(/^Przelew tradycyjny/);

    await keys.tabTo('Zamawiam i płacę', named(/^Zamawiam i płacę$/));
    await keys.press('Enter');
    await page.getByRole('heading', { name: 'Sprawdź zamówienie przed przelewem' }).waitFor(WAIT);
    await keys.tabTo('Potwierdź i przejdź do przelewu', named(/^Potwierdź i przejdź do przelewu – zamówienie z obowiązkiem zapłaty$/));
    await keys.press('Enter');

    await page.waitForURL(/\/checkout\/success\?payment=transfer&orderId=KT\d{9}$/, WAIT);
    await page.getByRole('heading', { level: 1, name: 'Dziękujemy za zamówienie!' }).waitFor(WAIT);
    const number = new URL(page.url()).searchParams.get('orderId')!;
    const stored = await withDatabase((db) =>
      db.query<{ delivery_method: string; payment_method: string }>(
        'select delivery_method, payment_method from orders where payu_order_id = $1 and customer_email = $2',
        [number, email],
      ),
    );
    expect(stored.rows).toEqual([{ delivery_method: 'store', payment_method: 'transfer' }]);

    expect(keys.hiddenStops).toEqual([]);
    expect(keys.stops).toBeGreaterThan(20);
    await context.close();
  }, 180_000);
});
