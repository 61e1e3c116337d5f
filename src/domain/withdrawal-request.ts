import * as v from 'valibot';
import { addDays } from './calendar/calendar-date.ts';
import { EMAIL_PATTERN } from './patterns.ts';
import { INVALID_CHARACTERS_MESSAGE, isCleanText } from './text-rules.ts';
import { warsawDate } from './calendar/warsaw-clock.ts';
import {
  WITHDRAWAL_EXEMPTION_REASONS,
  WITHDRAWAL_PERIOD_DAYS,
  lineWithdrawalExemption,
  type WithdrawalProduct,
} from './withdrawal-right.ts';

/**
 * The withdrawal request (/odstapienie and the withdrawal-request function,
 * Directive (EU) 2023/2673): the form's schema, defined once and
 * re-parsed by the function; which ordered lines a request may return, and
 * what the shop answers. Which goods have no right at all is decided by
 * withdrawal-right.ts; this module only applies it to an order.
 */

export const WITHDRAWAL_REQUEST_FUNCTION = 'withdrawal-request';

export const WITHDRAWAL_LIMITS = { number: 64, email: 320, reason: 1000, lines: 100, quantity: 999 } as const;

const NUMBER_MESSAGE = 'Podaj numer zamówienia (np. KT123456789).';
const EMAIL_MESSAGE = 'Podaj adres e-mail podany w zamówieniu.';
export const NO_LINES_MESSAGE = 'Wybierz co najmniej jeden produkt do zwrotu.';

const orderNumber = v.pipe(
  v.optional(v.string(NUMBER_MESSAGE), ''),
  v.trim(),
  v.toUpperCase(),
  v.nonEmpty(NUMBER_MESSAGE),
  v.maxLength(WITHDRAWAL_LIMITS.number, NUMBER_MESSAGE),
  v.check((value: string) => isCleanText(value), NUMBER_MESSAGE),
);
const email = v.pipe(
  v.optional(v.string(EMAIL_MESSAGE), ''),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(EMAIL_MESSAGE),
  v.maxLength(WITHDRAWAL_LIMITS.email, EMAIL_MESSAGE),
  v.regex(EMAIL_PATTERN, 'Nieprawidłowy format adresu e-mail.'),
);

/** Step 1: which order (number + the email given in it). */
export const withdrawalLookupSchema = v.object({ number: orderNumber, email });

/** A size's label as order lines keep it (null: a product sold as one), so two sizes of a product are two lines. */
const sizeLabel = v.optional(v.nullable(v.pipe(v.string('Nieprawidłowy rozmiar.'), v.maxLength(40, 'Nieprawidłowy rozmiar.'))), null);

/** One key per order line: its product and its size (order_items is unique on both). */
export function withdrawalLineKey(line: { productId: string; sizeLabel?: string | null }): string {
  return line.sizeLabel ? `${line.productId}:${line.sizeLabel}` : line.productId;
}

const chosenLine = v.object({
  productId: v.pipe(v.string('Nieprawidłowy produkt.'), v.uuid('Nieprawidłowy produkt.')),
  sizeLabel,
  quantity: v.pipe(
    v.number('Podaj liczbę sztuk.'),
    v.integer('Podaj liczbę sztuk.'),
    v.minValue(1, 'Podaj co najmniej 1 szt.'),
    v.maxValue(WITHDRAWAL_LIMITS.quantity, 'Za duża liczba sztuk.'),
  ),
});

/** Step 2: the lines to return and an optional reason (the consumer need not give one, art. 27). */
export const withdrawalSubmitSchema = v.object({
  ...withdrawalLookupSchema.entries,
  lines: v.pipe(
    v.optional(v.array(chosenLine, NO_LINES_MESSAGE), []),
    v.minLength(1, NO_LINES_MESSAGE),
    v.maxLength(WITHDRAWAL_LIMITS.lines, 'Za dużo pozycji.'),
    v.check((lines) => new Set(lines.map(withdrawalLineKey)).size === lines.length, 'Każdy produkt wybierz tylko raz.'),
  ),
  reason: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.maxLength(WITHDRAWAL_LIMITS.reason, `Powód może mieć najwyżej ${WITHDRAWAL_LIMITS.reason} znaków.`),
    v.check((value: string) => isCleanText(value, { multiline: true }), INVALID_CHARACTERS_MESSAGE),
  ),
});

/** The function's body: `action` picks the step. */
export const withdrawalRequestSchema = v.variant(
  'action',
  [
    v.object({ action: v.literal('lookup'), ...withdrawalLookupSchema.entries }),
    v.object({ action: v.literal('submit'), ...withdrawalSubmitSchema.entries }),
  ],
  'Nieznana operacja.',
);

