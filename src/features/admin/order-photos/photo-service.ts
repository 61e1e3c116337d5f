import { PHOTO_SERVICE_ID } from '../../../domain/order-photo.ts';
import type { AdminOrder } from '../orders/order.ts';

/** The customer paid for 'Zdjęcie po dostawie': the day view flags it and 'Dostarczone' asks for the photo. */
export function promisesPhoto(order: AdminOrder): boolean {
  return order.florist.services.some((service) => service.id === PHOTO_SERVICE_ID);
}
