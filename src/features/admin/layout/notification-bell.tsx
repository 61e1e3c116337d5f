import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { formatPln } from '../../../domain/money.ts';
import { BellIcon } from '../../../lib/icons/later.tsx';
import { useAdminData } from '../orders/orders-data.tsx';
import { formatDateTime } from '../admin-ui.tsx';
import { countLabelPlain } from '../count-label.ts';

/**
 * Orders that arrived since the owner last looked: count, list, mark as seen;
 * the browser notification is switched on here, by the owner's click.
 */
export function NotificationBell() {
  const { newOrders, markSeen, notificationPermission, enableNotifications } = useAdminData();
  const count = newOrders.length;

  return (
    <Popover className="relative">
      <PopoverButton
        className="relative inline-flex size-11 items-center justify-center rounded-full text-forest-900 hover:bg-forest-50"
        aria-label={
          count > 0
            ? `Powiadomienia: ${countLabelPlain(count, ['nowe zamówienie', 'nowe zamówienia', 'nowych zamówień'])}`
            : 'Powiadomienia: brak nowych zamówień'
        }
      >
        <BellIcon />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-blush-700 px-1 text-xs font-bold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        focus
        className="absolute right-0 z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-2xl border border-forest-100 bg-white p-4 shadow-header"
      >
        {({ close }) => (
          <div>
            <h2 className="font-semibold text-forest-900">Nowe zamówienia</h2>
            {count === 0 ? (
              <p className="mt-2 text-sm text-ink-muted">Brak nowych zamówień od ostatniego sprawdzenia.</p>
            ) : (
              <ul className="mt-2 max-h-72 space-y-1 overflow-auto">
                {newOrders.map((order) => (
                  <li key={order.id}>
                    <Link
                      to="/admin/orders"
                      search={{ id: order.id }}
                      onClick={() => close()}
                      className="block rounded-xl px-2 py-2 hover:bg-forest-50"
                    >
                      <span className="block font-medium text-forest-900">Zamówienie {order.number}</span>
                      <span className="block text-sm text-ink-muted">
                        {order.customerName} · {formatPln(order.total)} · {formatDateTime(order.createdAt)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              {count > 0 && (
                <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" onClick={markSeen}>
                  Oznacz jako przeczytane
                </button>
              )}
              {notificationPermission === 'default' && (
                <button type="button" className="btn-primary min-h-10 px-4 py-2 text-sm" onClick={() => void enableNotifications()}>
                  Włącz powiadomienia
                </button>
              )}
            </div>
            {notificationPermission === 'granted' && (
              <p className="mt-3 text-sm text-ink-muted">Powiadomienia w przeglądarce są włączone, gdy panel jest otwarty.</p>
            )}
            {notificationPermission === 'denied' && (
              <p className="mt-3 text-sm text-ink-muted">Powiadomienia są zablokowane w ustawieniach przeglądarki.</p>
            )}
          </div>
        )}
      </PopoverPanel>
    </Popover>
  );
}
