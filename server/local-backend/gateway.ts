import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Handler } from '../../functions/_shared/http.ts';
import type { FunctionsRuntime } from './functions/runtime.ts';
import { BodyTooLargeError, parseRequestUrl, sendFetchResponse, sendJson, toFetchRequest } from '../http-helpers.ts';

/**
 * One port like Supabase's API gateway: /rest/v1 → PostgREST, /auth/v1 →
 * the local auth service, /storage/v1 → the local Storage API (storage.ts),
 * /functions/v1/<name> → the Edge Function handlers.
 */

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, x-supabase-api-version, x-upsert, x-metadata, cache-control',
  'Access-Control-Expose-Headers': 'content-range, content-location, x-supabase-api-version, preference-applied',
  'Access-Control-Max-Age': '86400',
};

/** Every function answer is data, never something to sniff, frame or pass a referrer from. */
export const FUNCTION_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

export interface GatewayOptions {
  postgrestPort: number;
  auth: (request: IncomingMessage, response: ServerResponse, url: URL, path: string) => Promise<void>;
  /** The local Storage API; it gets the request with the bearer token an API key stands for (as PostgREST does). */
  storage?: (request: IncomingMessage, response: ServerResponse, url: URL, path: string) => Promise<void>;
  functions: FunctionsRuntime;
  /**
   * Functions whose supabase/config.toml entry says verify_jwt = true: like
   * hosted Supabase, the gateway answers 401 before such a function runs
   * unless the bearer token verifies.
   */
  verifyJwtFor?: ReadonlySet<string>;
  verifyToken?: (token: string) => boolean;
  /** How /rest/v1 requests' keys become PostgREST's bearer token; default: the legacy JWT keys only. */
  upstreamAuthorization?: UpstreamAuthorization;
  /** Local-only handlers by path prefix (the payment simulator), matched before the functions. */
  localRoutes?: Record<string, Handler>;
}

function withCors(response: ServerResponse): void {
  for (const [name, value] of Object.entries(CORS_HEADERS)) response.setHeader(name, value);
}

/**
 * The Authorization PostgREST gets for a request's apikey and Authorization,
 * as Supabase's gateway decides it (an sb_ key becomes a short-lived role
 * JWT; a missing bearer takes the legacy apikey); null → unknown key, 401.
 */
export type UpstreamAuthorization = (apikey: string | undefined, authorization: string | undefined) => string | undefined | null;

const legacyUpstreamAuthorization: UpstreamAuthorization = (apikey, authorization) =>
  authorization ?? (apikey ? `Bearer ${apikey}` : undefined);

/** Hosted Supabase's answer to a key that is not the project's. */
function refuseUnknownApiKey(request: IncomingMessage, response: ServerResponse): void {
  request.resume();
  sendJson(
    response,
    401,
    { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
    CORS_HEADERS,
  );
}

function proxyToPostgrest(
  request: IncomingMessage,
  response: ServerResponse,
  port: number,
  path: string,
  upstreamAuthorization: UpstreamAuthorization,
): void {
  const headers = { ...request.headers };
  delete headers.host;
  const apikey = typeof headers.apikey === 'string' ? headers.apikey : undefined;
  const authorization = upstreamAuthorization(apikey, headers.authorization);
  if (authorization === null) {
    refuseUnknownApiKey(request, response);
    return;
  }
  if (authorization === undefined) delete headers.authorization;
  else headers.authorization = authorization;
  const upstream = httpRequest({ host: '127.0.0.1', port, method: request.method, path, headers }, (upstreamResponse) => {
    const responseHeaders = { ...upstreamResponse.headers };
    for (const name of Object.keys(responseHeaders)) {
      if (name.startsWith('access-control-')) delete responseHeaders[name];
    }
    response.writeHead(upstreamResponse.statusCode ?? 502, { ...responseHeaders, ...CORS_HEADERS });
    upstreamResponse.pipe(response);
  });
  upstream.on('error', () => {
    if (!response.headersSent)
      sendJson(response, 503, { code: 'PGRST_UNAVAILABLE', message: 'Baza danych jest chwilowo niedostępna.' }, CORS_HEADERS);
    else response.destroy();
  });
  request.pipe(upstream);
}

function localRouteFor(routes: Record<string, Handler>, pathname: string): Handler | undefined {
  const prefix = Object.keys(routes).find((candidate) => pathname === candidate || pathname.startsWith(`${candidate}/`));
  return prefix === undefined ? undefined : routes[prefix];
}

/** Hosted Supabase's answer when verify_jwt refuses a call, before the function runs. */
function jwtRefusal(request: IncomingMessage, verifyToken: (token: string) => boolean): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return 'Missing authorization header';
  return verifyToken(match[1]) ? null : 'Invalid JWT';
}

