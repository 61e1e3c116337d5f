import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { AdminBottomNav } from './admin-bottom-nav.tsx';
import { AdminHeader } from './admin-header.tsx';
import { ADMIN_SECTIONS } from './admin-sections.ts';
import { OwnerOrdersNotices } from '../new-order/owner-orders-notices.tsx';
import { SyncNotices } from './sync-notices.tsx';

export interface AdminLayoutProps {
  /** The shop's name and the owner's account come from the routes (features do not import each other). */
  shopName: string;
  email: string;
  onLogout: () => void;
  children: ReactNode;
  /** Under the header: 'Jesteś offline' and the update prompt. */
  noticeSlot?: ReactNode;
  /** The offer to install the back office as an app, at the foot of the page (shown only when the browser offers it). */
  installSlot?: ReactNode;
}

/**
 * The owner's app, with none of the storefront's frame: a compact header,
 * the sections (a row from md up, a bar at the foot of the screen on phones),
 * the waiting and refused changes, then the page.
 */
export function AdminLayout({ shopName, email, onLogout, children, noticeSlot, installSlot }: AdminLayoutProps) {
  return (
    // On phones the page is one screen tall and only <main> scrolls, between the header and the bar: nothing is ever
    // under the bar, so neither a tap target (WCAG 2.5.8) nor the keyboard's focus (2.4.11) is half covered by it.
    <div className="flex min-h-dvh flex-col max-md:h-dvh print:h-auto">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-forest-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Przejdź do treści
      </a>
      <AdminHeader shopName={shopName} email={email} onLogout={onLogout} />
      {noticeSlot}
      <SectionBar />
      <main
        id="main"
        data-scroll-restoration-id="admin-main"
        // relative: visually hidden (absolute) text inside scrolls with main instead of stretching the document.
        className="relative container-page flex-1 py-4 max-md:min-h-0 max-md:overflow-y-auto sm:py-6 print:overflow-visible print:p-0"
      >
        <SyncNotices />
        <OwnerOrdersNotices />
        {children}
        <div className="mt-10 hidden overflow-hidden rounded-2xl bg-forest-900 has-[section]:block">{installSlot}</div>
      </main>
      <AdminBottomNav />
    </div>
  );
}

/** From md up: every section in one row, the day's work first. */
function SectionBar() {
  return (
    <nav aria-label="Sekcje panelu" className="container-page hidden pt-4 md:block print:hidden">
      <ul className="flex gap-2 whitespace-nowrap">
        {ADMIN_SECTIONS.map(({ to, label, exact, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              activeOptions={{ exact, includeSearch: false }}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-forest-200 px-4 font-medium text-forest-800 hover:bg-forest-50 data-[status=active]:border-forest-800 data-[status=active]:bg-forest-800 data-[status=active]:text-white"
            >
              <Icon className="size-5" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
