import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { OrderStatus } from '../../domain/order-status.ts';
import { fetchAdminOrders, fetchProductCount, updateOrderStatus } from './admin-api.ts';
import { loadSnapshot, saveSnapshot, type QueuedStatusChange } from './admin-cache.ts';
import type { AdminOrder } from './admin-order.ts';
import { useNewOrderNotifications, type NotificationSupport } from './use-new-order-notifications.ts';
import { useStatusChangeQueue, type RefusedChange } from './use-status-change-queue.ts';

/** How often the open admin app asks for new orders (no realtime locally). */
export const POLL_INTERVAL_MS = 30_000;

export type AdminLoad =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `savedAt` is set when the data comes from this device's copy, not the server. */
  | { status: 'loaded'; orders: AdminOrder[]; productCount: number; loadedAt: string; savedAt?: string };

export type StatusChangeOutcome = 'updated' | 'queued' | 'conflict' | 'failed';

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
  notificationPermission: NotificationSupport;
  enableNotifications: () => Promise<void>;
}

const AdminDataContext = createContext<AdminDataValue | null>(null);

export function useAdminData(): AdminDataValue {
  const value = useContext(AdminDataContext);
  if (!value) throw new Error('useAdminData must be used inside <AdminDataProvider>');
  return value;
}

/**
 * The back office's one copy of the orders: loaded once for the dashboard,
 * orders, payments, search and the bell; refreshed every 30 s; kept on the
 * device for offline use; status changes made offline wait in a queue and
 * are sent when the device is online again — or refused, visibly.
 */
export function AdminDataProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [load, setLoad] = useState<AdminLoad>({ status: 'loading' });

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

  const { queued, refused, isQueued, enqueue, flush: flushQueue, dismissRefused } = useStatusChangeQueue(userId, applyServerStatus);

  const orders = useMemo(() => {
    if (load.status !== 'loaded') return [];
    if (queued.length === 0) return load.orders;
    const pending = new Map(queued.map((item) => [item.orderId, item.to]));
    return load.orders.map((order) => {
      const to = pending.get(order.id);
      return to ? { ...order, status: to } : order;
    });
  }, [load, queued]);

  const { newOrders, markSeen, notificationPermission, enableNotifications, ordersFetched } = useNewOrderNotifications(userId, orders);

  const fetchAll = useCallback(
    async (silent: boolean) => {
      try {
        const [orders, productCount] = await Promise.all([fetchAdminOrders(), fetchProductCount()]);
        const loadedAt = new Date().toISOString();
        saveSnapshot(userId, { savedAt: loadedAt, orders, productCount });
        ordersFetched(orders, loadedAt);
        setLoad({ status: 'loaded', orders, productCount, loadedAt });
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
    [flushQueue, ordersFetched, userId],
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

  const changeStatus = useCallback(
    async (order: AdminOrder, to: OrderStatus): Promise<StatusChangeOutcome> => {
      const serverStatus = load.status === 'loaded' ? load.orders.find((item) => item.id === order.id)?.status : undefined;
      if (!navigator.onLine || isQueued(order.id)) {
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
    [applyServerStatus, enqueue, fetchAll, flushQueue, isQueued, load],
  );

  const value = useMemo<AdminDataValue>(
    () => ({
      load,
      orders,
      queued,
      refused,
      reload,
      changeStatus,
      dismissRefused,
      newOrders,
      markSeen,
      notificationPermission,
      enableNotifications,
    }),
    [load, orders, queued, refused, reload, changeStatus, dismissRefused, newOrders, markSeen, notificationPermission, enableNotifications],
  );

  return <AdminDataContext.Provider value={value}>{children}</AdminDataContext.Provider>;
}
