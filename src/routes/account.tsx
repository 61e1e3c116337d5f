import { createFileRoute, useLocation } from '@tanstack/react-router';
import { AccountPage, GuestAccountPage } from '../features/account/account-page.tsx';
import type { DeviceOrder, DeviceOrderActions } from '../features/account/device-orders-list.tsx';
import { currentAccessToken } from '../features/auth/auth-client.ts';
import { AuthGate } from '../features/auth/auth-gate.tsx';
import { useAuth } from '../features/auth/use-auth.ts';
import { DeliverySlotPicker } from '../features/delivery/slot-picker.tsx';
import { payForPlacedOrder } from '../features/checkout/payment-start.ts';
import { OrderLinkRequestForm } from '../features/order-page/order-link-form.tsx';
import { useDeviceOrders, type DeviceOrderSummary } from '../features/orders-sync/device-orders.ts';
import { cancelOutboxEntry, rescheduleOutboxEntry } from '../features/orders-sync/outbox.ts';
import { sendOutbox } from '../features/orders-sync/outbox-sender.ts';
import { getBackendConfig } from '../lib/backend-config.ts';

export const Route = createFileRoute('/account')({
  component: AccountRoute,
});

const NO_LONGER_REFUSED_MESSAGE = 'To zamówienie nie czeka już na nowy termin.';

function sendNow(): void {
  void sendOutbox({
    backend: getBackendConfig(),
    accessTokenFor: (entry) => (entry.userPlaced ? currentAccessToken() : Promise.resolve(null)),
    force: true,
  }).catch(() => undefined);
}

/** Composes the account with the device's order list (orders-sync), payment start and the delivery slot picker (delivery). */
function deviceOrderActions(orders: readonly DeviceOrderSummary[]): DeviceOrderActions {
  return {
    onSendNow: sendNow,
    onReschedule: async (order: DeviceOrder, term) => {
      if (!(await rescheduleOutboxEntry(order.clientRequestId, term))) return NO_LONGER_REFUSED_MESSAGE;
      // Offline it simply waits in the queue; the sync agent sends it when the device is online.
      if (navigator.onLine) sendNow();
      return null;
    },
    onCancel: (order: DeviceOrder) => void cancelOutboxEntry(order.clientRequestId),
    onPay: async (order: DeviceOrder) => {
      const summary = orders.find((candidate) => candidate.clientRequestId === order.clientRequestId);
      if (!summary?.placed) return 'To zamówienie nie zostało jeszcze wysłane do sklepu.';
      const result = await payForPlacedOrder(summary.placed, await currentAccessToken().catch(() => null));
      return result.ok ? null : result.message;
    },
  };
}

function AccountRoute() {
  const deviceOrders = useDeviceOrders();
  const { user, isLoading } = useAuth();
  // /account#link-zamowienia (from the success page and the order page): a guest asks for an order's link.
  const asksForLink = useLocation({ select: (location) => location.hash === 'link-zamowienia' });
  if (deviceOrders === undefined) return null;
  const actions = deviceOrderActions(deviceOrders);
  // A guest whose device placed orders (or who asks for a link) sees the guest page; a guest with none is asked to log in.
  if (!isLoading && !user && (deviceOrders.length > 0 || asksForLink))
    return (
      <GuestAccountPage orders={deviceOrders} actions={actions} SlotPicker={DeliverySlotPicker} linkRequest={<OrderLinkRequestForm />} />
    );
  return (
    <AuthGate require="user">
      {(signedIn) => (
        <AccountPage
          email={signedIn.email}
          userId={signedIn.id}
          deviceOrders={deviceOrders}
          deviceOrderActions={actions}
          SlotPicker={DeliverySlotPicker}
        />
      )}
    </AuthGate>
  );
}
