import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {}

export async function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError(`Request body over ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  response.end(payload);
}

/**
 * The request's URL, or null when its target is not a usable URL or its path
 * has a broken percent-escape (`/%E0%A4%A`, `/product/%`): such a request is
 * the client's mistake, a 400, never a 500. The target is read as a path
 * ("//x" is the path "//x", not the host x).
 */
export function parseRequestUrl(target: string | undefined): URL | null {
  const raw = target ?? '/';
  let url: URL;
  try {
    url = raw.startsWith('/') ? new URL(`http://localhost${raw}`) : new URL(raw);
    decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  return url;
}

/** Converts a Node request to a fetch Request, the shape Edge Function handlers take. */
export async function toFetchRequest(request: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = request.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(request);
  return new Request(new URL(request.url ?? '/', origin), { method, headers, body: body ? new Uint8Array(body) : undefined });
}

export async function sendFetchResponse(
  response: ServerResponse,
  fetchResponse: Response,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const headers: Record<string, string> = { ...extraHeaders };
  fetchResponse.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = Buffer.from(await fetchResponse.arrayBuffer());
  if (body.length > 0 || !('content-length' in headers)) headers['content-length'] = String(body.length);
  response.writeHead(fetchResponse.status, headers);
  response.end(body);
}
