import { Suspense, lazy } from 'react';
import type { AdminOrder } from '../orders/order.ts';
import { promisesPhoto } from './photo-service.ts';

/**
 * The entry the order screens import: the photo panel and the delivery
 * question load on first use, with the photo pipeline and its queue, not with
 * the back office's screens.
 */

const Panel = lazy(() => import('./order-photos-panel.tsx').then((module) => ({ default: module.OrderPhotosPanel })));
const Dialog = lazy(() => import('./delivery-photo-dialog.tsx').then((module) => ({ default: module.DeliveryPhotoDialog })));

export { promisesPhoto };

export function OrderPhotos(props: { order: AdminOrder; compact?: boolean }) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export function DeliveryPhotoQuestion(props: { order: AdminOrder; onDelivered: () => void; onCancel: () => void }) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

/** The day view's flag on an order whose customer paid for the photo. */
export function PhotoServiceBadge() {
  return <span className="rounded-full bg-blush-50 px-2.5 py-0.5 text-xs font-semibold text-blush-700">Zdjęcie po dostawie</span>;
}
