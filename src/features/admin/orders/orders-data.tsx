import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { deliverySettingsFromRows, type DeliverySettings } from '../../../domain/delivery-settings.ts';
import { TRANSFER_PAYMENT_DAYS_SETTING, transferPaymentDays } from '../../../domain/payment-deadlines.ts';
import type { FulfilmentState } from '../../../domain/florist-order.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import { warsawDate } from '../../../domain/calendar/warsaw-clock.ts';
import {
  fetchAdminOrders,
  fetchDeliverySettingRows,
  fetchProductCount,
  fetchServerClock,
  updateOrder,
  type OrderChange,
} from './orders-api.ts';
import { loadSnapshot, saveSnapshot, type AdminSnapshot, type QueuedOrderChange, type QueuedStatusChange } from './orders-cache.ts';
import type { AdminOrder } from './order.ts';
import { useNewOrderNotifications, type NotificationSupport } from './use-new-order-notifications.ts';
import { fieldValue, useStatusChangeQueue, type RefusedChange } from './use-status-change-queue.ts';

/** How often the open admin app asks for new orders (no realtime locally). */
export const POLL_INTERVAL_MS = 30_000;
const CLOCK_CHECK_MS = 10 * 60_000;

export type AdminLoad =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `savedAt` is set when the data comes from this device's copy, not the server. */
  | {
      status: 'loaded';
      orders: AdminOrder[];
      productCount: number;
      loadedAt: string;
      savedAt?: string;
      /** The 'Dostawy' rows as last read; absent: the defaults apply. */
      deliverySettingRows?: { key: string; value: string | null }[];
    };

/** The device's copy, shown as such (its `savedAt`). */
function loadFromSnapshot(saved: AdminSnapshot): AdminLoad {
  return {
    status: 'loaded',
    orders: saved.orders,
    productCount: saved.productCount,
    loadedAt: saved.savedAt,
    savedAt: saved.savedAt,
    deliverySettingRows: saved.deliverySettingRows,
  };
}

export type StatusChangeOutcome = 'updated' | 'queued' | 'conflict' | 'failed';
/** A fulfilment change may also find the order cancelled meanwhile (on another device). */
export type FulfilmentChangeOutcome = StatusChangeOutcome | 'order-cancelled';

export interface AdminDataValue {
  load: AdminLoad;
  /** The loaded orders with changes still waiting for a connection applied. */
  orders: AdminOrder[];
  /** Status changes waiting for a connection. */
  queued: QueuedStatusChange[];
  /** Every change waiting for a connection: status and fulfilment state (describeQueuedChange words one). */
  pendingChanges: QueuedOrderChange[];
  refused: RefusedChange[];
  reload: () => void;
  /** Reads the orders again in the background, the page staying as it is (after the owner recorded a payment or a refund). */
  refresh: () => Promise<void>;
  /** `reason`: with a cancellation, the owner's words for the customer's mail. */
  changeStatus: (order: AdminOrder, to: OrderStatus, reason?: string) => Promise<StatusChangeOutcome>;
  changeFulfilment: (order: AdminOrder, to: FulfilmentState) => Promise<FulfilmentChangeOutcome>;
  /** The 'Dostawy' settings (defaults for keys never saved), for free places and windows. */
  deliverySettings: DeliverySettings;
  /** The owner's working days for a transfer to arrive (transfer_payment_days, else the default). */
  transferPaymentDays: number;
  /** The shop's today ('YYYY-MM-DD', Europe/Warsaw) by the server's clock when it was reachable, else the device's. */
  today: string;
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
 * device for offline use; status changes made offline wait in an outbox and
 * are sent when the device is online again — or refused, visibly.
 */
export function AdminDataProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [load, setLoad] = useState<AdminLoad>({ status: 'loading' });
  // Server clock minus device clock, so 'today' is the shop's even on a device set wrong.
  const clockOffset = useRef(0);
  const clockCheckedAt = useRef(0);
  const [today, setToday] = useState(() => warsawDate(Date.now()));

