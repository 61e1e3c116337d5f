/**
 * When the KSeF client tries again. Network errors, 5xx and 429 are worth a
 * retry (limity/limity-api.md: a 429 carries Retry-After in seconds); any
 * other 4xx is an answer about the request and is final.
 */

export const KSEF_RETRY = { attempts: 4, baseMs: 1_000, maxMs: 30_000 } as const;

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * The wait before try number `attempt` + 1 (attempt counts from 1):
 * exponential from baseMs, capped, with up to 20 % jitter from `random`
 * (0..1), and never shorter than what a Retry-After header asked.
 */
export function retryDelayMs(attempt: number, retryAfter: string | null = null, random = 0, policy = KSEF_RETRY): number {
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = Math.round(exponential * (1 + 0.2 * Math.min(1, Math.max(0, random))));
  return Math.max(Math.min(jittered, policy.maxMs), retryAfterMs(retryAfter) ?? 0);
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The queue's schedule for a whole send that found KSeF unreachable: the
 * next try after `failures` failed runs (1 → 1 min, then doubling, at most
 * 6 h), so an outage of a day costs a handful of tries, not thousands.
 */
export function nextSendDelayMs(failures: number): number {
  return Math.min(6 * 3600_000, 60_000 * 2 ** Math.max(0, failures - 1));
}
