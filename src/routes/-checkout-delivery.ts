import type { DeliveryServiceOffer } from '../domain/delivery-availability-contract.ts';
import type { CheckoutDelivery } from '../features/checkout/checkout-delivery.ts';
import { serviceOffers } from '../features/delivery/availability.ts';
import { DeliverySlotPicker } from '../features/delivery/slot-picker.tsx';
import { slotInWords } from '../features/delivery/slot-texts.ts';
import { useDeliveryAvailability } from '../features/delivery/use-availability.ts';

function useServiceOffers(): DeliveryServiceOffer[] {
  return serviceOffers(useDeliveryAvailability().answer);
}

/** Composes the checkout with the delivery calendar (features/delivery). */
export const CHECKOUT_DELIVERY: CheckoutDelivery = { SlotPicker: DeliverySlotPicker, useServiceOffers, slotInWords };