export function createGateway({
  postgrestPort,
  auth,
  functions,
  storage,
  verifyJwtFor = new Set(),
  verifyToken = () => false,
  upstreamAuthorization = legacyUpstreamAuthorization,
  localRoutes = {},
}: GatewayOptions): Server {
  return createServer(async (request, response) => {
    const url = parseRequestUrl(request.url);
    if (!url) {
      sendJson(response, 400, { error: 'bad_request', message: 'Nieprawidłowy adres.' }, CORS_HEADERS);
      return;
    }
    const origin = /^[a-z0-9.:[\]-]+$/i.test(request.headers.host ?? '') ? `http://${request.headers.host}` : 'http://localhost';
    // Like a real proxy (and Supabase's edge), the gateway says who connected; a client's own
    // X-Forwarded-For never passes, so it cannot pick the address rate limits count it under.
    request.headers['x-forwarded-for'] = request.socket.remoteAddress ?? 'unknown';
    try {
      if (url.pathname.startsWith('/rest/v1')) {
        if (request.method === 'OPTIONS') {
          response.writeHead(204, CORS_HEADERS);
          response.end();
          return;
        }
        proxyToPostgrest(
          request,
          response,
          postgrestPort,
          url.pathname.slice('/rest/v1'.length) + url.search || '/',
          upstreamAuthorization,
        );
        return;
      }
      if (url.pathname.startsWith('/auth/v1/')) {
        withCors(response);
        if (request.method === 'OPTIONS') {
          response.writeHead(204);
          response.end();
          return;
        }
        await auth(request, response, url, url.pathname.slice('/auth/v1'.length));
        return;
      }
      if (storage && url.pathname.startsWith('/storage/v1/')) {
        withCors(response);
        if (request.method === 'OPTIONS') {
          response.writeHead(204);
          response.end();
          return;
        }
        const apikey = typeof request.headers.apikey === 'string' ? request.headers.apikey : undefined;
        const authorization = upstreamAuthorization(apikey, request.headers.authorization);
        if (authorization === null) {
          refuseUnknownApiKey(request, response);
          return;
        }
        if (authorization === undefined) delete request.headers.authorization;
        else request.headers.authorization = authorization;
        await storage(request, response, url, url.pathname.slice('/storage/v1'.length));
        return;
      }
      const local = localRouteFor(localRoutes, url.pathname);
      if (local) {
        await sendFetchResponse(response, await local(await toFetchRequest(request, origin)), FUNCTION_SECURITY_HEADERS);
        return;
      }
      const fn = /^\/functions\/v1\/([a-z0-9-]+)\/?$/.exec(url.pathname);
      if (fn) {
        const name = fn[1] ?? '';
        if (verifyJwtFor.has(name) && request.method !== 'OPTIONS') {
          const refusal = jwtRefusal(request, verifyToken);
          if (refusal) {
            sendJson(response, 401, { code: 401, message: refusal }, CORS_HEADERS);
            return;
          }
        }
        // Like Supabase's edge: the function learns the caller's address from X-Forwarded-For (set above).
        if (!(await functions.serve(name, request, response, origin))) {
          sendJson(response, 404, { error: 'function_not_found', message: 'Nie ma takiej funkcji.' }, CORS_HEADERS);
        }
        return;
      }
      if (url.pathname === '/' || url.pathname === '/health') {
        sendJson(response, 200, { ok: true, services: ['rest/v1', 'auth/v1', 'storage/v1', 'functions/v1'] }, CORS_HEADERS);
        return;
      }
      sendJson(response, 404, { error: 'not_found', message: 'Nie znaleziono.' }, CORS_HEADERS);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        // The rest of the body is never read: close the connection so the client does not reuse it mid-upload.
        sendJson(
          response,
          413,
          { error: 'payload_too_large', message: 'Wysyłane dane są zbyt duże.' },
          { ...CORS_HEADERS, Connection: 'close' },
        );
        return;
      }
      console.error('[gateway] unexpected error', error);
      if (!response.headersSent) sendJson(response, 500, { error: 'internal_error', message: 'Wystąpił błąd serwera.' }, CORS_HEADERS);
      else response.destroy();
    }
  });
}
