export const PAYMENT_METHODS = ['payu', 'stripe', 'blik', 'card', 'transfer', 'cash', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The methods the checkout offers. */
export const CHECKOUT_PAYMENT_METHODS = ['payu', 'blik', 'stripe', 'transfer'] as const satisfies readonly PaymentMethod[];
export type CheckoutPaymentMethod = (typeof CHECKOUT_PAYMENT_METHODS)[number];

export const DEFAULT_PAYMENT_METHOD: CheckoutPaymentMethod = 'payu';

/** Polish names of every payment method. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  payu: 'PayU – szybkie płatności',
  stripe: 'Karta płatnicza',
  blik: 'BLIK',
  card: 'Karta płatnicza',
  transfer: 'Przelew tradycyjny',
  cash: 'Gotówka',
  cod: 'Za pobraniem',
};
