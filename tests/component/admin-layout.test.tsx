import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminHandlers, freshAdminRows } from '../../mocks/admin-handlers.ts';
import { mockCustomer } from '../../mocks/fixtures.ts';
import { server } from '../../mocks/node.ts';
import { resetBannerAnswerForTests } from '../../src/features/shell/cookie-banner-slot.tsx';
import { COOKIE_BANNER_COOKIE, COOKIE_CONSENT_KEY } from '../../src/features/shell/cookie-consent.ts';
import { DEFAULT_SHOP_NAME } from '../../src/lib/shop-name.ts';
import { openAsMockOwner } from './owner-login.ts';
import { withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

/** Opens an admin path as a visitor, logs in as the (mocked) owner and lands back on it. */
async function openAsOwner(path: string) {
  server.use(...adminHandlers([], freshAdminRows()));
  const { user, ...view } = await openAsMockOwner(path);
  await waitFor(() => expect(view.router.state.location.href).toBe(path));
  // The back office's own header is up.
  await screen.findByRole('button', { name: `Konto: ${mockCustomer.email}` });
  return { ...view, user };
}

/** The desktop row and the phones' bar: both carry the name, CSS shows one of them (md). */
function sectionNavs() {
  const [desktop, phone] = screen.getAllByRole('navigation', { name: 'Sekcje panelu' });
  return { desktop: desktop!, phone: phone! };
}

const links = (element: HTMLElement, role: 'link' | 'menuitem' = 'link') =>
  within(element)
    .getAllByRole(role)
    .map((link) => [link.textContent, link.getAttribute('href')]);

const current = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('the back office frame', () => {
  it("has its own compact header (shop name, search, bell, owner's menu) and none of the storefront's frame or cookie banner", async () => {
    await openAsOwner('/admin');
    // A visitor who never answered the cookie banner: the owner's app still shows none.
    localStorage.removeItem(COOKIE_CONSENT_KEY);
    const header = screen.getByRole('banner');
    expect(within(header).getByText(DEFAULT_SHOP_NAME)).toBeTruthy();
    expect(within(header).getByRole('combobox', { name: 'Szukaj zamówień i klientów' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: /^Powiadomienia/ })).toBeTruthy();
    expect(within(header).getByRole('button', { name: `Konto: ${mockCustomer.email}` })).toBeTruthy();

    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Główna nawigacja' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Koszyk/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Panel klienta' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Otwórz menu' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    // The one main landmark is the admin page's, reached by the skip link.
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('link', { name: 'Przejdź do treści' }).getAttribute('href')).toBe('#main');
    await screen.findByText('Zamówienia według statusu');
    expect(screen.queryByRole('region', { name: 'Pliki cookie' })).toBeNull();
  });

  it('keeps the back office frame for an unknown admin path, with the 404 inside it', async () => {
    await openAsOwner('/admin/nie-ma-takiej');
    expect(await screen.findByRole('heading', { level: 1, name: 'Strona nie znaleziona' })).toBeTruthy();
    expect(screen.getAllByRole('navigation', { name: 'Sekcje panelu' })).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Główna nawigacja' })).toBeNull();
  });

  it('lists every section on wide screens, Realizacja first, and marks the current one', async () => {
    await openAsOwner('/admin/orders');
    const { desktop } = sectionNavs();
    expect(links(desktop)).toEqual([
      ['Realizacja', '/admin/realizacja'],
      ['Pulpit', '/admin'],
      ['Zamówienia', '/admin/orders'],
      ['Płatności', '/admin/payments'],
      ['Faktury', '/admin/invoices'],
      ['Odstąpienia', '/admin/odstapienia'],
      ['Produkty', '/admin/products'],
      ['Ustawienia', '/admin/settings'],
    ]);
    expect(current(desktop)).toEqual(['Zamówienia']);
  });

  it("gives phones a bottom bar of Realizacja, Zamówienia, Produkty and 'Więcej', big enough to tap", async () => {
    await openAsOwner('/admin/orders');
    const { phone } = sectionNavs();
    expect(links(phone)).toEqual([
      ['Realizacja', '/admin/realizacja'],
      ['Zamówienia', '/admin/orders'],
      ['Produkty', '/admin/products'],
    ]);
    expect(current(phone)).toEqual(['Zamówienia']);
    // 'Więcej' is marked only for the sections it holds.
    expect(within(phone).getByRole('button', { name: 'Więcej' }).hasAttribute('data-section-active')).toBe(false);
    // The last row of the phones' one-screen layout (main scrolls above it, so it covers nothing), above the home
    // indicator; every item at least 44 px (min-h-14: 56 px).
    expect(phone.className).not.toMatch(/\bfixed\b/);
    expect(phone.previousElementSibling?.id).toBe('main');
    expect(document.getElementById('main')!.className).toContain('max-md:overflow-y-auto');
    expect(phone.className).toContain('md:hidden');
    expect(phone.className).toContain('pb-[env(safe-area-inset-bottom)]');
    for (const item of [...within(phone).getAllByRole('link'), within(phone).getByRole('button', { name: 'Więcej' })]) {
      expect(item.className).toContain('min-h-14');
      expect(item.querySelector('svg')).toBeTruthy();
    }
  });

  it("opens the other sections and the way back to the shop from 'Więcej', marking the current one", async () => {
    const { user } = await openAsOwner('/admin/payments');
    const more = within(sectionNavs().phone).getByRole('button', { name: 'Więcej' });
    expect(more.hasAttribute('data-section-active')).toBe(true);
    await user.click(more);
    const menu = await screen.findByRole('menu');
    expect(links(menu, 'menuitem')).toEqual([
      ['Pulpit', '/admin'],
      ['Płatności', '/admin/payments'],
      ['Faktury', '/admin/invoices'],
      ['Odstąpienia', '/admin/odstapienia'],
      ['Ustawienia', '/admin/settings'],
      ['Wróć do sklepu', '/'],
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Płatności' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('menuitem', { name: 'Pulpit' }).getAttribute('aria-current')).toBeNull();
  });

  it("folds the search behind 'Szukaj' on phones and moves focus into it when opened", async () => {
    const { user } = await openAsOwner('/admin');
    const toggle = screen.getByRole('button', { name: 'Szukaj' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const region = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(region.className).toMatch(/(^| )hidden /);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Zamknij wyszukiwanie');
    expect(region.className).toMatch(/(^| )block /);
    await waitFor(() => expect(document.activeElement).toBe(within(region).getByRole('combobox', { name: 'Szukaj zamówień i klientów' })));
  });
});

describe("the owner's menu", () => {
  it('is a keyboard menu: the email and role, Wróć do sklepu, Ustawienia, Wyloguj; Escape returns to the button', async () => {
    const { user } = await openAsOwner('/admin');
    const button = screen.getByRole('button', { name: `Konto: ${mockCustomer.email}` });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    act(() => button.focus());
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByText(mockCustomer.email)).toBeTruthy();
    expect(within(menu).getByText('Administrator')).toBeTruthy();
    expect(links(menu, 'menuitem')).toEqual([
      ['Wróć do sklepu', '/'],
      ['Ustawienia', '/admin/settings'],
      ['Wyloguj', null],
    ]);
    // The first item takes the focus; arrows move it.
    await waitFor(() =>
      expect(menu.getAttribute('aria-activedescendant')).toBe(within(menu).getByRole('menuitem', { name: 'Wróć do sklepu' }).id),
    );
    await user.keyboard('{ArrowDown}');
    expect(menu.getAttribute('aria-activedescendant')).toBe(within(menu).getByRole('menuitem', { name: 'Ustawienia' }).id);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it("'Wróć do sklepu' brings back the storefront's header and, unanswered, its cookie banner", async () => {
    const { user, router } = await openAsOwner('/admin');
    // Unanswered: neither in storage, nor in the cookie that carries the answer to the server, nor in this page's memory.
    localStorage.removeItem(COOKIE_CONSENT_KEY);
    document.cookie = `${COOKIE_BANNER_COOKIE}=; Path=/; Max-Age=0`;
    resetBannerAnswerForTests();
    await user.click(screen.getByRole('button', { name: `Konto: ${mockCustomer.email}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Wróć do sklepu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('navigation', { name: 'Główna nawigacja' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Pliki cookie' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Sekcje panelu' })).toBeNull();
  });

  it("'Wyloguj' signs the owner out and opens the shop", async () => {
    const { user, router } = await openAsOwner('/admin/orders');
    await user.click(screen.getByRole('button', { name: `Konto: ${mockCustomer.email}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Wyloguj' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The storefront's account menu (loaded on intent) now offers logging in.
    await user.hover(await screen.findByRole('button', { name: 'Panel klienta' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Panel klienta' }).id).toMatch(/headlessui/), { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Panel klienta' }));
    expect(await within(await screen.findByRole('menu')).findByRole('menuitem', { name: 'Zaloguj się' })).toBeTruthy();
  });
});

describe('changes waiting for a connection', () => {
  it('are listed under the header while offline', async () => {
    const { user } = await openAsOwner('/admin/orders?id=o2');
    const dialog = await screen.findByRole('dialog', { name: 'Zamówienie KT200000002' });
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await user.selectOptions(within(dialog).getByLabelText('Status zamówienia'), 'processing');
      const notice = await screen.findByText('Zmiany czekają na połączenie i zostaną wysłane, gdy wrócisz online:');
      const status = notice.closest('[role="status"]')!;
      expect(status.closest('main')).toBeTruthy();
      expect(within(status as HTMLElement).getByText('Zamówienie KT200000002: W realizacji')).toBeTruthy();
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
      if (onLine) delete (navigator as { onLine?: boolean }).onLine;
      window.dispatchEvent(new Event('online'));
    }
  });
});
