import { useCallback, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { CloseIcon, MenuIcon } from '../../lib/icons/first-load.tsx';
import { LogoMark } from './logo-mark.tsx';
import { MAIN_NAV } from './nav-links.ts';
import { useShopName } from '../../lib/shop-name.ts';
import { useScrolledPast } from './use-scrolled-past.ts';

/** docs/spec.md §9: the header turns solid after 50 px of scrolling. */
const SOLID_AFTER_PX = 50;

const desktopLink =
  'rounded-full px-4 py-2 text-[0.95rem] font-medium text-forest-900 transition-colors hover:bg-forest-50 data-[status=active]:bg-forest-100';

// The phone's menu is opened by few visitors: its code loads when one points at, focuses or taps the button.
const loadMobileMenu = () => import('./mobile-menu.tsx');
type MobileMenuComponent = Awaited<ReturnType<typeof loadMobileMenu>>['MobileMenu'];

export interface SiteHeaderProps {
  /** The cart button (composed by the root route: the shell does not import the cart feature). */
  cartSlot?: ReactNode;
  /** The 'Panel klienta' dropdown. */
  accountSlot?: ReactNode;
}

export function SiteHeader({ cartSlot, accountSlot }: SiteHeaderProps) {
  const shopName = useShopName();
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  // The menu's component once loaded: held, not rendered through React.lazy, so it shows as soon as its code is there.
  const [MobileMenu, setMobileMenu] = useState<MobileMenuComponent | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const solid = scrolled || menuOpen;

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const toggleMenu = () => {
    if (menuOpen || MobileMenu) {
      setMenuOpen(!menuOpen);
      return;
    }
    void loadMobileMenu().then(
      (module) => {
        setMobileMenu(() => module.MobileMenu);
        setMenuOpen(true);
      },
      (error: unknown) => console.warn('[menu] The menu could not be loaded', error),
    );
  };

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
          <span className="shop-name">{shopName}</span>
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
            onClick={toggleMenu}
            onPointerEnter={() => void loadMobileMenu()}
            onPointerDown={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      {menuOpen && MobileMenu ? <MobileMenu onClose={closeMenu} /> : null}
    </header>
  );
}
