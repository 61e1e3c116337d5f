import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../http-helpers.ts';

/**
 * GoTrue's error answers (internal/api/errors.go): with
 * `X-Supabase-Api-Version: 2024-01-01` (supabase-js sends it)
 * `{code: "<error_code>", message}` and the header echoed; without it
 * `{code: <status>, error_code, msg}`; `x-sb-error-code` in both.
 */

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Reasons of a weak_password error (GoTrue's `weak_password.reasons`). */
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
  }
}

export function rateLimited(retryAfterSeconds: number): AuthError {
  // GoTrue's answer, which supabase-js reads as over_request_rate_limit.
  return new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {
    'Retry-After': String(Math.max(1, retryAfterSeconds)),
  });
}

export function weakPassword(reason: 'length' | 'characters', message: string): AuthError {
  return new AuthError(422, 'weak_password', message, {}, [reason]);
}

/** GoTrue's reading of the version header: a date on or after 2024-01-01 selects the 2024 error shape. */
function usesApiVersion2024(request: IncomingMessage): boolean {
  const value = request.headers[API_VERSION_HEADER.toLowerCase()];
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && text >= API_VERSION_2024;
}

/** GoTrue's error answer for the request's API version. */
export function sendAuthError(
  request: IncomingMessage,
  response: ServerResponse,
  error: AuthError,
  extraHeaders: Record<string, string> = {},
): void {
  const headers: Record<string, string> = { ...extraHeaders, ...error.headers };
  const weak = error.weakPasswordReasons ? { weak_password: { reasons: error.weakPasswordReasons } } : {};
  if (usesApiVersion2024(request)) {
    headers[API_VERSION_HEADER] = API_VERSION_2024;
    if (!error.weakPasswordReasons) headers['x-sb-error-code'] = error.code;
    sendJson(response, error.status, { code: error.code, message: error.message, ...weak }, headers);
  } else {
    headers['x-sb-error-code'] = error.code;
    sendJson(response, error.status, { code: error.status, error_code: error.code, msg: error.message, ...weak }, headers);
  }
}
