import * as v from 'valibot';
import { issuesByField, joinIssueMessages } from '../../src/domain/validation-issues.ts';
import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import {
  WITHDRAWAL_NOTHING_ACCEPTED,
  WITHDRAWAL_ORDER_NOT_FOUND,
  WITHDRAWAL_RATE_LIMITED,
  decideWithdrawal,
  lineEligibility,
  recordedReceiptDay,
  withdrawalPeriodNote,
  withdrawalReceiptSchema,
  withdrawalLineKey,
  withdrawalRequestSchema,
  type LineEligibility,
  type OrderedLine,
  type WithdrawalDecision,
  type WithdrawalLookupAnswer,
} from '../../src/domain/withdrawal-request.ts';
import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';
import { clientAddress, rateLimitedResponse, type RateLimiter } from '../_shared/rate-limit.ts';

/** An order as the function needs it: who may ask, when it was received, and its lines with their products. */
export interface WithdrawalOrder {
  id: string;
  number: string;
  customerEmail: string;
  createdAt: string;
  updatedAt: string;
  status: string;
  fulfilmentState: string;
  deliveryDate: string | null;
  ribbonText: string | null;
  lines: OrderedLine[];
}

export interface WithdrawalRequestDeps {
  /** The shop's own pages call it: anon/publishable key or a signed-in customer. */
  authenticate: Authenticate;
  /**
   * Per address, and per order number and email together (see deps.ts);
   * never per email alone, or a stranger's wrong numbers would lock the
   * customer out. Absent → no limit.
   */
  rateLimiters?: { address: RateLimiter; pair: RateLimiter };
  /** The order by its number, with the pieces of each line already in requests the shop has not rejected; null when unknown. */
  findOrder(number: string): Promise<WithdrawalOrder | null>;
  /** Stores the request and queues its mails in one transaction (record_withdrawal_request); answers the receipt. */
  record(orderId: string, decision: WithdrawalDecision, reason: string, periodNote: string): Promise<unknown>;
  /** Asks mail-dispatch to send the queued mails now, without waiting. */
  kickMail?(): void;
  now(): number;
}

/** A few order lines and a reason: 16 KiB is far more than a real request. */
const MAX_BODY_BYTES = 16 * 1024;

/** The counter of one order number with one email: only someone who knows both can fill it. */
export function pairKey(number: string, email: string): string {
  return `pair:${number.trim().toUpperCase()}:${email.trim().toLowerCase()}`;
}

function notFound(): HttpError {
  return new HttpError(404, 'order_not_found', WITHDRAWAL_ORDER_NOT_FOUND);
}

/**
 * withdrawal-request: the consumer's withdrawal from /odstapienie.
 * - `lookup` { number, email } → the order's lines, each with how many pieces
 *   may go back or why none (withdrawal-right.ts);
 * - `submit` { number, email, lines, reason } → stores what it accepts, names
 *   what it refuses and why, and queues the confirmation mail (201 with the
 *   receipt).
 * A wrong number and a wrong email get the same 404; both steps count
 * against the rate limits (per address, per number + email), checked before
 * the order is looked up.
 */
export function createWithdrawalRequestHandler(deps: WithdrawalRequestDeps): Handler {
  return postHandler('withdrawal-request', async (request) => {
    await deps.authenticate(request);
    const parsed = v.safeParse(withdrawalRequestSchema, await readJsonObject(request, MAX_BODY_BYTES));
    if (!parsed.success) {
      throw new HttpError(400, 'validation_failed', joinIssueMessages(parsed.issues), issuesByField(parsed.issues));
    }
    const body = parsed.output;
    if (deps.rateLimiters) {
      const byAddress = await deps.rateLimiters.address.hit([`ip:${clientAddress(request)}`]);
      if (!byAddress.allowed) return rateLimitedResponse(WITHDRAWAL_RATE_LIMITED, byAddress);
      const byPair = await deps.rateLimiters.pair.hit([pairKey(body.number, body.email)]);
      if (!byPair.allowed) return rateLimitedResponse(WITHDRAWAL_RATE_LIMITED, byPair);
    }

    const order = await deps.findOrder(body.number);
    if (!order || order.customerEmail.trim().toLowerCase() !== body.email) throw notFound();

    const today = warsawDate(deps.now());
    const receivedOn = recordedReceiptDay(order);
    const facts = { ribbonText: order.ribbonText, cancelled: order.status === 'cancelled', receivedOn, today };
    const lines: LineEligibility[] = order.lines.map((line) => lineEligibility(line, facts));
    const periodNote = withdrawalPeriodNote(receivedOn, today);

    if (body.action === 'lookup') {
      const answer: WithdrawalLookupAnswer = { number: order.number, createdAt: order.createdAt, periodNote, lines };
      return jsonResponse(200, answer, { 'Cache-Control': 'no-store' });
    }

    const unknown = body.lines.filter((chosen) => !lines.some((line) => withdrawalLineKey(line) === withdrawalLineKey(chosen)));
    if (unknown.length > 0) {
      throw new HttpError(400, 'validation_failed', 'Wybrano produkt, którego nie ma w tym zamówieniu.', {
        lines: 'Wybrano produkt, którego nie ma w tym zamówieniu.',
      });
    }
    const decision = decideWithdrawal(lines, body.lines);
    if (decision.accepted.length === 0) {
      const reasons = decision.refused.map((line) => `${line.name}: ${line.reason}`).join(' ');
      throw new HttpError(422, 'nothing_returnable', WITHDRAWAL_NOTHING_ACCEPTED, { lines: reasons });
    }
    const receipt = v.parse(withdrawalReceiptSchema, await deps.record(order.id, decision, body.reason, periodNote));
    deps.kickMail?.();
    return jsonResponse(201, receipt, { 'Cache-Control': 'no-store' });
  });
}
