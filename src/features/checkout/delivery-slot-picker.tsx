import type { DeliveryMethod } from '../../domain/delivery.ts';

/** What the customer has chosen: a date ('YYYY-MM-DD', Warsaw), a window id (home, cemetery) or a pickup hour ('H:MM', store). */
export interface DeliverySlot {
  date: string;
  window: string;
  pickupTime: string;
}

/** Messages to show on the picker's parts (the schema's, or what the server said of them). */
export interface DeliverySlotErrors {
  date?: string;
  window?: string;
  pickupTime?: string;
}

/**
 * The 'Kiedy' picker (issue 17): self-contained, it asks the
 * delivery-availability function itself and keeps the last answer on the
 * device for offline use. The checkout and the outbox's 'pick another
 * window' both use it.
 */
export interface DeliverySlotPickerProps {
  method: DeliveryMethod;
  date: string;
  window: string;
  pickupTime: string;
  onChange: (next: DeliverySlot) => void;
  errors?: DeliverySlotErrors;
  /** Bump it to ask the server again (e.g. after place-order said 'slot_unavailable'). */
  refreshKey?: number;
  /** Prefix of the element ids, for two pickers on one page; default 'delivery-slot'. */
  idPrefix?: string;
}

export function DeliverySlotPicker(props: DeliverySlotPickerProps) {
  void props;
  return null;
}
