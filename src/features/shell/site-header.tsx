import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { CATEGORIES } from '../../domain/categories.ts';
import { CloseIcon, MenuIcon } from '../../lib/icon-base.tsx';
import { LogoMark } from './logo-mark.tsx';
import { MAIN_NAV } from './nav-links.ts';
import { useShopName } from './shop-name.ts';
import { useScrolledPast } from './use-scrolled-past.ts';

/** docs/spec.md §9: the header turns solid after 50 px of scrolling. */
const SOLID_AFTER_PX = 50;

const desktopLink =
  'rounded-full px-4 py-2 text-[0.95rem] font-medium text-forest-900 transition-colors hover:bg-forest-50 data-[status=active]:bg-forest-100';
const mobileLink =
  'flex min-h-12 items-center rounded-lg px-3 text-lg font-medium text-forest-900 hover:bg-forest-50 data-[status=active]:bg-forest-100';

export interface SiteHeaderProps {
  /** The cart button (composed by the root route: the shell does not import the cart feature). */
  cartSlot?: ReactNode;
  /** The 'Panel klienta' dropdown. */
  accountSlot?: ReactNode;
}

export function SiteHeader({ cartSlot, accountSlot }: SiteHeaderProps) {
  const shopName = useShopName();
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const solid = scrolled || menuOpen;

  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header
      data-solid={solid}
      className={`sticky top-0 z-40 transition-[background-color,box-shadow] duration-200 ${
        solid ? 'bg-cream/95 shadow-header backdrop-blur-sm' : 'bg-transparent'
      }`}
    >
      <div className="container-page flex h-16 items-center justify-between gap-2 md:gap-4">
        <Link to="/" className="flex min-w-0 items-center gap-2.5 rounded-lg" onClick={closeMenu}>
          <LogoMark className="size-9 shrink-0" />
          <span className="truncate text-base font-semibold tracking-tight text-forest-900 sm:text-lg">{shopName}</span>
        </Link>

        <nav aria-label="Główna nawigacja" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={desktopLink} activeOptions={{ exact: item.to === '/', includeSearch: false }}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex shrink-0 items-center gap-1">
          {accountSlot}
          {cartSlot}
          <button
            type="button"
            className="grid size-11 shrink-0 place-items-center rounded-full text-forest-900 hover:bg-forest-50 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Zamknij menu' : 'Otwórz menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      {menuOpen && (
        <div id="mobile-menu" className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-forest-100 bg-cream md:hidden">
          <nav aria-label="Menu" className="container-page py-4">
            <ul className="space-y-1">
              {MAIN_NAV.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className={mobileLink}
                    activeOptions={{ exact: item.to === '/', includeSearch: false }}
                    onClick={closeMenu}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
            <p className="mt-5 px-3 text-sm font-semibold tracking-wide text-ink-muted uppercase">Kategorie</p>
            <ul className="mt-1 grid grid-cols-1 gap-1 pb-2">
              {CATEGORIES.map((category) => (
                <li key={category.id}>
                  <Link
                    to="/shop"
                    search={{ category: category.id }}
                    className="flex min-h-11 items-center rounded-lg px-3 text-base text-forest-800 hover:bg-forest-50"
                    onClick={closeMenu}
                  >
                    {category.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
    </header>
  );
}
