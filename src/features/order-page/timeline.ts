import { LOCAL_DELIVERY_METHODS } from '../../domain/delivery.ts';
import { FULFILMENT_STATE_LABELS, type FulfilmentState } from '../../domain/florist-order.ts';
import { ORDER_STATUS_LABELS } from '../../domain/order-status.ts';
import type { OrderView } from './order-view.ts';

export interface TimelineStep {
  label: string;
  done: boolean;
}

type TimelineInput = Pick<OrderView, 'status' | 'paid' | 'fulfilmentState' | 'deliveryMethod'>;

/** The florist's own deliveries (home, cemetery) also show where the delivery stands; a pickup or a parcel does not. */
function hasFulfilment(order: TimelineInput): boolean {
  return (LOCAL_DELIVERY_METHODS as readonly string[]).includes(order.deliveryMethod) || order.fulfilmentState !== 'to-do';
}

const FULFILMENT_ORDER: FulfilmentState[] = ['ready', 'out-for-delivery', 'delivered'];

/**
 * The order's way so far: placed → paid → in realisation → (for the
 * florist's deliveries: ready → on the way → delivered) → completed; a cancelled order
 * shows placed → cancelled.
 */
export function orderTimeline(order: TimelineInput): TimelineStep[] {
  const placed: TimelineStep = { label: 'Złożone', done: true };
  if (order.status === 'cancelled') return [placed, { label: ORDER_STATUS_LABELS.cancelled, done: true }];
  const reached = FULFILMENT_ORDER.indexOf(order.fulfilmentState as FulfilmentState);
  const delivered = order.fulfilmentState === 'delivered';
  const steps: TimelineStep[] = [
    placed,
    { label: 'Opłacone', done: order.paid },
    { label: ORDER_STATUS_LABELS.processing, done: order.status === 'processing' || order.status === 'completed' || reached >= 0 },
  ];
  if (hasFulfilment(order)) {
    FULFILMENT_ORDER.forEach((state, index) => steps.push({ label: FULFILMENT_STATE_LABELS[state], done: reached >= index }));
    if (order.fulfilmentState === 'failed-attempt') steps.push({ label: FULFILMENT_STATE_LABELS['failed-attempt'], done: true });
  }
  steps.push({ label: ORDER_STATUS_LABELS.completed, done: delivered || (order.status === 'completed' && !hasFulfilment(order)) });
  return steps;
}
