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
  return value as Record<string, unknown>;
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