export type WithdrawalLookup = v.InferOutput<typeof withdrawalLookupSchema>;
export type WithdrawalSubmit = v.InferOutput<typeof withdrawalSubmitSchema>;

// ---------------------------------------------------------------- states

export const WITHDRAWAL_STATES = ['received', 'accepted', 'refunded', 'rejected'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

export const WITHDRAWAL_STATE_LABELS: Record<WithdrawalState, string> = {
  received: 'Otrzymane',
  accepted: 'Uznane',
  refunded: 'Zwrócono pieniądze',
  rejected: 'Odrzucone',
};

export function isWithdrawalState(value: string): value is WithdrawalState {
  return (WITHDRAWAL_STATES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------- the 14 days

/** '2026-11-28' → '28.11.2026'. */
export function polishDate(date: string): string {
  return date.split('-').reverse().join('.');
}

/**
 * The last day to withdraw: the period runs from the day after the goods were
 * received (art. 27; art. 111 § 2 k.c.), so receipt + 14 days. Null when the
 * order does not record a receipt: the request is accepted and the owner judges.
 */
export function withdrawalLastDay(receivedOn: string | null): string | null {
  return receivedOn ? addDays(receivedOn, WITHDRAWAL_PERIOD_DAYS) : null;
}

/**
 * The day the goods were received, as far as the order records it: only a
 * delivery the owner marked 'Dostarczone' counts (status 'completed' means
 * paid, not received). Its delivery or pickup day, or for a courier order
 * (no date) the day of the order's last change, which is never earlier
 * than the delivery and so never cuts the customer's period short.
 */
export function recordedReceiptDay(order: { fulfilmentState: string; deliveryDate: string | null; updatedAt: string }): string | null {
  if (order.fulfilmentState !== 'delivered') return null;
  return order.deliveryDate ?? warsawDate(Date.parse(order.updatedAt));
}

/** What the answer and the mail say about the period. */
export function withdrawalPeriodNote(receivedOn: string | null, today: string): string {
  const lastDay = withdrawalLastDay(receivedOn);
  if (!receivedOn || !lastDay) {
    return `Zamówienie nie ma zapisanej daty odbioru, dlatego przyjmujemy zgłoszenie – sklep sprawdzi termin ${WITHDRAWAL_PERIOD_DAYS} dni przy jego rozpatrywaniu.`;
  }
  if (today > lastDay) {
    return `Towar odebrano ${polishDate(receivedOn)}. Termin na odstąpienie od umowy minął ${polishDate(lastDay)}.`;
  }
  return `Towar odebrano ${polishDate(receivedOn)}. Termin na odstąpienie od umowy mija ${polishDate(lastDay)}.`;
}

// ---------------------------------------------------------------- which lines

/** An ordered line with what the function loaded about it. */
export interface OrderedLine {
  productId: string;
  /** The size ordered, as the line keeps its label; none for a product sold as one. */
  sizeLabel?: string | null;
  /** The name at the time of purchase, with its size. */
  name: string;
  quantity: number;
  /** Pieces of this line in earlier requests the shop has not rejected. */
  alreadyRequested: number;
  product: WithdrawalProduct;
}

export interface WithdrawalOrderFacts {
  ribbonText: string | null;
  cancelled: boolean;
  /** 'YYYY-MM-DD' the goods were received, if the order records it. */
  receivedOn: string | null;
  /** The shop's today (Europe/Warsaw), by the server's clock. */
  today: string;
}

/** A line as the form shows it: how many pieces may still go back, or why none. */
export interface LineEligibility {
  productId: string;
  sizeLabel?: string | null;
  name: string;
  quantity: number;
  returnable: number;
  /** Null when the line may be returned; otherwise the reason, in the customer's words. */
  refusal: string | null;
}

export const CANCELLED_REFUSAL = 'Zamówienie zostało anulowane – nie ma umowy, od której można odstąpić.';
export const ALREADY_REQUESTED_REFUSAL = 'Ten produkt jest już w Twoim wcześniejszym zgłoszeniu odstąpienia.';

function lateRefusal(receivedOn: string, lastDay: string): string {
  return `Minął ${WITHDRAWAL_PERIOD_DAYS}-dniowy termin na odstąpienie od umowy (towar odebrano ${polishDate(receivedOn)}, termin minął ${polishDate(lastDay)}).`;
}

export function lineEligibility(line: OrderedLine, facts: WithdrawalOrderFacts): LineEligibility {
  const base = { productId: line.productId, sizeLabel: line.sizeLabel ?? null, name: line.name, quantity: line.quantity };
  const refuse = (refusal: string): LineEligibility => ({ ...base, returnable: 0, refusal });
  const exemption = lineWithdrawalExemption({ ...line.product, name: line.name }, { ribbonText: facts.ribbonText });
  if (exemption) return refuse(WITHDRAWAL_EXEMPTION_REASONS[exemption]);
  if (facts.cancelled) return refuse(CANCELLED_REFUSAL);
  const lastDay = withdrawalLastDay(facts.receivedOn);
  if (facts.receivedOn && lastDay && facts.today > lastDay) return refuse(lateRefusal(facts.receivedOn, lastDay));
  const returnable = Math.max(0, line.quantity - line.alreadyRequested);
  if (returnable === 0) return refuse(ALREADY_REQUESTED_REFUSAL);
  return { ...base, returnable, refusal: null };
}

export interface DecidedLine {
  productId: string;
  sizeLabel?: string | null;
  name: string;
  quantity: number;
}
export interface RefusedLine extends DecidedLine {
  reason: string;
}

export interface WithdrawalDecision {
  accepted: DecidedLine[];
  refused: RefusedLine[];
}

/**
 * The shop's answer to the chosen lines: each is accepted up to what may
 * still go back, the rest refused with the reason. A product that is not in
 * the order is the caller's mistake, reported by the function as bad input.
 */
export function decideWithdrawal(
  eligibility: readonly LineEligibility[],
  chosen: readonly { productId: string; sizeLabel?: string | null; quantity: number }[],
): WithdrawalDecision {
  const decision: WithdrawalDecision = { accepted: [], refused: [] };
  for (const choice of chosen) {
    const line = eligibility.find((candidate) => withdrawalLineKey(candidate) === withdrawalLineKey(choice));
    if (!line) continue;
    const base = { productId: line.productId, sizeLabel: line.sizeLabel ?? null, name: line.name };
    if (line.refusal) {
      decision.refused.push({ ...base, quantity: choice.quantity, reason: line.refusal });
      continue;
    }
    const accepted = Math.min(choice.quantity, line.returnable);
    decision.accepted.push({ ...base, quantity: accepted });
    if (choice.quantity > accepted) {
      decision.refused.push({
        ...base,
        quantity: choice.quantity - accepted,
        reason: `Z tej pozycji można zwrócić najwyżej ${line.returnable} szt.`,
      });
    }
  }
  return decision;
}

// ---------------------------------------------------------------- answers

// Requests stored before sizes have no sizeLabel: null.
const decidedLine = v.object({
  productId: v.string(),
  sizeLabel: v.optional(v.nullable(v.string())),
  name: v.string(),
  quantity: v.number(),
});

/** The lookup's answer: the order's lines and what may go back. */
export const withdrawalLookupAnswerSchema = v.object({
  number: v.string(),
  createdAt: v.string(),
  periodNote: v.string(),
  lines: v.array(
    v.object({
      productId: v.string(),
      sizeLabel: v.optional(v.nullable(v.string())),
      name: v.string(),
      quantity: v.number(),
      returnable: v.number(),
      refusal: v.nullable(v.string()),
    }),
  ),
});
export type WithdrawalLookupAnswer = v.InferOutput<typeof withdrawalLookupAnswerSchema>;

/** The submit's answer: the stored request, also what the mail says. */
export const withdrawalReceiptSchema = v.object({
  requestNumber: v.string(),
  orderNumber: v.string(),
  createdAt: v.string(),
  periodNote: v.string(),
  reason: v.string(),
  accepted: v.array(decidedLine),
  refused: v.array(v.object({ ...decidedLine.entries, reason: v.string() })),
});
export type WithdrawalReceipt = v.InferOutput<typeof withdrawalReceiptSchema>;

/** The same answer for a wrong number and a wrong email: nothing tells which was wrong. */
export const WITHDRAWAL_ORDER_NOT_FOUND =
  'Nie znaleźliśmy zamówienia o tym numerze i adresie e-mail. Sprawdź numer w e-mailu z potwierdzeniem i adres podany przy zamówieniu.';
export const WITHDRAWAL_NOTHING_ACCEPTED = 'Żaden z wybranych produktów nie może zostać zwrócony – powody podajemy przy każdym z nich.';
export const WITHDRAWAL_ALREADY_REQUESTED =
  'Te produkty są już w innym, właśnie wysłanym zgłoszeniu odstąpienia. Wyszukaj zamówienie ponownie, aby zobaczyć, co jeszcze można zwrócić.';
export const WITHDRAWAL_RATE_LIMITED = 'Wysłano zbyt wiele zapytań. Spróbuj ponownie za kilka minut.';
