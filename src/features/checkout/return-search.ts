import * as v from 'valibot';
import { ORDER_NUMBER_PATTERN } from '../../domain/order-number.ts';

/** Search params of /checkout/success and /checkout/cancel: anything malformed is dropped, never trusted. */
export const paymentReturnSearchSchema = v.object({
  payment: v.fallback(v.optional(v.picklist(['payu', 'blik', 'stripe', 'card', 'transfer'])), undefined),
  orderId: v.fallback(v.optional(v.pipe(v.string(), v.regex(ORDER_NUMBER_PATTERN))), undefined),
});

export type PaymentReturnSearch = v.InferOutput<typeof paymentReturnSearchSchema>;
