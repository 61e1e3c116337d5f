import type { AdminClient } from './supabase-clients.ts';
import type { RateDecision, RateLimitSql } from '../../src/domain/rate-limit.ts';
import { jsonResponse } from './http.ts';

/*
 * The functions' side of the rate limits: the SQL runner through PostgREST,
 * the 429 answer and the caller's address. The limiter itself (shared with
 * the local auth service) lives in src/domain/rate-limit.ts; the functions
 * take it from here, next to these adapters.
 */
export { createPostgresRateLimiter, readLimit, type RateDecision, type RateLimiter } from '../../src/domain/rate-limit.ts';

/** The SQL functions through the service-role client's `rpc` (PostgREST). */
export function rpcRateLimitSql(admin: AdminClient): RateLimitSql {
  return async (fn, args) => {
    const { data, error } = await admin.rpc(fn, args);
    if (error) throw new Error(`${fn} failed: ${error.code} ${error.message}`);
    return data as unknown;
  };
}

/** The answer to a limited request: 429, the Polish reason and when to come back. */
export function rateLimitedResponse(message: string, decision: RateDecision): Response {
  return jsonResponse(429, { error: 'rate_limited', message }, { 'Retry-After': String(Math.max(1, decision.retryAfterSeconds)) });
}

/**
 * The caller's address as the platform's gateway reports it (first entry of
 * X-Forwarded-For). The local gateway overwrites that header with the
 * connection's address, so a client cannot choose it.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for') ?? '';
  const first = forwarded.split(',')[0]?.trim() ?? '';
  return first.slice(0, 64) || 'unknown';
}
