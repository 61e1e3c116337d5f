import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody, sendJson } from '../../http-helpers.ts';
import type { PublicEcJwk } from '../keys/jwt.ts';
import { AuthError, sendAuthError } from './errors.ts';
import type { SessionAnswer } from './sessions.ts';
import { HEALTH, jwksAnswer } from './settings-jwks.ts';
import type { AuthenticatedRequest } from './user.ts';

/** What the routes call: each endpoint group's handlers, built with their own dependencies. */
export interface AuthHandlers {
  /** Sign-ups, password logins and reset requests from one address, counted together before any work. */
  countRequest(address: string): Promise<void>;
  /** Link verifications from one address. */
  countVerification(address: string): Promise<void>;
  /** Where a mailed link leads: the request's redirect_to if allowed, else the site. */
  redirectTo(url: URL, request: IncomingMessage): string;
  signup(body: unknown, redirectTo: string): Promise<object>;
  grants: {
    password(body: unknown, address: string): Promise<SessionAnswer>;
    refresh_token(body: unknown): Promise<SessionAnswer>;
    pkce(body: unknown): Promise<SessionAnswer>;
  };
  recover(body: unknown, redirectTo: string): Promise<void>;
  verifyLink(url: URL, request: IncomingMessage, response: ServerResponse): Promise<void>;
  verifyOtp(body: unknown): Promise<SessionAnswer>;
  authenticate(request: IncomingMessage): Promise<AuthenticatedRequest>;
  getUser(request: IncomingMessage): Promise<object>;
  updateUser(caller: AuthenticatedRequest, body: unknown): Promise<object>;
  logout(request: IncomingMessage, scope: string | null): Promise<void>;
  settings(): object;
  jwks: { keys: PublicEcJwk[] };
}

interface RouteContext {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  /** The connection's own address: a client cannot choose it (the gateway hands the request over as it came). */
  address: string;
}

async function parseJson(request: IncomingMessage): Promise<unknown> {
  const raw = (await readBody(request, 64 * 1024)).toString('utf8');
  if (!raw) return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  }
}

/** Maps method and path (without /auth/v1) to a handler, and any failure to GoTrue's error answer. */
export function createAuthRouter(handlers: AuthHandlers) {
  const routes = new Map<string, (context: RouteContext) => Promise<void>>([
    [
      'POST /signup',
      async ({ request, response, url, address }) => {
        await handlers.countRequest(address);
        const redirectTo = handlers.redirectTo(url, request);
        sendJson(response, 200, await handlers.signup(await parseJson(request), redirectTo));
      },
    ],
    [
      'POST /token',
      async ({ request, response, url, address }) => {
        const grant = url.searchParams.get('grant_type');
        if (grant === 'password') await handlers.countRequest(address);
        const body = await parseJson(request);
        if (grant === 'password') return sendJson(response, 200, await handlers.grants.password(body, address));
        if (grant === 'refresh_token') return sendJson(response, 200, await handlers.grants.refresh_token(body));
        if (grant === 'pkce') return sendJson(response, 200, await handlers.grants.pkce(body));
        throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
      },
    ],
    [
      'POST /recover',
      async ({ request, response, url, address }) => {
        await handlers.countRequest(address);
        const redirectTo = handlers.redirectTo(url, request);
        await handlers.recover(await parseJson(request), redirectTo);
        sendJson(response, 200, {});
      },
    ],
    [
      'GET /verify',
      async ({ request, response, url, address }) => {
        await handlers.countVerification(address);
        await handlers.verifyLink(url, request, response);
      },
    ],
    [
      'POST /verify',
      async ({ request, response, address }) => {
        await handlers.countVerification(address);
        sendJson(response, 200, await handlers.verifyOtp(await parseJson(request)));
      },
    ],
    ['GET /user', async ({ request, response }) => sendJson(response, 200, await handlers.getUser(request))],
    [
      'PUT /user',
      async ({ request, response }) => {
        // Authentication first, as GoTrue's middleware: no body is read for a caller without a valid token.
        const caller = await handlers.authenticate(request);
        sendJson(response, 200, await handlers.updateUser(caller, await parseJson(request)));
      },
    ],
    [
      'POST /logout',
      async ({ request, response, url }) => {
        await handlers.logout(request, url.searchParams.get('scope'));
        response.writeHead(204);
        response.end();
      },
    ],
    ['GET /settings', async ({ response }) => sendJson(response, 200, handlers.settings())],
    ['GET /health', async ({ response }) => sendJson(response, 200, HEALTH)],
    [
      'GET /.well-known/jwks.json',
      async ({ response }) => {
        const { body, headers } = jwksAnswer(handlers.jwks);
        sendJson(response, 200, body, headers);
      },
    ],
  ]);

  /** Handles a request whose path (without /auth/v1) is `path`. */
  return async function handle(request: IncomingMessage, response: ServerResponse, url: URL, path: string): Promise<void> {
    try {
      const method = request.method ?? 'GET';
      const address = request.socket.remoteAddress ?? 'unknown';
      const route = routes.get(`${method} ${path}`);
      if (!route) throw new AuthError(404, 'not_found', 'Not found');
      await route({ request, response, url, address });
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return sendAuthError(request, response, new AuthError(413, 'request_too_large', 'Request body too large'), { Connection: 'close' });
      }
      if (error instanceof AuthError) return sendAuthError(request, response, error);
      console.error('[auth] unexpected error', error);
      return sendAuthError(
        request,
        response,
        new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
      );
    }
  };
}
