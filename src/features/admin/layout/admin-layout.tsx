import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ORDER_STATUS_LABELS } from '../../../domain/order-status.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useAdminData } from '../admin-data.tsx';
import { AdminSearchBox } from './admin-search-box.tsx';
import { NotificationBell } from './notification-bell.tsx';

const SECTIONS = [
  { to: '/admin', label: 'Dashboard', exact: true },
  { to: '/admin/orders', label: 'Zamówienia', exact: false },
  { to: '/admin/payments', label: 'Płatności', exact: false },
  { to: '/admin/products', label: 'Produkty', exact: false },
  { to: '/admin/settings', label: 'Ustawienia', exact: false },
] as const;

/** The back office frame: top bar (search, bell, who is signed in), the five sections, then the page. */
export function AdminLayout({ email, children }: { email: string; children: ReactNode }) {
  return (
    <div className="container-page py-4 sm:py-6">
      <div className="flex flex-wrap items-center gap-2 rounded-2xl border border-forest-100 bg-white p-2 sm:flex-nowrap sm:gap-4 sm:p-3">
        <div className="order-last w-full sm:order-none sm:flex-1">
          <AdminSearchBox />
        </div>
        <div className="min-w-0 flex-1 sm:flex-none sm:text-right">
          <p className="truncate text-sm font-semibold text-forest-900" title={email}>
            {email}
          </p>
          <p className="text-xs font-semibold tracking-wide text-blush-700 uppercase">Administrator</p>
        </div>
        <NotificationBell />
      </div>

      <nav aria-label="Sekcje panelu" className="-mx-4 mt-3 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 whitespace-nowrap">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                activeOptions={{ exact: section.exact, includeSearch: false }}
                className="inline-flex min-h-11 items-center rounded-full border border-forest-200 px-4 font-medium text-forest-800 hover:bg-forest-50"
                activeProps={{ className: 'bg-forest-800 text-white border-forest-800 hover:bg-forest-800', 'aria-current': 'page' }}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <SyncNotices />

      <div className="mt-6">{children}</div>
    </div>
  );
}

/** Status changes waiting for a connection, and those the server refused: never silently lost. */
function SyncNotices() {
  const { queued, refused, dismissRefused } = useAdminData();
  const online = useOnline();
  return (
    <>
      <div role="status" aria-live="polite">
        {queued.length > 0 && (
          <div className="mt-4 rounded-2xl bg-cream-200 p-4 text-sm text-ink">
            <p className="font-semibold">
              {online ? 'Wysyłamy zmiany statusu…' : 'Zmiany statusu czekają na połączenie i zostaną wysłane, gdy wrócisz online:'}
            </p>
            <ul className="mt-1 list-disc pl-5">
              {queued.map((change) => (
                <li key={change.orderId}>
                  Zamówienie {change.number}: {ORDER_STATUS_LABELS[change.to]}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {refused.length > 0 && (
        <div role="alert" className="mt-4 rounded-2xl bg-blush-50 p-4 text-sm">
          <ul className="space-y-1 font-medium text-blush-700">
            {refused.map((item) => (
              <li key={`${item.change.orderId}-${item.change.queuedAt}`}>{item.reason}</li>
            ))}
          </ul>
          <button type="button" className="btn-secondary mt-3 min-h-10 py-2" onClick={dismissRefused}>
            Rozumiem
          </button>
        </div>
      )}
    </>
  );
}
