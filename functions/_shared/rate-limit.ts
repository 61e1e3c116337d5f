/**
 * A sliding-window rate limiter kept in memory: at most `limit` hits per key
 * within `windowMs`. Per process (one Edge Function instance, one local
 * backend), so it slows a flood down rather than counting globally; hosted
 * Supabase Auth has its own limits in front of logins.
 */
export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the next hit would be allowed (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Whether a hit would be allowed now, without counting one. */
  check(key: string): RateDecision;
  /** Counts a hit and tells whether it was within the limit (a refused hit is not counted). */
  hit(key: string): RateDecision;
  /** Forgets a key (e.g. after a successful login). */
  reset(key: string): void;
}

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
  /** Keys kept at most; the oldest are dropped first, so memory stays bounded under a spray of keys. */
  maxKeys?: number;
}

export function createMemoryRateLimiter({ limit, windowMs, now = Date.now, maxKeys = 10_000 }: RateLimitOptions): RateLimiter {
  const hits = new Map<string, number[]>();

  function recent(key: string, at: number): number[] {
    const list = (hits.get(key) ?? []).filter((time) => time > at - windowMs);
    if (list.length === 0) hits.delete(key);
    else hits.set(key, list);
    return list;
  }

  function decide(list: number[], at: number): RateDecision {
    if (list.length < limit) return { allowed: true, retryAfterSeconds: 0 };
    const oldest = list[list.length - limit]!;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)) };
  }

  return {
    check(key) {
      const at = now();
      return decide(recent(key, at), at);
    },
    hit(key) {
      const at = now();
      const list = recent(key, at);
      const decision = decide(list, at);
      if (!decision.allowed) return decision;
      hits.delete(key);
      hits.set(key, [...list, at]);
      while (hits.size > maxKeys) {
        const first = hits.keys().next().value;
        if (first === undefined) break;
        hits.delete(first);
      }
      return decision;
    },
    reset(key) {
      hits.delete(key);
    },
  };
}

/** The caller's address as the platform's gateway reports it (first entry of X-Forwarded-For). */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for') ?? '';
  const first = forwarded.split(',')[0]?.trim() ?? '';
  return first.slice(0, 64) || 'unknown';
}
