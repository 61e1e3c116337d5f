import * as v from 'valibot';
import { isIsoDate } from './calendar/calendar-date.ts';

/**
 * What the owner asks of the owner-payments function, defined once: the
 * back office's forms build it and the function re-parses it.
 * Amounts are integer grosz; dates are the shop's (Europe/Warsaw) calendar days.
 */

export const MANUAL_PAYMENT_METHODS = ['transfer', 'cash', 'terminal'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];

export const MANUAL_PAYMENT_METHOD_LABELS: Record<ManualPaymentMethod, string> = {
  transfer: 'Przelew',
  cash: 'Gotówka',
  terminal: 'Terminal płatniczy',
};

/** The largest amount the shop's orders can carry (numeric(10,2) PLN). */
const MAX_GROSZ = 99_999_999_99;

// A missing key gets the same Polish message as a wrong value (not valibot's English key issue).
const orderId = v.optional(v.pipe(v.string('Brak zamówienia.'), v.uuid('Nieprawidłowy identyfikator zamówienia.')), '');
const amount = v.optional(
  v.pipe(
    v.number('Podaj kwotę.'),
    v.safeInteger('Kwota musi być liczbą groszy.'),
    v.minValue(1, 'Kwota musi być większa od zera.'),
    v.maxValue(MAX_GROSZ, 'Kwota jest zbyt duża.'),
  ),
  Number.NaN,
);
const day = (message: string) => v.optional(v.pipe(v.string(message), v.check(isIsoDate, message)), '');
const optionalText = (max: number, message: string) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, message)));

export const markPaidSchema = v.object({
  action: v.literal('mark-paid'),
  orderId,
  method: v.optional(v.pipe(v.string('Wybierz sposób zapłaty.'), v.picklist(MANUAL_PAYMENT_METHODS, 'Wybierz sposób zapłaty.')), ''),
  amount,
  receivedOn: day('Podaj datę wpłaty.'),
  note: optionalText(500, 'Notatka może mieć najwyżej 500 znaków.'),
});

export const refundSchema = v.object({
  action: v.literal('refund'),
  orderId,
  amount,
  reason: optionalText(500, 'Powód może mieć najwyżej 500 znaków.'),
  withdrawalId: v.optional(v.pipe(v.string(), v.uuid('Nieprawidłowy identyfikator odstąpienia.'))),
  /** A refund the owner made outside the shop (a transfer back, cash); without it the gateway refunds. */
  manual: v.optional(v.object({ refundedOn: day('Podaj datę zwrotu.') })),
});

export const ownerPaymentRequestSchema = v.variant('action', [markPaidSchema, refundSchema], 'Nieznana operacja.');

export type MarkPaidRequest = v.InferOutput<typeof markPaidSchema>;
export type RefundRequest = v.InferOutput<typeof refundSchema>;
export type OwnerPaymentRequest = v.InferOutput<typeof ownerPaymentRequestSchema>;
