import * as v from 'valibot';
import { checkoutFormSchema, type CheckoutFormValues } from '../../src/domain/checkout-schema.ts';

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
