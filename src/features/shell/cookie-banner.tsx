import { useEffect, useRef, type RefObject } from 'react';
import { Link } from '@tanstack/react-router';
import { useHydrating } from '../../boot/hydration.tsx';
import { rememberBannerChoice } from './cookie-choice.ts';
import { COOKIE_BANNER_DISMISSED_KEY, COOKIE_CONSENT_KEY } from './cookie-consent.ts';
import type { BannerPlacement } from './cookie-banner-slot.tsx';

function store(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Storage blocked: hide it for this page at least.
  }
}

/**
 * The banner's height, reserved at the foot of the page and kept clear when
 * the browser scrolls a focused element into view (WCAG 2.4.11): the fixed
 * banner then covers nothing a keyboard user reaches. Read from a
 * ResizeObserver, which reports after the browser's own layout: asking for
 * the height while React commits would force a layout of the whole page
 * inside that task (one long task on a slow phone).
 */
function useReservedSpace(banner: RefObject<HTMLElement | null>, fixed: boolean): void {
  useEffect(() => {
    const element = banner.current;
    if (!element || !fixed) return;
    const { documentElement, body } = document;
    const reserve = (height: number) => {
      body.style.paddingBottom = `${Math.ceil(height)}px`;
      documentElement.style.scrollPaddingBottom = `${Math.ceil(height)}px`;
    };
    let observer: ResizeObserver | null = null;
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(([entry]) => {
        if (entry) reserve(entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height);
      });
      observer.observe(element, { box: 'border-box' });
    } else {
      reserve(element.getBoundingClientRect().height);
    }
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = '';
      documentElement.style.scrollPaddingBottom = '';
    };
  }, [banner, fixed]);
}

/**
 * docs/spec.md §2 cookie banner: fixed at the bottom (no layout shift), first
 * in the tab order after the skip link. `CookieBannerSlot` decides whether it
 * shows. 'Akceptuję' stores the consent; Escape closes it for this visit
 * without consenting.
 */
export function CookieBanner({ onClosed, placement }: { onClosed: () => void; placement: BannerPlacement }) {
  const banner = useRef<HTMLElement>(null);
  const hydrating = useHydrating();
  const fixed = placement === 'fixed';
  useReservedSpace(banner, fixed);

  useEffect(() => {
    // Escape puts away what covers the page; a notice at the end of the page covers nothing.
    if (!fixed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog's own Escape comes first (Headless UI stops it there).
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      store(() => window.sessionStorage, COOKIE_BANNER_DISMISSED_KEY, 'yes');
      rememberBannerChoice('dismissed');
      onClosed();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClosed, fixed]);

  const accept = () => {
    store(() => window.localStorage, COOKIE_CONSENT_KEY, 'accepted');
    rememberBannerChoice('accepted');
    onClosed();
  };

  return (
    <section
      ref={banner}
      aria-label="Pliki cookie"
      className={fixed ? 'fixed inset-x-0 bottom-0 z-50 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:p-4' : 'px-3 pb-6 sm:px-4'}
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-3 rounded-2xl border border-forest-200 bg-white p-4 shadow-header sm:flex-row sm:items-center sm:gap-6">
        <p className="text-sm text-ink sm:text-base">
          Używamy plików cookie i pamięci przeglądarki, aby zapamiętać Twój koszyk, ulubione produkty i ustawienia. Nie używamy ich do
          reklam. Szczegóły znajdziesz w{' '}
          <Link to="/privacy" className="font-medium text-forest-800 underline underline-offset-2">
            polityce prywatności
          </Link>
          .
        </p>
        {/* Its own code comes after the page's: until this part has hydrated, a press would do nothing, so it waits. */}
        {/* At the end of the order, the order's own button stays the page's only primary one. */}
        <button type="button" className={`${fixed ? 'btn-primary' : 'btn-secondary'} shrink-0`} onClick={accept} disabled={hydrating}>
          Akceptuję
        </button>
      </div>
    </section>
  );
}
