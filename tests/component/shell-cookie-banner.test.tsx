import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../mocks/node.ts';
import { COOKIE_CONSENT_KEY } from '../../src/features/shell/cookie-consent.ts';
import { resetPublicSettingsForTests } from '../../src/lib/public-settings.ts';
import { PUBLIC_SETTINGS_STORAGE_KEY } from '../../src/lib/shop-name.ts';
import { renderRoute } from './render-route.tsx';

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetPublicSettingsForTests();
});

describe('cookie banner', () => {
  it('shows until accepted, then stays hidden on the next visit', async () => {
    await renderRoute('/about');
    const user = userEvent.setup();

    const banner = await screen.findByRole('region', { name: 'Pliki cookie' });
    expect(within(banner).getByRole('link', { name: 'polityce prywatności' }).getAttribute('href')).toBe('/privacy');
    await user.click(within(banner).getByRole('button', { name: 'Akceptuję' }));

    expect(screen.queryByRole('region', { name: 'Pliki cookie' })).toBeNull();
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accepted');

    cleanup();
    await renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'O nas' });
    // Give the after-mount check its chance to (not) show the banner.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Pliki cookie' })).toBeNull();
  });
});

describe('cookie banner and the keyboard', () => {
  it('comes right after the skip link in the tab order and reserves its height at the foot of the page', async () => {
    // The DOM here lays nothing out: a ResizeObserver stand-in reports the banner's laid-out height, as Chromium's
    // does after its layout (tests/e2e/storefront.test.ts measures the real one).
    const observed: Element[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe(target: Element) {
          observed.push(target);
          const entry = { target, borderBoxSize: [{ blockSize: 119.4, inlineSize: 390 }] } as unknown as ResizeObserverEntry;
          queueMicrotask(() => this.report([entry], this as unknown as ResizeObserver));
        }
        disconnect() {}
      },
    );
    await renderRoute('/about');
    const banner = await screen.findByRole('region', { name: 'Pliki cookie' });
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Przejdź do treści');
    await user.tab();
    expect(banner.contains(document.activeElement)).toBe(true);
    expect(observed).toEqual([banner]);
    await waitFor(() => expect(document.body.style.paddingBottom).toBe('120px'));
    expect(document.documentElement.style.scrollPaddingBottom).toBe('120px');
    vi.unstubAllGlobals();
  });

  it('closes on Escape without consenting, stays closed for this visit, and gives the page its space back', async () => {
    await renderRoute('/about');
    await screen.findByRole('region', { name: 'Pliki cookie' });
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Pliki cookie' })).toBeNull();
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull();
    expect(document.body.style.paddingBottom).toBe('');

    cleanup();
    await renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'O nas' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Pliki cookie' })).toBeNull();
  });
});

describe('footer', () => {
  it('shows the shop details from the public settings and links privacy and terms', async () => {
    server.use(
      http.get('*/rest/v1/public_settings', () =>
        HttpResponse.json([
          { key: 'company_name', value: 'Kwiaciarnia Testowa' },
          { key: 'company_phone', value: '+48 999 888 777' },
          { key: 'store_hours', value: 'Pon–Pt 9:00–17:00\nSob nieczynne' },
        ]),
      ),
    );
    await renderRoute('/about');

    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByText('+48 999 888 777');
    expect(within(footer).getAllByText(/Kwiaciarnia Testowa/).length).toBeGreaterThan(0);
    expect(within(footer).getByText('9:00–17:00')).toBeTruthy();
    // Not given by the backend: the seeded default.
    expect(within(footer).getByText('ul. Przemyska 12, 37-740 Bircza')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Polityka prywatności' }).getAttribute('href')).toBe('/privacy');
    expect(within(footer).getByRole('link', { name: 'Regulamin' }).getAttribute('href')).toBe('/terms');
    await waitFor(() => expect(window.localStorage.getItem(PUBLIC_SETTINGS_STORAGE_KEY)).toContain('Kwiaciarnia Testowa'));
  });

  it('shows the stored copy at once when the backend is unreachable', async () => {
    window.localStorage.setItem(PUBLIC_SETTINGS_STORAGE_KEY, JSON.stringify({ company_phone: '+48 111 222 333' }));
    server.use(http.get('*/rest/v1/public_settings', () => HttpResponse.error()));
    await renderRoute('/about');

    const footer = await screen.findByRole('contentinfo');
    // The footer's columns load once the page has shown its first content.
    expect(await within(footer).findByText('+48 111 222 333')).toBeTruthy();
    expect(within(footer).getAllByText(/Kwiaciarnia Pod Różą/).length).toBeGreaterThan(0);
  });
});

describe('cookie banner on the cart and the checkout', () => {
  it('is a notice at the end of the page there, covering nothing; elsewhere the fixed strip; one answer for both', async () => {
    const { router } = await renderRoute('/checkout');
    const notice = await screen.findByRole('region', { name: 'Pliki cookie' });
    // After the page's content, not fixed over it.
    const main = document.getElementById('main')!;
    expect(main.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.className).not.toContain('fixed');

    await act(() => router.navigate({ to: '/about' }));
    await screen.findByRole('heading', { level: 1, name: 'O nas' });
    const strip = await screen.findByRole('region', { name: 'Pliki cookie' });
    expect(strip.className).toContain('fixed');
    expect(main.compareDocumentPosition(strip) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(strip).getByRole('button', { name: 'Akceptuję' }));
    await act(() => router.navigate({ to: '/cart' }));
    await screen.findByRole('heading', { level: 1, name: 'Koszyk' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Pliki cookie' })).toBeNull();
  });
});
