import { ORDER_NUMBER_PATTERN } from '../../domain/order-number.ts';

const RETURN_PAYMENT_METHODS = ['payu', 'blik', 'stripe', 'card', 'transfer'] as const;

/** Search params of /checkout/success and /checkout/cancel. */
export interface PaymentReturnSearch {
  payment?: (typeof RETURN_PAYMENT_METHODS)[number] | undefined;
  orderId?: string | undefined;
}

/** Anything malformed is dropped, never shown (the pages parse the URL's text params with it). */
export function parsePaymentReturnSearch(search: Record<string, unknown>): PaymentReturnSearch {
  return {
    payment: RETURN_PAYMENT_METHODS.find((method) => method === search.payment),
    orderId: typeof search.orderId === 'string' && ORDER_NUMBER_PATTERN.test(search.orderId) ? search.orderId : undefined,
  };
}
