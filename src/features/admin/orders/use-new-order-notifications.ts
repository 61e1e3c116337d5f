import { useCallback, useMemo, useRef, useState } from 'react';
import { formatPln } from '../../../domain/money.ts';
import { loadLastSeen, saveLastSeen } from './orders-cache.ts';
import type { AdminOrder } from './order.ts';

export type NotificationSupport = NotificationPermission | 'unsupported';

export interface NewOrderNotifications {
  /** Orders placed after the owner last opened the bell. */
  newOrders: AdminOrder[];
  markSeen: () => void;
  notificationPermission: NotificationSupport;
  enableNotifications: () => Promise<void>;
  /** To call with every fresh list from the server: notifies of orders not in the previous one. */
  ordersFetched: (orders: AdminOrder[], loadedAt: string) => void;
}

function notificationSupport(): NotificationSupport {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** A browser notification for a new order, only with permission the owner gave by a click. */
async function notifyNewOrder(order: AdminOrder): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const title = `Nowe zamówienie ${order.number}`;
  const options = { body: `${order.customerName} · ${formatPln(order.total)}`, tag: `order-${order.id}`, icon: '/icons/icon-192.png' };
  try {
    const notification = new Notification(title, options);
    notification.onclick = () => {
      window.focus();
      window.location.assign(`/admin/orders?id=${encodeURIComponent(order.id)}`);
    };
  } catch {
    // Android Chrome only shows notifications through the service worker.
    const registration = await navigator.serviceWorker?.getRegistration();
    await registration?.showNotification(title, options);
  }
}

/**
 * The bell and the browser notifications for orders that arrive while the
 * back office is open. `orders` is the list the owner sees; what counts as
 * seen is kept on the device per user.
 */
export function useNewOrderNotifications(userId: string, orders: AdminOrder[]): NewOrderNotifications {
  const [lastSeen, setLastSeen] = useState<string | null>(() => loadLastSeen(userId));
  const [notificationPermission, setPermission] = useState(notificationSupport);
  // The ids of the previous fetch; null before the first, which notifies of nothing.
  const knownIds = useRef<Set<string> | null>(null);

  const ordersFetched = useCallback(
    (fetched: AdminOrder[], loadedAt: string) => {
      const previous = knownIds.current;
      knownIds.current = new Set(fetched.map((order) => order.id));
      if (previous) for (const order of fetched.filter((order) => !previous.has(order.id))) void notifyNewOrder(order);
      // First visit: everything there is counts as seen; the bell rings for what comes next.
      setLastSeen((seen) => {
        if (seen) return seen;
        const now = fetched[0]?.createdAt ?? loadedAt;
        saveLastSeen(userId, now);
        return now;
      });
    },
    [userId],
  );

  const newOrders = useMemo(() => (lastSeen ? orders.filter((order) => order.createdAt > lastSeen) : []), [orders, lastSeen]);

  const markSeen = useCallback(() => {
    const newest = orders[0]?.createdAt;
    const at = newest && (!lastSeen || newest > lastSeen) ? newest : (lastSeen ?? new Date().toISOString());
    saveLastSeen(userId, at);
    setLastSeen(at);
  }, [orders, lastSeen, userId]);

  const enableNotifications = useCallback(async () => {
    if (typeof Notification === 'undefined') return;
    const permission = await Notification.requestPermission();
    setPermission(permission);
  }, []);

  return { newOrders, markSeen, notificationPermission, enableNotifications, ordersFetched };
}
