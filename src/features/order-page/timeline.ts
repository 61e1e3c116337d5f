import { LOCAL_DELIVERY_METHODS } from '../../domain/delivery.ts';
import { FULFILMENT_STATE_LABELS } from '../../domain/florist-order.ts';
import { ORDER_STATUS_LABELS } from '../../domain/order-status.ts';
import type { OrderView } from './order-view.ts';

export type StepState = 'done' | 'current' | 'upcoming';

type StepKey =
  | 'placed'
  | 'paid'
  | 'processing'
  | 'ready'
  | 'ready-for-pickup'
  | 'out-for-delivery'
  | 'failed-attempt'
  | 'delivered'
  | 'picked-up'
  | 'completed'
  | 'cancelled';

export interface TimelineStep {
  key: StepKey;
  label: string;
  state: StepState;
}

export interface OrderProgress {
  /** What the page prints after 'Status:'; never says less than the steps. */
  headline: string;
  /** In order; exactly one is current, every one before it done, every one after it to come. */
  steps: TimelineStep[];
}

type ProgressInput = Pick<OrderView, 'status' | 'paid' | 'fulfilmentState' | 'deliveryMethod' | 'paymentMethod'>;

const LABELS: Record<StepKey, string> = {
  placed: 'Złożone',
  paid: 'Opłacone',
  processing: ORDER_STATUS_LABELS.processing,
  ready: FULFILMENT_STATE_LABELS.ready,
  'ready-for-pickup': 'Gotowe do odbioru',
  'out-for-delivery': FULFILMENT_STATE_LABELS['out-for-delivery'],
  'failed-attempt': 'Nieudana próba doręczenia',
  delivered: FULFILMENT_STATE_LABELS.delivered,
  'picked-up': 'Odebrane',
  completed: ORDER_STATUS_LABELS.completed,
  cancelled: ORDER_STATUS_LABELS.cancelled,
};

/**
 * How the order reaches the customer: the shop's own driver (home, cemetery),
 * a pickup in the shop, or a parcel, whose way after the shop the shop does
 * not follow step by step.
 */
type Route = 'driver' | 'pickup' | 'parcel';

function routeOf(deliveryMethod: string): Route {
  if (deliveryMethod === 'store') return 'pickup';
  return (LOCAL_DELIVERY_METHODS as readonly string[]).includes(deliveryMethod) ? 'driver' : 'parcel';
}

/** The steps after placing, before payment is placed among them. */
function pathOf(route: Route, fulfilmentState: string): StepKey[] {
  switch (route) {
    case 'driver':
      // A failed attempt is shown only when it is where the delivery stands: the next try goes out again.
      return fulfilmentState === 'failed-attempt'
        ? ['placed', 'processing', 'ready', 'out-for-delivery', 'failed-attempt', 'delivered']
        : ['placed', 'processing', 'ready', 'out-for-delivery', 'delivered'];
    case 'pickup':
      return ['placed', 'processing', 'ready-for-pickup', 'picked-up'];
    case 'parcel':
      return ['placed', 'processing', 'completed'];
  }
}

/** The step the fulfilment state has reached on this route. */
function fulfilmentStep(route: Route, fulfilmentState: string): StepKey {
  const under = fulfilmentState === 'ready' || fulfilmentState === 'out-for-delivery' || fulfilmentState === 'failed-attempt';
  if (!under && fulfilmentState !== 'delivered') return 'placed';
  switch (route) {
    case 'driver':
      return under ? fulfilmentState : 'delivered';
    case 'pickup':
      // Nobody drives a pickup anywhere: short of handed over, it waits in the shop.
      return under ? 'ready-for-pickup' : 'picked-up';
    case 'parcel':
      return under ? 'processing' : 'completed';
  }
}

/** The step the order status has reached; a completed order has reached the end of its route. */
function statusStep(path: readonly StepKey[], status: string): StepKey {
  if (status === 'processing') return 'processing';
  if (status === 'completed') return path[path.length - 1]!;
  return 'placed';
}

/** Paid at the door or at the counter (cash, cash on delivery): the payment comes with the handover. */
function paysOnHandover(order: ProgressInput): boolean {
  return order.paymentMethod === 'cash' || order.paymentMethod === 'cod' || order.deliveryMethod.endsWith('-cod');
}

/**
 * The order's way in one sequence, from its status and its fulfilment state
 * together, so the two can never say different things: the step reached is
 * the further of the two (a delivered order is delivered whatever status the
 * owner has yet to set; a completed one has reached its end whatever state
 * the delivery was left in). A paid order's payment is done right after
 * placing; an unpaid one's is the next step to come (for cash at the
 * handover: just before the end, or after it once handed over). A cancelled
 * order shows placed → cancelled only.
 */
export function orderProgress(order: ProgressInput): OrderProgress {
  if (order.status === 'cancelled') {
    return {
      headline: LABELS.cancelled,
      steps: [
        { key: 'placed', label: LABELS.placed, state: 'done' },
        { key: 'cancelled', label: LABELS.cancelled, state: 'current' },
      ],
    };
  }
  const route = routeOf(order.deliveryMethod);
  const keys = pathOf(route, order.fulfilmentState);
  let reached = Math.max(keys.indexOf(statusStep(keys, order.status)), keys.indexOf(fulfilmentStep(route, order.fulfilmentState)));
  if (order.paid) {
    keys.splice(1, 0, 'paid');
    reached += 1;
  } else {
    keys.splice(paysOnHandover(order) ? Math.max(reached + 1, keys.length - 1) : reached + 1, 0, 'paid');
  }
  const steps = keys.map((key, index): TimelineStep => ({
    key,
    label: LABELS[key],
    state: index < reached ? 'done' : index === reached ? 'current' : 'upcoming',
  }));
  const current = steps[reached]!;
  const awaitingPayment = current.key === 'placed' && steps[reached + 1]?.key === 'paid';
  const headline = awaitingPayment ? (order.paymentMethod === 'transfer' ? 'Czeka na przelew' : 'Czeka na płatność') : current.label;
  return { headline, steps };
}