  /** The server's value of one order's field, in the state and the device copy. */
  const applyServerValue = useCallback(
    (orderId: string, change: OrderChange) => {
      setLoad((current) => {
        if (current.status !== 'loaded') return current;
        const orders = current.orders.map((order) => (order.id === orderId ? withChange(order, change) : order));
        if (!current.savedAt)
          saveSnapshot(userId, {
            savedAt: current.loadedAt,
            orders,
            productCount: current.productCount,
            deliverySettingRows: current.deliverySettingRows,
          });
        return { ...current, orders };
      });
    },
    [userId],
  );

  const {
    queued: pendingChanges,
    applied,
    refused,
    isQueued,
    enqueue,
    flush: flushQueue,
    reportRefused,
    dismissRefused,
    ordersRead,
  } = useStatusChangeQueue(userId, applyServerValue);
  const queued = useMemo(
    () => pendingChanges.filter((change): change is QueuedStatusChange => change.field === 'status'),
    [pendingChanges],
  );

  const orders = useMemo(() => {
    if (load.status !== 'loaded') return [];
    if (applied.length === 0) return load.orders;
    return load.orders.map((order) =>
      applied.reduce(
        (current, change) =>
          change.orderId !== order.id
            ? current
            : withChange(current, change.field === 'status' ? { field: 'status', to: change.to } : { field: change.field, to: change.to }),
        order,
      ),
    );
  }, [load, applied]);

  const deliverySettingRows = load.status === 'loaded' ? load.deliverySettingRows : undefined;
  const deliverySettings = useMemo(() => deliverySettingsFromRows(deliverySettingRows ?? []), [deliverySettingRows]);
  const transferDays = useMemo(
    () => transferPaymentDays(deliverySettingRows?.find((row) => row.key === TRANSFER_PAYMENT_DAYS_SETTING)?.value ?? undefined),
    [deliverySettingRows],
  );

  const { newOrders, markSeen, notificationPermission, enableNotifications, ordersFetched } = useNewOrderNotifications(userId, orders);

