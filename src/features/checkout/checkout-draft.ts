import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from '../../domain/checkout-schema.ts';
import { cartLineKey } from '../../domain/product-sizes.ts';
import { DELIVERY_METHODS, isCourier, type DeliveryMethod } from '../../domain/delivery.ts';
import { DELIVERY_SERVICE_IDS, type DeliveryServiceId } from '../../domain/delivery-settings.ts';
import {
  OCCASIONS,
  RECIPIENT_KINDS,
  SUBSTITUTION_CHOICES,
  VENUE_TYPES,
  type Occasion,
  type RecipientKind,
  type SubstitutionChoice,
  type VenueType,
} from '../../domain/florist-order.ts';
import { CHECKOUT_PAYMENT_METHODS, type CheckoutPaymentMethod } from '../../domain/payment-methods.ts';
import { db } from '../../lib/db.ts';

export const CHECKOUT_DRAFT_META_KEY = 'checkoutDraft';

/** An order sent without a definite answer: the same key goes out again while the order is unchanged. */
export interface PendingSubmission {
  clientRequestId: string;
  fingerprint: string;
}

export interface CheckoutDraft {
  values: CheckoutFormValues;
  pending?: PendingSubmission;
}

/** Every free-text field: what the customer typed, personal data cleared on logout. */
const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'street',
  'houseNumber',
  'apartment',
  'city',
  'postalCode',
  'recipientName',
  'recipientPhone',
  'deliveryNotes',
  'deliveryDate',
  'deliveryWindow',
  'pickupTime',
  'venueName',
  'venueAddress',
  'eventTime',
  'ribbonText',
  'cemeteryName',
  'cemeteryLocality',
  'graveSection',
  'graveRow',
  'graveNumber',
  'graveDescription',
  'cardMessage',
  'cardSignature',
  'invoiceNip',
  'invoiceCompany',
  'invoiceAddress',
] as const satisfies readonly (keyof CheckoutFormValues)[];

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** Reads a stored draft defensively: an older or damaged record never breaks the checkout. */
export function toCheckoutDraft(stored: unknown): CheckoutDraft | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as { values?: unknown; pending?: unknown };
  if (typeof record.values !== 'object' || record.values === null) return null;
  const raw = record.values as Record<string, unknown>;
  const values: CheckoutFormValues = { ...EMPTY_CHECKOUT_FORM };
  for (const field of TEXT_FIELDS) {
    const value = raw[field];
    if (typeof value === 'string') values[field] = value.slice(0, 300);
  }
  if (isOneOf<DeliveryMethod>(DELIVERY_METHODS, raw.deliveryMethod)) values.deliveryMethod = raw.deliveryMethod;
  if (isOneOf<CheckoutPaymentMethod>(CHECKOUT_PAYMENT_METHODS, raw.paymentMethod)) values.paymentMethod = raw.paymentMethod;
  if (isOneOf<RecipientKind>(RECIPIENT_KINDS, raw.recipient)) values.recipient = raw.recipient;
  if (isOneOf<Occasion>(OCCASIONS, raw.occasion)) values.occasion = raw.occasion;
  if (isOneOf<VenueType>(VENUE_TYPES, raw.venueType)) values.venueType = raw.venueType;
  if (isOneOf<SubstitutionChoice>(SUBSTITUTION_CHOICES, raw.substitution)) values.substitution = raw.substitution;
  if (typeof raw.anonymous === 'boolean') values.anonymous = raw.anonymous;
  if (typeof raw.wantsInvoice === 'boolean') values.wantsInvoice = raw.wantsInvoice;
  if (Array.isArray(raw.services)) {
    values.services = [...new Set(raw.services.filter((id): id is DeliveryServiceId => isOneOf(DELIVERY_SERVICE_IDS, id)))];
  }
  const pending = record.pending as Partial<PendingSubmission> | undefined;
  const hasPending = typeof pending?.clientRequestId === 'string' && typeof pending.fingerprint === 'string';
  return hasPending ? { values, pending: { clientRequestId: pending.clientRequestId!, fingerprint: pending.fingerprint! } } : { values };
}

