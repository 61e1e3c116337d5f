import { INVALID_CHARACTERS_MESSAGE, isCleanText } from '../../src/domain/text-rules.ts';
import { corsHeaders } from './cors.ts';

/** Every answer of a function is JSON with CORS headers, errors included. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

export interface ErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

export function errorResponse(status: number, error: string, message: string, fields?: Record<string, string>): Response {
  const body: ErrorBody = fields ? { error, message, fields } : { error, message };
  return jsonResponse(status, body);
}

/** A failure the handler chose to report, with its status and Polish message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const MAX_JSON_BYTES = 64 * 1024;

/** Reads a JSON object body, refusing anything else with a 4xx. */
export async function readJsonObject(request: Request, maxBytes = MAX_JSON_BYTES): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new HttpError(415, 'unsupported_media_type', 'Wysyłane dane muszą być w formacie JSON.');
  }
  const text = await request.text();
  if (new TextEncoder().encode(text).length > maxBytes) {
    throw new HttpError(413, 'payload_too_large', 'Wysyłane dane są zbyt duże.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'Nieprawidłowe dane: to nie jest poprawny JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'invalid_body', 'Nieprawidłowe dane: oczekiwano obiektu JSON.');
  }
  const unclean = uncleanTextPath(value);
  if (unclean !== null) {
    throw new HttpError(400, 'invalid_characters', INVALID_CHARACTERS_MESSAGE, { [unclean]: INVALID_CHARACTERS_MESSAGE });
  }
  return value as Record<string, unknown>;
}

/**
 * The dotted path of the first string (or key) holding a control character
 * or a lone surrogate, the schemas' own paths ('checkout.cardMessage'). Every
 * function refuses these before its schema runs: Postgres cannot store a NUL
 * or a lone surrogate and would answer an error, never a field's message.
 */
function uncleanTextPath(body: object): string | null {
  // A loop, not recursion: 64 KiB of '[[[[…' must not overflow the stack.
  const pending: Array<{ value: unknown; path: string }> = [{ value: body, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (!isCleanText(value, { multiline: true })) return path;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value).reverse()) {
        const itemPath = path === '' ? key : `${path}.${key}`;
        if (!isCleanText(key)) return itemPath;
        pending.push({ value: item, path: itemPath });
      }
    }
  }
  return null;
}

export type Handler = (request: Request) => Promise<Response>;

/**
 * Wraps a POST handler: answers the CORS preflight, refuses other methods and
 * turns every failure into a JSON answer; an unexpected error is logged on
 * the server and never shows its stack to the caller.
 */
export function postHandler(name: string, handle: (request: Request) => Promise<Response>): Handler {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (request.method !== 'POST') {
      return errorResponse(405, 'method_not_allowed', 'Dozwolona jest tylko metoda POST.');
    }
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.code, error.message, error.fields);
      console.error(`[${name}] unexpected error`, error);
      return errorResponse(500, 'internal_error', 'Wystąpił błąd serwera. Spróbuj ponownie za chwilę.');
    }
  };
}
