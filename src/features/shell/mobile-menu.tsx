import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { CATEGORIES } from '../../domain/categories.ts';
import { MAIN_NAV } from './nav-links.ts';

const mobileLink =
  'flex min-h-12 items-center rounded-lg px-3 text-lg font-medium text-forest-900 hover:bg-forest-50 data-[status=active]:bg-forest-100';

/** The phone's menu under the header: the main links and the shop's categories. Escape closes it. */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div id="mobile-menu" className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-forest-100 bg-cream md:hidden">
      <nav aria-label="Menu" className="container-page py-4">
        <ul className="space-y-1">
          {MAIN_NAV.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className={mobileLink} activeOptions={{ exact: item.to === '/', includeSearch: false }} onClick={onClose}>
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
                onClick={onClose}
              >
                {category.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
