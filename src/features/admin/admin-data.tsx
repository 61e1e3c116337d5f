import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { orderStatusLabel, type OrderStatus } from '../../domain/order-status.ts';
import { formatPln } from '../../domain/money.ts';
import { fetchAdminOrders, fetchProductCount, updateOrderStatus } from './admin-api.ts';
import {
  loadLastSeen,
  loadQueue,
  loadSnapshot,
  saveLastSeen,
  saveQueue,
  saveSnapshot,
  type QueuedStatusChange,
} from './admin-cache.ts';
import type { AdminOrder } from './admin-order.ts';

/** How often the open admin app asks for new orders (no realtime locally). */
export const POLL_INTERVAL_MS = 30_000;

export type AdminLoad =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `savedAt` is set when the data comes from this device's copy, not the server. */
  | { status: 'loaded'; orders: AdminOrder[]; productCount: number; loadedAt: string; savedAt?: string };

export type StatusChangeOutcome = 'updated' | 'queued' | 'conflict' | 'failed';

export interface RefusedChange {
  change: QueuedStatusChange;
  reason: string;
}

export interface AdminDataValue {
  load: AdminLoad;
  /** The loaded orders with changes still waiting for a connection applied. */
  orders: AdminOrder[];
  queued: QueuedStatusChange[];
  refused: RefusedChange[];
  reload: () => void;
  changeStatus: (order: AdminOrder, to: OrderStatus) => Promise<StatusChangeOutcome>;
  dismissRefused: () => void;
  newOrders: AdminOrder[];
  markSeen: () => void;
  notificationPermission: NotificationPermission | 'unsupported';
  enableNotifications: () => Promise<void>;
}

const AdminDataContext = createContext<AdminDataValue | null>(null);

export function useAdminData(): AdminDataValue {
  const value = useContext(AdminDataContext);
  if (!value) throw new Error('useAdminData must be used inside <AdminDataProvider>');
  return value;
}