export async function loadCheckoutDraft(): Promise<CheckoutDraft | null> {
  const record = await db.meta.get(CHECKOUT_DRAFT_META_KEY);
  return toCheckoutDraft(record?.value);
}

export async function saveCheckoutDraft(draft: CheckoutDraft): Promise<void> {
  await db.meta.put({ key: CHECKOUT_DRAFT_META_KEY, value: draft });
}

/** The delivery chosen on the cart page: the checkout opens on it, the rest of the draft untouched. */
export async function rememberDeliveryMethod(method: DeliveryMethod): Promise<void> {
  const draft = await loadCheckoutDraft();
  const values = { ...(draft?.values ?? EMPTY_CHECKOUT_FORM), deliveryMethod: method };
  await saveCheckoutDraft(draft?.pending ? { values, pending: draft.pending } : { values });
}

/** Who buys: kept for the next order, as a convenience. */
const BUYER_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const satisfies readonly (keyof CheckoutFormValues)[];
const BUYER_ADDRESS_FIELDS = [
  'street',
  'houseNumber',
  'apartment',
  'city',
  'postalCode',
] as const satisfies readonly (keyof CheckoutFormValues)[];

/**
 * What the next order starts from once one has been placed: what describes
 * the buyer stays (contact details, the payment method, and their own address
 * with its delivery when the order went to them at home or by courier);
 * what describes that order goes (the recipient, the day, the occasion and
 * venue, the card, anonymity, notes, the grave and its services, the invoice).
 */
export function nextOrderValues(placed: CheckoutFormValues): CheckoutFormValues {
  const values: CheckoutFormValues = { ...EMPTY_CHECKOUT_FORM, paymentMethod: placed.paymentMethod };
  for (const field of BUYER_FIELDS) values[field] = placed[field];
  const toBuyersDoor = placed.recipient === 'self' && (placed.deliveryMethod === 'home' || isCourier(placed.deliveryMethod));
  if (toBuyersDoor) {
    values.deliveryMethod = placed.deliveryMethod;
    for (const field of BUYER_ADDRESS_FIELDS) values[field] = placed[field];
  }
  return values;
}

/** After an order went through (paid, placed for a transfer, or queued on the device): the next checkout starts clean. */
export async function finishCheckoutDraft(): Promise<void> {
  const draft = await loadCheckoutDraft();
  if (!draft) return;
  await saveCheckoutDraft({ values: nextOrderValues(draft.values) });
}

/** The identity of an order's content: the same fingerprint may reuse the same idempotency key. */
export function submissionFingerprint(payload: {
  checkout: CheckoutFormValues;
  items: ReadonlyArray<{ productId: string; sizeId?: string; quantity: number }>;
}): string {
  const items = [...payload.items].sort((a, b) => cartLineKey(a.productId, a.sizeId).localeCompare(cartLineKey(b.productId, b.sizeId)));
  return JSON.stringify({ checkout: payload.checkout, items });
}

/** Saves what the customer typed, keeping a pending submission (its fingerprint decides whether it still applies). */
export async function saveDraftValues(values: CheckoutFormValues): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const current = toCheckoutDraft((await db.meta.get(CHECKOUT_DRAFT_META_KEY))?.value);
    await saveCheckoutDraft(current?.pending ? { values, pending: current.pending } : { values });
  });
}

/** On logout: the draft keeps the chosen delivery and payment, but not who, where, the card's words and the invoice's buyer (personal data). */
export async function clearCheckoutContact(): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const current = toCheckoutDraft((await db.meta.get(CHECKOUT_DRAFT_META_KEY))?.value);
    if (!current) return;
    const values: CheckoutFormValues = { ...current.values };
    for (const field of TEXT_FIELDS) values[field] = EMPTY_CHECKOUT_FORM[field];
    values.recipient = EMPTY_CHECKOUT_FORM.recipient;
    values.anonymous = EMPTY_CHECKOUT_FORM.anonymous;
    values.wantsInvoice = EMPTY_CHECKOUT_FORM.wantsInvoice;
    // A pending key stays: it only applies again to the very same order.
    await saveCheckoutDraft(current.pending ? { values, pending: current.pending } : { values });
  });
}
