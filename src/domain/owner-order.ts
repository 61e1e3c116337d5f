import * as v from 'valibot';
import { checkoutFormSchema, type CheckoutForm, type CheckoutFormValues } from './checkout-schema.ts';
import { DELIVERY_METHODS } from './delivery.ts';
import { MAX_ORDER_LINES, distinctLines, orderLineSchema } from './place-order-contract.ts';
import { EMAIL_PATTERN, PHONE_PATTERN } from './patterns.ts';
import { isCleanText } from './text-rules.ts';

/**
 * An order the owner enters herself ('Nowe zamówienie', docs/florist-day.md):
 * the back office's form builds it and the owner-order function re-parses it
 * with this module. The order's own part (recipient, slot, occasion, card,
 * grave, services) is the checkout's schema, parsed as for the shop; only the
 * buyer may be missing, and the owner adds a custom line, a discount and how
 * it is paid. Amounts are integer grosz.
 */

export const ORDER_SOURCES = ['online', 'phone', 'shop'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const ORDER_SOURCE_LABELS: Record<OrderSource, string> = {
  online: 'sklep internetowy',
  phone: 'telefon',
  shop: 'w sklepie',
};

export const OWNER_ORDER_SOURCES = ['phone', 'shop'] as const satisfies readonly OrderSource[];

/** How an owner's order is paid: at the counter (cash, card terminal), by bank transfer, or through a mailed link. */
export const OWNER_PAYMENTS = ['cash', 'terminal', 'transfer', 'link'] as const;
export type OwnerPayment = (typeof OWNER_PAYMENTS)[number];

export const OWNER_PAYMENT_LABELS: Record<OwnerPayment, string> = {
  cash: 'Gotówka',
  terminal: 'Terminal płatniczy',
  transfer: 'Przelew',
  link: 'Wyślij link do płatności',
};

/** orders.payment_method for each: a mailed link is paid online, so the order page offers 'Zapłać teraz'. */
export const OWNER_PAYMENT_METHOD: Record<OwnerPayment, 'cash' | 'card' | 'transfer' | 'payu'> = {
  cash: 'cash',
  terminal: 'card',
  transfer: 'transfer',
  link: 'payu',
};

/** The custom bouquet's hidden product (migration 20261130000100): its lines carry the owner's description and price. */
export const CUSTOM_LINE_PRODUCT_ID = 'b0b0e7a0-0000-4000-8000-000000000001';
export const CUSTOM_LINE_NAME = 'Bukiet na zamówienie';

/** A walk-in who gave no name is 'Klient w sklepie' on the order. */
export const WALK_IN_NAME = { firstName: 'Klient', lastName: 'w sklepie' };

/*
 * The checkout's schema needs a buyer; a walk-in may have none, and a phone
 * customer no email. These stand in only while the checkout is parsed: the
 * order stores what was typed ('' when nothing). The phone and email cannot be reached.
 */
const STAND_IN_EMAIL = 'brak@kwiaciarnia.invalid';
const STAND_IN_PHONE = '+48 000 000 000';

/** The largest amount an order can carry (numeric(10,2) PLN). */
const MAX_GROSZ = 99_999_999_99;

const grosz = (required: string) =>
  v.pipe(
    v.number(required),
    v.safeInteger('Kwota musi być liczbą groszy.'),
    v.minValue(0, 'Kwota nie może być ujemna.'),
    v.maxValue(MAX_GROSZ, 'Kwota jest zbyt duża.'),
  );

const line = (max: number, message: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max, message),
    v.check((value: string) => isCleanText(value), 'Tekst zawiera niedozwolone znaki'),
  );

const customerSchema = v.object({
  firstName: v.optional(line(100, 'Maksymalnie 100 znaków'), ''),
  lastName: v.optional(line(100, 'Maksymalnie 100 znaków'), ''),
  phone: v.optional(
    v.pipe(
      line(30, 'Maksymalnie 30 znaków'),
      v.check((value) => value === '' || PHONE_PATTERN.test(value), 'Nieprawidłowy format telefonu (użyj formatu: +48 123 456 789)'),
    ),
    '',
  ),
  email: v.optional(
    v.pipe(
      line(254, 'Maksymalnie 254 znaki'),
      v.check((value) => value === '' || EMAIL_PATTERN.test(value), 'Nieprawidłowy format adresu e-mail'),
    ),
    '',
  ),
});

