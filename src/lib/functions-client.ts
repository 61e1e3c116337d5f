import { apiKeyHeaders } from './api-key-headers.ts';
import { getBackendConfig, type BackendConfig } from './backend-config.ts';

/** The request never reached the server, or its answer never came back. */
export class NetworkError extends Error {
  constructor(readonly reason: 'offline' | 'timeout' | 'failed') {
    super(`network ${reason}`);
  }
}

export interface FunctionAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
}

export interface CallFunctionOptions {
  /** The signed-in user's access token; otherwise the public key alone says who calls (docs/spec.md §7). */
  accessToken?: string | null;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * POSTs JSON to functions/v1/<name>. Any HTTP answer resolves (4xx and 5xx
 * included, so callers can show the server's message); only a transport
 * failure throws NetworkError.
 */
export function callFunction(name: string, payload: unknown, options: CallFunctionOptions = {}): Promise<FunctionAnswer> {
  return callFunctionAt(getBackendConfig(), name, payload, options);
}

/** The same call with an explicit backend (the service worker has no document to read it from). */
export async function callFunctionAt(
  { url, anonKey }: BackendConfig,
  name: string,
  payload: unknown,
  options: CallFunctionOptions = {},
): Promise<FunctionAnswer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...apiKeyHeaders(anonKey, options.accessToken) };

  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  // AbortSignal.any is missing on older Safari: the caller's signal then wins and the timeout is dropped.
  const signal = options.signal ? ('any' in AbortSignal ? AbortSignal.any([options.signal, timeout]) : options.signal) : timeout;
  let response: Response;
  try {
    response = await fetch(`${url}/functions/v1/${name}`, { method: 'POST', headers, body: JSON.stringify(payload), signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) throw new NetworkError('timeout');
    throw new NetworkError(typeof navigator !== 'undefined' && !navigator.onLine ? 'offline' : 'failed');
  }
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: callers get the text.
  }
  return { ok: response.ok, status: response.status, statusText: response.statusText, body };
}

/** A string field of a JSON error body, if present. */
export function bodyField(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
