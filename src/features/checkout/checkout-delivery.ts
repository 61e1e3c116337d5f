import type { ComponentType } from 'react';
import type { DeliveryMethod } from '../../domain/delivery.ts';
import type { DeliveryServiceOffer } from '../../domain/delivery-availability-contract.ts';

/** A date ('YYYY-MM-DD', Warsaw), a window id or a pickup hour ('H:MM'), as the checkout's form keeps them. */
export interface CheckoutSlot {
  date: string;
  window: string;
  pickupTime: string;
}

/** What the checkout needs of a delivery date and window (or pickup hour) picker. */
export interface CheckoutSlotPickerProps extends CheckoutSlot {
  method: DeliveryMethod;
  onChange: (next: CheckoutSlot) => void;
  errors?: Partial<CheckoutSlot>;
  /** Bump it to ask the server again (after place-order refused the slot). */
  refreshKey?: number;
  idPrefix?: string;
}

/**
 * The delivery calendar as the checkout uses it. It is shared with the cart
 * and the account, so it lives in its own feature; a feature may not import
 * another, so the route hands it in.
 */
export interface CheckoutDelivery {
  SlotPicker: ComponentType<CheckoutSlotPickerProps>;
  /** The extra services' prices, from the same availability answer the picker reads (one request). */
  useServiceOffers: () => DeliveryServiceOffer[];
  /** The chosen slot in words, or null when none is chosen. */
  slotInWords: (method: DeliveryMethod, slot: CheckoutSlot) => string | null;
}