const customLineSchema = v.object({
  description: v.pipe(line(200, 'Opis może mieć najwyżej 200 znaków'), v.minLength(3, 'Opisz bukiet (co najmniej 3 znaki)')),
  price: v.pipe(grosz('Podaj cenę bukietu'), v.minValue(1, 'Cena bukietu musi być większa od zera')),
});

const discountSchema = v.object({
  amount: grosz('Podaj kwotę rabatu'),
  reason: v.optional(line(300, 'Powód może mieć najwyżej 300 znaków'), ''),
});

const fieldsSchema = v.object({
  clientRequestId: v.pipe(v.string('Brak identyfikatora zamówienia'), v.uuid('Nieprawidłowy identyfikator zamówienia')),
  source: v.picklist(OWNER_ORDER_SOURCES, 'Wybierz, skąd jest zamówienie'),
  customer: v.optional(customerSchema, {}),
  /** The checkout's fields but the buyer's; the rest is parsed with checkoutFormSchema by parseOwnerOrder. */
  checkout: v.looseObject(
    { deliveryMethod: v.pipe(v.optional(v.string(), ''), v.picklist(DELIVERY_METHODS, 'Wybierz sposób dostawy')) },
    'Brak danych zamówienia',
  ),
  items: v.pipe(
    v.optional(v.array(orderLineSchema, 'Nieprawidłowe pozycje zamówienia'), []),
    v.maxLength(MAX_ORDER_LINES, `Zamówienie może mieć najwyżej ${MAX_ORDER_LINES} pozycji`),
    distinctLines,
  ),
  customLine: v.optional(v.nullable(customLineSchema), null),
  discount: v.optional(v.nullable(discountSchema), null),
  payment: v.picklist(OWNER_PAYMENTS, 'Wybierz sposób zapłaty'),
  /** The owner confirmed booking a window that is full. */
  capacityOverride: v.optional(v.boolean(), false),
});

type Fields = v.InferOutput<typeof fieldsSchema>;

function forward<K extends keyof Fields & string>(
  keys: readonly K[],
  target: readonly string[],
  holds: (input: Pick<Fields, K>) => boolean,
  message: string,
) {
  const check = v.partialCheck(keys.map((key) => [key]) as never, holds as never, message);
  return v.forward(check as never, target as never) as unknown as v.BaseValidation<Fields, Fields, v.BaseIssue<unknown>>;
}

export const DISCOUNT_REASON_MESSAGE = 'Podaj powód rabatu';

export const ownerOrderRequestSchema = v.pipe(
  fieldsSchema,
  forward(['items', 'customLine'], ['items'], (i) => i.items.length > 0 || i.customLine !== null, 'Dodaj produkt lub bukiet na zamówienie'),
  forward(
    ['source', 'customer'],
    ['customer', 'lastName'],
    (i) => i.source !== 'phone' || i.customer.lastName !== '',
    'Podaj nazwisko klienta (zamówienie telefoniczne)',
  ),
  forward(
    ['source', 'customer'],
    ['customer', 'phone'],
    (i) => i.source !== 'phone' || i.customer.phone !== '',
    'Podaj telefon klienta (zamówienie telefoniczne)',
  ),
  forward(
    ['payment', 'customer'],
    ['customer', 'email'],
    (i) => i.payment !== 'link' || i.customer.email !== '',
    'Link do płatności wyślemy na e-mail: podaj go',
  ),
  forward(
    ['discount'],
    ['discount', 'reason'],
    (i) => i.discount === null || i.discount.amount === 0 || i.discount.reason.length >= 3,
    DISCOUNT_REASON_MESSAGE,
  ),
);

export type OwnerOrderRequest = v.InferOutput<typeof ownerOrderRequestSchema>;

