import type { FunctionArgs } from './database.ts';
/*
 * Rate limits kept in Postgres (private.rate_limit_hits, written by the SQL
 * function public.rate_limit_hit, service role only), so every function
 * instance and the local auth service count together. A sliding log: at
 * most `limit` hits per key within any `windowSeconds`.
 *
 * Pure logic with the SQL runner injected: the Edge Functions run it through
 * PostgREST (functions/_shared/rate-limit.ts), the local auth service over
 * its own database connection (server/local-backend/auth/service.ts).
 */

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the next hit would be allowed (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateRule {
  /** Prefixed to every key, so rules never share a counter. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts one hit on each key if every key is within the rule, else none;
   * answers whether the request may go on.
   */
  hit(keys: readonly string[]): Promise<RateDecision>;
  /** Forgets a key (e.g. failed logins after a successful one). */
  reset(key: string): Promise<void>;
}

/**
 * Calls public.rate_limit_hit / public.rate_limit_reset with named arguments:
 * through PostgREST (functions) or a direct connection (the local auth service).
 */
export type RateLimitSql = <Name extends 'rate_limit_hit' | 'rate_limit_reset'>(fn: Name, args: FunctionArgs<Name>) => Promise<unknown>;

function decisionOf(value: unknown): RateDecision {
  const record = (typeof value === 'object' && value !== null ? value : {}) as { allowed?: unknown; retry_after?: unknown };
  if (typeof record.allowed !== 'boolean' || typeof record.retry_after !== 'number') {
    throw new Error(`rate_limit_hit answered an unexpected value: ${JSON.stringify(value)}`);
  }
  return { allowed: record.allowed, retryAfterSeconds: record.retry_after };
}

/** A limiter for one rule; handler tests give handlers a fake RateLimiter instead. */
export function createPostgresRateLimiter(sql: RateLimitSql, rule: RateRule): RateLimiter {
  const key = (part: string) => `${rule.name}:${part}`;
  return {
    async hit(keys) {
      return decisionOf(await sql('rate_limit_hit', { p_keys: keys.map(key), p_limit: rule.limit, p_window_seconds: rule.windowSeconds }));
    },
    async reset(part) {
      await sql('rate_limit_reset', { p_key: key(part) });
    },
  };
}

/**
 * A limit from an environment variable: a whole number ≥ 0, where 0 turns the
 * limit off; unset or blank → `fallback`. Anything else stops the start, so a
 * typo never silently removes a limit.
 */
export function readLimit(get: (name: string) => string | undefined, name: string, fallback: number): number {
  const raw = get(name)?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number ≥ 0 (0 turns the limit off), got "${raw}"`);
  return Number(raw);
}