  const fetchAll = useCallback(
    async (silent: boolean) => {
      // The clock and the settings are extras: without them the orders still show (defaults, the device's clock).
      // The offset hardly drifts: the server is asked again only every CLOCK_CHECK_MS, not on every poll.
      const startedAt = Date.now();
      const askClock = startedAt - clockCheckedAt.current >= CLOCK_CHECK_MS;
      const clock = (askClock ? fetchServerClock() : Promise.resolve(null)).then((serverNow) => {
        if (serverNow !== null) {
          clockOffset.current = serverNow - Date.now();
          clockCheckedAt.current = Date.now();
        }
        setToday(warsawDate(Date.now() + clockOffset.current));
      });
      const settingRows = fetchDeliverySettingRows().catch(() => undefined);
      // Known offline: the device's copy at once. The data API retries a request that cannot
      // connect for several seconds before failing; the copy must not wait for that.
      const saved = !silent && !navigator.onLine ? loadSnapshot(userId) : null;
      if (saved) setLoad(loadFromSnapshot(saved));
      const quiet = silent || saved !== null;
      try {
        const [orders, productCount] = await Promise.all([fetchAdminOrders(), fetchProductCount()]);
        const deliverySettingRows = (await settingRows) ?? loadSnapshot(userId)?.deliverySettingRows;
        const loadedAt = new Date().toISOString();
        saveSnapshot(userId, { savedAt: loadedAt, orders, productCount, deliverySettingRows });
        ordersFetched(orders, loadedAt);
        setLoad({ status: 'loaded', orders, productCount, loadedAt, deliverySettingRows });
        ordersRead(startedAt);
        // The server has just answered: what waits goes now, whatever its backoff.
        void flushQueue(true);
      } catch {
        if (quiet) return;
        const saved = loadSnapshot(userId);
        setLoad(saved ? loadFromSnapshot(saved) : { status: 'failed' });
      }
      await clock;
    },
    [flushQueue, ordersFetched, ordersRead, userId],
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

  // Photos the owner took offline go out once the admin app runs, whichever screen it opens on (the queue keeps running).
  useEffect(() => {
    void import('../photos/photo-queue.ts').then(({ startPhotoQueue }) => startPhotoQueue()).catch(() => undefined);
    void import('../order-photos/order-photo-queue.ts').then(({ startOrderPhotoQueue }) => startOrderPhotoQueue()).catch(() => undefined);
  }, []);

  const reload = useCallback(() => {
    setLoad({ status: 'loading' });
    void fetchAll(false);
  }, [fetchAll]);

  const refresh = useCallback(() => fetchAll(true), [fetchAll]);

  /** A change of status or fulfilment state: sent now, or queued when offline or behind a waiting change of the same field. */
  const changeOrder = useCallback(
    async (order: AdminOrder, change: OrderChange): Promise<FulfilmentChangeOutcome> => {
      const serverOrder = (load.status === 'loaded' ? load.orders.find((item) => item.id === order.id) : undefined) ?? order;
      if (!navigator.onLine || (await isQueued(order.id, change.field))) {
        await enqueue(serverOrder, change);
        void flushQueue();
        return 'queued';
      }
      const from = fieldValue(serverOrder, change.field);
      const result = await updateOrder(order.id, change, from);
      if (result.outcome === 'updated') {
        applyServerValue(order.id, change);
        return 'updated';
      }
      if (result.outcome === 'unreachable') {
        await enqueue(serverOrder, change);
        return 'queued';
      }
      if (result.outcome === 'conflict') {
        void fetchAll(true);
        return 'conflict';
      }
      if (result.outcome === 'order-cancelled' && change.field === 'fulfilment_state') {
        // Said above the page: the day view no longer lists the order once the list is read again.
        reportRefused({ ...change, orderId: order.id, number: order.number, from, queuedAt: new Date().toISOString() }, 'order-cancelled');
        void fetchAll(true);
        return 'order-cancelled';
      }
      return 'failed';
    },
    [applyServerValue, enqueue, fetchAll, flushQueue, isQueued, load, reportRefused],
  );

  const changeStatus = useCallback(
    async (order: AdminOrder, to: OrderStatus, reason?: string): Promise<StatusChangeOutcome> => {
      const outcome = await changeOrder(order, { field: 'status', to, reason });
      // Only a fulfilment change is refused for a cancelled order; a status change never gets here.
      return outcome === 'order-cancelled' ? 'failed' : outcome;
    },
    [changeOrder],
  );
  const changeFulfilment = useCallback(
    (order: AdminOrder, to: FulfilmentState) => changeOrder(order, { field: 'fulfilment_state', to }),
    [changeOrder],
  );

  const value = useMemo<AdminDataValue>(
    () => ({
      load,
      orders,
      queued,
      pendingChanges,
      refused,
      reload,
      refresh,
      changeStatus,
      changeFulfilment,
      deliverySettings,
      transferPaymentDays: transferDays,
      today,
      dismissRefused,
      newOrders,
      markSeen,
      notificationPermission,
      enableNotifications,
    }),
    [
      load,
      orders,
      queued,
      pendingChanges,
      refused,
      reload,
      refresh,
      changeStatus,
      changeFulfilment,
      deliverySettings,
      transferDays,
      today,
      dismissRefused,
      newOrders,
      markSeen,
      notificationPermission,
      enableNotifications,
    ],
  );

  return <AdminDataContext.Provider value={value}>{children}</AdminDataContext.Provider>;
}

function withChange(order: AdminOrder, change: OrderChange): AdminOrder {
  return change.field === 'status'
    ? { ...order, status: change.to, ...(change.to === 'cancelled' ? { cancelReason: change.reason?.trim() || null } : {}) }
    : { ...order, florist: { ...order.florist, fulfilmentState: change.to } };
}
