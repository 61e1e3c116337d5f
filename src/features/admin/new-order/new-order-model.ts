import { type DeliveryServiceId } from '../../../domain/delivery-settings.ts';
import { type Occasion } from '../../../domain/florist-order.ts';
import { parseAmountText } from '../../../domain/money.ts';
import { numericDate } from '../../../domain/polish-date.ts';
import { parseOwnerOrder, type OwnerOrderPayload, type OwnerPayment } from '../../../domain/owner-order.ts';
import { issuesByField } from '../../../domain/validation-issues.ts';

/** The form's draft and what it sends: pure, so the form and its tests share one home for the rules. */

export const DELIVERY_CHOICES = ['store', 'home', 'cemetery'] as const;
export type DeliveryChoice = (typeof DELIVERY_CHOICES)[number];
export const DELIVERY_CHOICE_LABELS: Record<DeliveryChoice, string> = {
  store: 'Odbiór w kwiaciarni',
  home: 'Dostawa pod adres',
  cemetery: 'Dostawa na cmentarz',
};

export interface NewOrderDraft {
  clientRequestId: string;
  source: 'phone' | 'shop';
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  lines: Array<{ productId: string; sizeId?: string; name: string; price: number; quantity: number }>;
  customOn: boolean;
  customDescription: string;
  customPrice: string;
  deliveryMethod: DeliveryChoice;
  deliveryDate: string;
  deliveryWindow: string;
  pickupTime: string;
  street: string;
  houseNumber: string;
  apartment: string;
  city: string;
  postalCode: string;
  cemeteryName: string;
  graveDescription: string;
  recipient: 'self' | 'other';
  recipientName: string;
  recipientPhone: string;
  occasion: Occasion | '';
  cardMessage: string;
  cardSignature: string;
  services: DeliveryServiceId[];
  discountAmount: string;
  discountReason: string;
  payment: OwnerPayment;
  capacityOverride: boolean;
}

export function emptyDraft(): NewOrderDraft {
  return {
    clientRequestId: crypto.randomUUID(),
    source: 'phone',
    firstName: '',
    lastName: '',
    phone: '',
    email: '',
    lines: [],
    customOn: false,
    customDescription: '',
    customPrice: '',
    deliveryMethod: 'store',
    deliveryDate: '',
    deliveryWindow: '',
    pickupTime: '',
    street: '',
    houseNumber: '',
    apartment: '',
    city: 'Przemyśl',
    postalCode: '',
    cemeteryName: '',
    graveDescription: '',
    recipient: 'self',
    recipientName: '',
    recipientPhone: '',
    occasion: '',
    cardMessage: '',
    cardSignature: '',
    services: [],
    discountAmount: '',
    discountReason: '',
    payment: 'cash',
    capacityOverride: false,
  };
}

const PRICE_FORMAT_MESSAGE = 'Podaj kwotę, np. 150 lub 149,99';

/** The body owner-order takes, and the form's own problems (amounts it cannot read). */
export function payloadOf(draft: NewOrderDraft): { payload: OwnerOrderPayload; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const customPrice = draft.customOn ? parseAmountText(draft.customPrice) : null;
  if (draft.customOn && customPrice === null) problems['customLine.price'] = PRICE_FORMAT_MESSAGE;
  const discount = draft.discountAmount.trim() === '' ? null : parseAmountText(draft.discountAmount);
  if (draft.discountAmount.trim() !== '' && discount === null) problems['discount.amount'] = PRICE_FORMAT_MESSAGE;
  const delivered = draft.deliveryMethod !== 'store';
  const payload: OwnerOrderPayload = {
    clientRequestId: draft.clientRequestId,
    source: draft.source,
    customer: { firstName: draft.firstName, lastName: draft.lastName, phone: draft.phone, email: draft.email },
    checkout: {
      deliveryMethod: draft.deliveryMethod,
      deliveryDate: draft.deliveryDate,
      deliveryWindow: delivered ? draft.deliveryWindow : '',
      pickupTime: delivered ? '' : draft.pickupTime,
      street: delivered ? draft.street : '',
      houseNumber: delivered ? draft.houseNumber : '',
      apartment: delivered ? draft.apartment : '',
      city: delivered ? draft.city : '',
      postalCode: delivered ? draft.postalCode : '',
      cemeteryName: draft.deliveryMethod === 'cemetery' ? draft.cemeteryName : '',
      graveDescription: draft.deliveryMethod === 'cemetery' ? draft.graveDescription : '',
      services: draft.deliveryMethod === 'cemetery' ? draft.services : [],
      recipient: draft.recipient,
      recipientName: draft.recipient === 'other' ? draft.recipientName : '',
      recipientPhone: draft.recipient === 'other' ? draft.recipientPhone : '',
      occasion: draft.occasion,
      cardMessage: draft.cardMessage,
      cardSignature: draft.cardSignature,
    },
    items: draft.lines.map((line) => ({
      productId: line.productId,
      ...(line.sizeId ? { sizeId: line.sizeId } : {}),
      quantity: line.quantity,
    })),
    customLine: draft.customOn ? { description: draft.customDescription, price: customPrice ?? 0 } : null,
    discount: discount === null || discount === 0 ? null : { amount: discount, reason: draft.discountReason },
    payment: draft.payment,
    capacityOverride: draft.capacityOverride,
  };
  return { payload, problems };
}

/** Every problem of the form at once, keyed by the body's paths, with the schema's Polish messages. */
export function validateDraft(draft: NewOrderDraft): Record<string, string> {
  const { payload, problems } = payloadOf(draft);
  const parsed = parseOwnerOrder(payload);
  const found = parsed.success ? {} : issuesByField(parsed.issues);
  return { ...Object.fromEntries(Object.entries(found).map(([key, message]) => [fieldPath(key), message])), ...problems };
}

const BUYER_FIELDS = new Set(['checkout.firstName', 'checkout.lastName', 'checkout.phone', 'checkout.email']);

/** The field that shows a message: the buyer's part of the checkout is the form's 'Klient'. */
export function fieldPath(key: string): string {
  return BUYER_FIELDS.has(key) ? key.replace('checkout.', 'customer.') : key;
}

/** Whether the owner has typed anything into a draft (a fresh form's draft holds nothing to lose). */
export function draftHasContent(draft: NewOrderDraft): boolean {
  const empty = emptyDraft();
  return (Object.keys(empty) as (keyof NewOrderDraft)[]).some(
    (key) => key !== 'clientRequestId' && JSON.stringify(draft[key]) !== JSON.stringify(empty[key]),
  );
}

/** 'Krystyna Telefoniczna, 30.11.2026' for a notice about an order kept on the device; a walk-in without a name says so. */
export function draftSummary(draft: Partial<NewOrderDraft>): string {
  const who = [draft.firstName, draft.lastName].filter(Boolean).join(' ').trim() || 'klient bez nazwiska';
  return draft.deliveryDate ? `${who}, ${numericDate(draft.deliveryDate)}` : who;
}