/** The body as the form sends it. */
export interface OwnerOrderPayload {
  clientRequestId: string;
  source: (typeof OWNER_ORDER_SOURCES)[number];
  customer: { firstName: string; lastName: string; phone: string; email: string };
  checkout: Partial<CheckoutFormValues>;
  items: Array<{ productId: string; sizeId?: string; quantity: number }>;
  customLine: { description: string; price: number } | null;
  discount: { amount: number; reason: string } | null;
  payment: OwnerPayment;
  capacityOverride: boolean;
}

/** The order as owner-order answers it. */
export interface OwnerPlacedOrder {
  id: string;
  orderNumber: string;
  /** Grosz. */
  total: number;
  amountPaid: number;
  capacityOverridden: boolean;
}

export interface OwnerOrderResponse {
  order: OwnerPlacedOrder;
  replayed: boolean;
}

export type OwnerOrderParse =
  { success: true; request: OwnerOrderRequest; checkout: CheckoutForm } | { success: false; issues: v.BaseIssue<unknown>[] };

type Customer = OwnerOrderRequest['customer'];

/** The checkout as the shop's schema reads it, with the buyer stood in where the owner typed none. */
function checkoutOf(checkout: unknown, customer: Customer): unknown {
  const unnamed = customer.firstName === '' && customer.lastName === '';
  const given = typeof checkout === 'object' && checkout !== null ? (checkout as Record<string, unknown>) : {};
  return {
    // Parts a pickup leaves out may be missing; the rules then say what is required, in Polish.
    street: '',
    houseNumber: '',
    city: '',
    postalCode: '',
    ...given,
    // A method the owner's own fields refused already (in Polish) stands in as pickup, so it is not reported twice.
    deliveryMethod: (DELIVERY_METHODS as readonly unknown[]).includes(given.deliveryMethod) ? given.deliveryMethod : 'store',
    firstName: unnamed ? WALK_IN_NAME.firstName : customer.firstName || customer.lastName,
    lastName: unnamed ? WALK_IN_NAME.lastName : customer.lastName || customer.firstName,
    email: customer.email || STAND_IN_EMAIL,
    phone: customer.phone || STAND_IN_PHONE,
    // How it is paid is the owner's choice above; the checkout's picklist only needs a value it knows.
    paymentMethod: 'transfer',
  };
}

/** The customer as typed, for parsing the checkout part of a body whose own fields failed. */
function rawCustomer(body: unknown): Customer {
  const customer = typeof body === 'object' && body !== null ? (body as { customer?: unknown }).customer : undefined;
  const read = (key: string) => {
    const value = typeof customer === 'object' && customer !== null ? (customer as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' ? value.trim() : '';
  };
  return { firstName: read('firstName'), lastName: read('lastName'), phone: read('phone'), email: read('email') };
}

/**
 * Parses the owner's order: its own fields, and the order's part with the
 * shop's checkout schema (issues under 'checkout.'), both at once, so the
 * form shows every problem together.
 */
export function parseOwnerOrder(body: unknown): OwnerOrderParse {
  const fields = v.safeParse(ownerOrderRequestSchema, body);
  const rawCheckout = typeof body === 'object' && body !== null ? (body as { checkout?: unknown }).checkout : undefined;
  const customer = fields.success ? fields.output.customer : rawCustomer(body);
  const checkout = v.safeParse(v.object({ checkout: checkoutFormSchema }), { checkout: checkoutOf(rawCheckout, customer) });
  if (fields.success && checkout.success) return { success: true, request: fields.output, checkout: checkout.output.checkout };
  return { success: false, issues: [...(fields.issues ?? []), ...(checkout.issues ?? [])] };
}

/** The buyer as the order stores them: the name typed (or 'Klient w sklepie'), and '' for a phone or email not given. */
export function storedCustomer(request: OwnerOrderRequest): { name: string; email: string; phone: string } {
  const { firstName, lastName, email, phone } = request.customer;
  const name = `${firstName} ${lastName}`.trim();
  return {
    name: name.length >= 2 ? name : `${WALK_IN_NAME.firstName} ${WALK_IN_NAME.lastName}`,
    email: email.toLowerCase(),
    phone,
  };
}
