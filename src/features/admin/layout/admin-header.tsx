import { useRef, useState } from 'react';
import { CloseIcon } from '../../../lib/icons/first-load.tsx';
import { SearchIcon } from '../../../lib/icons/later.tsx';
import { AdminSearchBox } from './admin-search-box.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { OwnerMenu } from './owner-menu.tsx';

const SEARCH_ID = 'admin-search';

/**
 * The back office's own compact bar: the shop's name, the search, the bell
 * and the owner's menu. On phones the search folds behind a button, so the
 * bar stays one row; from md up it sits in the row.
 */
export function AdminHeader({ shopName, email, onLogout }: { shopName: string; email: string; onLogout: () => void }) {
  const [searchOpen, setSearchOpen] = useState(false);
  const searchRef = useRef<HTMLDivElement>(null);

  const toggleSearch = () => {
    setSearchOpen((open) => !open);
    // Opened by the owner: straight into the field (it exists already, only hidden).
    if (!searchOpen) requestAnimationFrame(() => searchRef.current?.querySelector('input')?.focus());
  };

  return (
    <header className="sticky top-0 z-40 border-b border-forest-100 bg-cream/95 backdrop-blur-sm print:hidden">
      <div className="container-page flex flex-wrap items-center gap-x-2 md:flex-nowrap md:gap-x-4">
        <p className="flex h-16 min-w-0 flex-1 flex-col justify-center md:flex-none">
          <span className="truncate text-base leading-tight font-semibold tracking-tight text-forest-900 sm:text-lg">{shopName}</span>
          <span className="text-xs font-semibold tracking-wide text-blush-700 uppercase">Panel</span>
        </p>
        {/* One search box for every width: in the row from md up, a second row on phones while opened. */}
        <div
          ref={searchRef}
          id={SEARCH_ID}
          className={`${searchOpen ? 'block' : 'hidden'} order-last w-full pb-3 md:order-none md:block md:w-auto md:flex-1 md:pb-0`}
        >
          <AdminSearchBox onOpened={() => setSearchOpen(false)} />
        </div>
        <button
          type="button"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-forest-900 hover:bg-forest-50 md:hidden"
          aria-expanded={searchOpen}
          aria-controls={SEARCH_ID}
          aria-label={searchOpen ? 'Zamknij wyszukiwanie' : 'Szukaj'}
          onClick={toggleSearch}
        >
          {searchOpen ? <CloseIcon /> : <SearchIcon />}
        </button>
        <NotificationBell />
        <OwnerMenu email={email} onLogout={onLogout} />
      </div>
    </header>
  );
}