function notificationSupport(): NotificationPermission | 'unsupported' {
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
 * The back office's one copy of the orders: loaded once for the dashboard,
 * orders, payments, search and the bell; refreshed every 30 s; kept on the
 * device for offline use; status changes made offline wait in a queue and
 * are sent when the device is online again — or refused, visibly.
 */
export function AdminDataProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [load, setLoad] = useState<AdminLoad>({ status: 'loading' });
  const [queued, setQueued] = useState<QueuedStatusChange[]>(() => loadQueue(userId));
  const [refused, setRefused] = useState<RefusedChange[]>([]);
  const [lastSeen, setLastSeen] = useState<string | null>(() => loadLastSeen(userId));
  const [notificationPermission, setPermission] = useState(notificationSupport);
  const knownIds = useRef<Set<string> | null>(null);
  const flushing = useRef(false);
  const queueRef = useRef(queued);

  const setQueue = useCallback(
    (next: QueuedStatusChange[]) => {
      queueRef.current = next;
      saveQueue(userId, next);
      setQueued(next);
    },
    [userId],
  );

  /** The server's status of one order, in the state and the device copy. */
  const applyServerStatus = useCallback(
    (orderId: string, status: string) => {
      setLoad((current) => {
        if (current.status !== 'loaded') return current;
        const orders = current.orders.map((order) => (order.id === orderId ? { ...order, status } : order));
        if (!current.savedAt) saveSnapshot(userId, { savedAt: current.loadedAt, orders, productCount: current.productCount });
        return { ...current, orders };
      });
    },
    [userId],
  );

  const flushQueue = useCallback(async () => {
    if (flushing.current || queueRef.current.length === 0 || !navigator.onLine) return;
    flushing.current = true;
    try {
      for (const change of [...queueRef.current]) {
        const result = await updateOrderStatus(change.orderId, change.to, change.from);
        if (result.outcome === 'unreachable') break;
        setQueue(queueRef.current.filter((item) => item.orderId !== change.orderId));
        if (result.outcome === 'updated') {
          applyServerStatus(change.orderId, change.to);
          continue;
        }
        const reason =
          result.outcome === 'conflict'
            ? `Zmiana statusu zamówienia ${change.number} na „${orderStatusLabel(change.to)}” nie została wysłana: zamówienie zmieniło się w międzyczasie (nie ma już statusu „${orderStatusLabel(change.from)}”). Sprawdź je i zmień status ponownie.`
            : `Serwer odrzucił zmianę statusu zamówienia ${change.number} na „${orderStatusLabel(change.to)}”. Spróbuj ponownie.`;
        setRefused((current) => [...current, { change, reason }]);
      }
    } finally {
      flushing.current = false;
    }
  }, [applyServerStatus, setQueue]);

  const fetchAll = useCallback(
    async (silent: boolean) => {
      try {
        const [orders, productCount] = await Promise.all([fetchAdminOrders(), fetchProductCount()]);
        const loadedAt = new Date().toISOString();
        saveSnapshot(userId, { savedAt: loadedAt, orders, productCount });
        const previous = knownIds.current;
        knownIds.current = new Set(orders.map((order) => order.id));
        if (previous) for (const order of orders.filter((order) => !previous.has(order.id))) void notifyNewOrder(order);
        setLoad({ status: 'loaded', orders, productCount, loadedAt });
        // First visit: everything there is counts as seen; the bell rings for what comes next.
        setLastSeen((seen) => {
          if (seen) return seen;
          const now = orders[0]?.createdAt ?? loadedAt;
          saveLastSeen(userId, now);
          return now;
        });
        void flushQueue();
      } catch {
        if (silent) return;
        const saved = loadSnapshot(userId);
        setLoad(
          saved
            ? { status: 'loaded', orders: saved.orders, productCount: saved.productCount, loadedAt: saved.savedAt, savedAt: saved.savedAt }
            : { status: 'failed' },
        );
      }
    },
    [flushQueue, userId],
  );

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the first load starts with the provider
    void fetchAll(false);
    const poll = window.setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void fetchAll(true);
    }, POLL_INTERVAL_MS);
    const onOnline = () => void fetchAll(true);
    window.addEventListener('online', onOnline);
    return () => {
      window.clearInterval(poll);
      window.removeEventListener('online', onOnline);
    };
  }, [fetchAll]);

  const reload = useCallback(() => {
    setLoad({ status: 'loading' });
    void fetchAll(false);
  }, [fetchAll]);

  const enqueue = useCallback(
    (order: AdminOrder, to: OrderStatus) => {
      const existing = queueRef.current.find((item) => item.orderId === order.id);
      const from = existing?.from ?? order.status;
      const rest = queueRef.current.filter((item) => item.orderId !== order.id);
      setQueue(from === to ? rest : [...rest, { orderId: order.id, number: order.number, from, to, queuedAt: new Date().toISOString() }]);
    },
    [setQueue],
  );

  const changeStatus = useCallback(
    async (order: AdminOrder, to: OrderStatus): Promise<StatusChangeOutcome> => {
      const serverStatus = load.status === 'loaded' ? load.orders.find((item) => item.id === order.id)?.status : undefined;
      if (!navigator.onLine || queueRef.current.some((item) => item.orderId === order.id)) {
        enqueue({ ...order, status: serverStatus ?? order.status }, to);
        void flushQueue();
        return 'queued';
      }
      const result = await updateOrderStatus(order.id, to, serverStatus ?? order.status);
      if (result.outcome === 'updated') {
        applyServerStatus(order.id, to);
        return 'updated';
      }
      if (result.outcome === 'unreachable') {
        enqueue({ ...order, status: serverStatus ?? order.status }, to);
        return 'queued';
      }
      if (result.outcome === 'conflict') {
        void fetchAll(true);
        return 'conflict';
      }
      return 'failed';
    },
    [applyServerStatus, enqueue, fetchAll, flushQueue, load],
  );

  const orders = useMemo(() => {
    if (load.status !== 'loaded') return [];
    if (queued.length === 0) return load.orders;
    const pending = new Map(queued.map((item) => [item.orderId, item.to]));
    return load.orders.map((order) => {
      const to = pending.get(order.id);
      return to ? { ...order, status: to } : order;
    });
  }, [load, queued]);

  const newOrders = useMemo(
    () => (lastSeen ? orders.filter((order) => order.createdAt > lastSeen) : []),
    [orders, lastSeen],
  );

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

  const value = useMemo<AdminDataValue>(
    () => ({
      load,
      orders,
      queued,
      refused,
      reload,
      changeStatus,
      dismissRefused: () => setRefused([]),
      newOrders,
      markSeen,
      notificationPermission,
      enableNotifications,
    }),
    [load, orders, queued, refused, reload, changeStatus, newOrders, markSeen, notificationPermission, enableNotifications],
  );

  return <AdminDataContext.Provider value={value}>{children}</AdminDataContext.Provider>;
}
