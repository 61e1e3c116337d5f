import * as v from 'valibot';
import { EMPTY_CHECKOUT_FORM, checkoutFormSchema, type CheckoutFormValues } from '../../src/domain/checkout-schema.ts';

/** A buyer who filled in only their own contact details. */
export const CHECKOUT_BUYER: CheckoutFormValues = {
  ...EMPTY_CHECKOUT_FORM,
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.pl',
  phone: '+48 600 100 200',
};

/** The smallest complete order form: the buyer picks the flowers up in the shop. */
export const PICKUP_CHECKOUT: CheckoutFormValues = {
  ...CHECKOUT_BUYER,
  deliveryMethod: 'store',
  deliveryDate: '2026-12-01',
  pickupTime: '10:30',
};

/** The checkout schema's messages for a form, by field path ('invoiceNip', 'services'), as the page shows them. */
export function checkoutMessages(values: CheckoutFormValues): Record<string, string[]> {
  const result = v.safeParse(checkoutFormSchema, values);
  const byField: Record<string, string[]> = {};
  for (const issue of result.issues ?? []) {
    const key = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    (byField[key] ??= []).push(issue.message);
  }
  return byField;
}
