import * as v from 'valibot';
import type { PlacedOrder } from '../../domain/place-order-contract.ts';
import { callFunction } from '../../lib/functions-client.ts';

/** How often the checkout asks whether the bank app's confirmation came (PayU's notification sets it). */
export const BLIK_POLL_INTERVAL_MS = 2_000;
/** A BLIK code lives 2 minutes: after that, waiting longer on the page tells the customer nothing new. */
export const BLIK_WAIT_LIMIT_MS = 120_000;
/** One look may hang on a weak connection; the next one starts after this. */
const POLL_TIMEOUT_MS = 8_000;

export type BlikOutcome = 'paid' | 'rejected' | 'timeout';

/** The part of order-page's answer (functions/order-page/view.ts) the wait needs. */
const blikStateSchema = v.object({
  paid: v.boolean(),
  paymentState: v.optional(v.nullable(v.string()), null),
});

/**
 * One look at the order's payment, as the device that placed it (its access
 * key) or its signed-in buyer: 'paid', 'rejected' (the newest attempt was
 * cancelled or declined), or null while it waits. A failed look is null too:
 * on a weak connection the next one may get through.
 */
export async function readBlikState(
  order: Pick<PlacedOrder, 'orderNumber' | 'accessKey'>,
  accessToken: string | null,
  signal?: AbortSignal,
): Promise<'paid' | 'rejected' | null> {
  try {
    const body = order.accessKey ? { number: order.orderNumber, accessKey: order.accessKey } : { number: order.orderNumber };
    const answer = await callFunction('order-page', body, { accessToken, signal, timeoutMs: POLL_TIMEOUT_MS });
    if (!answer.ok) return null;
    const parsed = v.safeParse(blikStateSchema, answer.body);
    if (!parsed.success) return null;
    if (parsed.output.paid) return 'paid';
    return parsed.output.paymentState === 'canceled' || parsed.output.paymentState === 'rejected' ? 'rejected' : null;
  } catch {
    return null;
  }
}

export interface BlikWaitOptions {
  signal: AbortSignal;
  intervalMs?: number;
  limitMs?: number;
  now?: () => number;
  look?: (signal: AbortSignal) => Promise<'paid' | 'rejected' | null>;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Asks every ~2 s until the payment is settled or the code's lifetime has
 * passed. Resolves null when the caller aborted (the page was left).
 */
export async function waitForBlikOutcome(
  order: Pick<PlacedOrder, 'orderNumber' | 'accessKey'>,
  accessToken: string | null,
  { signal, intervalMs = BLIK_POLL_INTERVAL_MS, limitMs = BLIK_WAIT_LIMIT_MS, now = Date.now, look }: BlikWaitOptions,
): Promise<BlikOutcome | null> {
  const lookOnce = look ?? ((abort: AbortSignal) => readBlikState(order, accessToken, abort));
  const deadline = now() + limitMs;
  while (!signal.aborted) {
    await pause(intervalMs, signal);
    if (signal.aborted) break;
    const state = await lookOnce(signal);
    if (signal.aborted) break;
    if (state) return state;
    if (now() >= deadline) return 'timeout';
  }
  return null;
}
