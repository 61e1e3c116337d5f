import type { FunctionEnv } from './env.ts';

/** Supabase's Edge Runtime keeps a function alive for a promise handed to waitUntil (background tasks); absent elsewhere. */
interface EdgeRuntimeGlobal {
  EdgeRuntime?: { waitUntil?(promise: Promise<unknown>): void };
}

/**
 * Asks mail-dispatch to send what is due, without waiting for it: an order
 * never waits on mail, and a failure here only logs (the schedule sends the
 * jobs later anyway).
 */
export function kickMailDispatch(env: FunctionEnv, fetchImpl: typeof fetch = fetch): void {
  const task = fetchImpl(`${env.supabaseUrl.replace(/\/+$/, '')}/functions/v1/mail-dispatch`, {
    method: 'POST',
    // The secret key as apikey alone: caller-auth reads it as the service (an sb_secret_ key is never a Bearer).
    headers: { apikey: env.serviceRoleKey, 'Content-Type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(60_000),
  })
    .then((response) => response.body?.cancel())
    .catch((error: unknown) => console.warn('[mail-dispatch] kick failed; the schedule will send the mail', error));
  (globalThis as EdgeRuntimeGlobal).EdgeRuntime?.waitUntil?.(task);
}
