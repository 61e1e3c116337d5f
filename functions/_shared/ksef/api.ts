import type { SendInvoiceBody, SessionEncryption, PublicKeyCertificate } from './encryption.ts';
import { isRetryableStatus, KSEF_RETRY, retryDelayMs } from './retry.ts';

/**
 * The KSeF 2.0 endpoints the shop uses (ksef-docs open-api.json), one call
 * each, with retries on network errors, 5xx and 429. Tokens travel only in
 * the Authorization header and never leave the error messages this throws.
 */

export type KsefFetch = (input: string, init: RequestInit) => Promise<Response>;

export interface KsefHttp {
  apiUrl: string;
  fetch: KsefFetch;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  attempts?: number;
}

/** KSeF could not be reached or kept failing (5xx, 429): try the whole send later. */
export class KsefUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'KsefUnavailableError';
  }
}

/** KSeF answered the request with a 4xx: its code and description say why. */
export class KsefApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly description: string,
    readonly details: string[],
  ) {
    super(`KSeF ${status}${code === null ? '' : ` (${code})`}: ${description}`);
    this.name = 'KsefApiError';
  }
}

interface ErrorDetail {
  exceptionCode?: number;
  exceptionDescription?: string;
  code?: number;
  description?: string;
  details?: string[] | null;
}

/** Both error shapes of the API: ExceptionResponse and problem+json (BadRequestProblemDetails and the rest). */
async function apiError(response: Response): Promise<KsefApiError> {
  const body = (await response.json().catch(() => null)) as {
    exception?: { exceptionDetailList?: ErrorDetail[] };
    errors?: ErrorDetail[];
    detail?: string;
    title?: string;
  } | null;
  const first = body?.exception?.exceptionDetailList?.[0] ?? body?.errors?.[0];
  const code = first?.exceptionCode ?? first?.code ?? null;
  const description = first?.exceptionDescription ?? first?.description ?? body?.detail ?? body?.title ?? response.statusText;
  return new KsefApiError(response.status, code, description || `HTTP ${response.status}`, first?.details ?? []);
}

interface CallOptions {
  token?: string;
  json?: unknown;
  xml?: string;
  accept?: string;
}

async function call(http: KsefHttp, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.xml !== undefined) {
    headers['Content-Type'] = 'application/xml';
    body = options.xml;
  }
  const attempts = http.attempts ?? KSEF_RETRY.attempts;
  for (let attempt = 1; ; attempt++) {
    let response: Response | null;
    try {
      response = await http.fetch(`${http.apiUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    } catch {
      response = null;
    }
    if (response && !isRetryableStatus(response.status)) {
      if (response.ok) return response;
      throw await apiError(response);
    }
    const status = response?.status ?? null;
    await response?.body?.cancel().catch(() => undefined);
    if (attempt >= attempts) {
      throw new KsefUnavailableError(`KSeF ${method} ${path.split('/').slice(0, 3).join('/')}: ${status ?? 'no connection'}`, status);
    }
    await http.sleep(retryDelayMs(attempt, response?.headers.get('Retry-After') ?? null, http.random()));
  }
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export interface StatusInfo {
  code: number;
  description: string;
  details?: string[] | null;
  extensions?: Record<string, string | null> | null;
}

export interface TokenInfo {
  token: string;
  validUntil: string;
}

export interface InvoiceStatus {
  referenceNumber: string;
  ksefNumber?: string | null;
  invoiceNumber?: string | null;
  upoDownloadUrl?: string | null;
  status: StatusInfo;
}

export function ksefApi(http: KsefHttp) {
  const sessionPath = (reference: string) => `/sessions/${encodeURIComponent(reference)}`;
  return {
    challenge: async () => json<{ challenge: string; timestamp: string; timestampMs: number }>(await call(http, 'POST', '/auth/challenge')),
    submitXades: async (signedXml: string) =>
      json<{ referenceNumber: string; authenticationToken: TokenInfo }>(
        await call(http, 'POST', '/auth/xades-signature', { xml: signedXml }),
      ),
    authStatus: async (reference: string, authenticationToken: string) =>
      json<{ status: StatusInfo }>(await call(http, 'GET', `/auth/${encodeURIComponent(reference)}`, { token: authenticationToken })),
    redeem: async (authenticationToken: string) =>
      json<{ accessToken: TokenInfo; refreshToken: TokenInfo }>(
        await call(http, 'POST', '/auth/token/redeem', { token: authenticationToken }),
      ),
    publicKeyCertificates: async () => json<PublicKeyCertificate[]>(await call(http, 'GET', '/security/public-key-certificates')),
    openOnlineSession: async (accessToken: string, encryption: SessionEncryption['info']) =>
      json<{ referenceNumber: string; validUntil: string }>(
        await call(http, 'POST', '/sessions/online', {
          token: accessToken,
          json: { formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' }, encryption },
        }),
      ),
    sendInvoice: async (accessToken: string, session: string, body: SendInvoiceBody) =>
      json<{ referenceNumber: string }>(
        await call(http, 'POST', `/sessions/online/${encodeURIComponent(session)}/invoices`, { token: accessToken, json: body }),
      ),
    invoiceStatus: async (accessToken: string, session: string, invoice: string) =>
      json<InvoiceStatus>(
        await call(http, 'GET', `${sessionPath(session)}/invoices/${encodeURIComponent(invoice)}`, { token: accessToken }),
      ),
    invoiceUpo: async (accessToken: string, session: string, invoice: string) =>
      (
        await call(http, 'GET', `${sessionPath(session)}/invoices/${encodeURIComponent(invoice)}/upo`, {
          token: accessToken,
          accept: 'application/xml',
        })
      ).text(),
    closeOnlineSession: async (accessToken: string, session: string) => {
      const response = await call(http, 'POST', `/sessions/online/${encodeURIComponent(session)}/close`, { token: accessToken });
      await response.body?.cancel().catch(() => undefined);
    },
  };
}

export type KsefApi = ReturnType<typeof ksefApi>;
