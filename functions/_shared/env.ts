import { isHttpUrl } from '../../src/domain/payu-fields.ts';
import type { CallerKeys, JsonWebKeySet } from './caller-auth.ts';
import { corsHeaders } from './cors.ts';
import { jsonResponse, type Handler } from './http.ts';
import { readLimit } from './rate-limit.ts';

/** Reads one variable: `Deno.env.get` in a function, a plain map in the local runner and in tests. */
export type EnvGetter = (name: string) => string | undefined;

/** What every function needs from its environment (set by Supabase, or by the local backend). */
export interface FunctionEnv {
  supabaseUrl: string;
  /** The key the functions' own database client uses: SUPABASE_SERVICE_ROLE_KEY, else the default SUPABASE_SECRET_KEYS key. */
  serviceRoleKey: string;
  /** The project's keys, to recognise callers (see caller-auth.ts). */
  callerKeys: CallerKeys;
  /** SUPABASE_JWKS (public keys of asymmetric user tokens); null → fetched from the auth server. */
  jwks: JsonWebKeySet | null;
  /** The shop's public origin (payment return pages), from SITE_URL; not a default hosted secret. */
  siteUrl?: string;
  /**
   * Only the local backend sets LOCAL_PAYMENT_SIMULATOR=1: blank gateway
   * settings then mean its simulator, and the seeded PayU keys are accepted.
   * Deployed functions never see it, so they refuse the seeded keys.
   */
  localPaymentSimulator?: boolean;
  /** Per-address limits (docs/local-stack.md, 'Rate limits'); absent → the defaults. */
  rateLimits?: FunctionRateLimits;
}

/** Requests allowed per caller and window; 0 turns a limit off. */
export interface FunctionRateLimits {
  /** place-order, per address per minute (PLACE_ORDER_RATE_LIMIT). */
  placeOrder: number;
  /** send-contact-email, per address and per email per 10 minutes (CONTACT_RATE_LIMIT). */
  contact: number;
  /** order-page, per address per minute (ORDER_PAGE_RATE_LIMIT); a BLIK wait polls it every 2 s. */
  orderPage: number;
}

export const DEFAULT_FUNCTION_RATE_LIMITS: FunctionRateLimits = { placeOrder: 20, contact: 5, orderPage: 60 };

/** The limits from supabase secrets (Deno.env) or the local backend's environment; throws on a value that is not a whole number. */
export function readFunctionRateLimits(get: EnvGetter): FunctionRateLimits {
  return {
    placeOrder: readLimit(get, 'PLACE_ORDER_RATE_LIMIT', DEFAULT_FUNCTION_RATE_LIMITS.placeOrder),
    contact: readLimit(get, 'CONTACT_RATE_LIMIT', DEFAULT_FUNCTION_RATE_LIMITS.contact),
    orderPage: readLimit(get, 'ORDER_PAGE_RATE_LIMIT', DEFAULT_FUNCTION_RATE_LIMITS.orderPage),
  };
}

export const LOCAL_PAYMENT_SIMULATOR_VARIABLE = 'LOCAL_PAYMENT_SIMULATOR';

/** The variables a function reads (hosted Supabase sets the SUPABASE_* ones; the rest are `supabase secrets set`). */
export const ENV = {
  url: 'SUPABASE_URL',
  anonKey: 'SUPABASE_ANON_KEY',
  serviceRoleKey: 'SUPABASE_SERVICE_ROLE_KEY',
  publishableKeys: 'SUPABASE_PUBLISHABLE_KEYS',
  secretKeys: 'SUPABASE_SECRET_KEYS',
  jwks: 'SUPABASE_JWKS',
  siteUrl: 'SITE_URL',
} as const;

export interface EnvRequirements {
  /**
   * The function checks its callers (caller-auth.ts), so it must know the
   * project's anon or publishable key to let guests in. Default true; only
   * payment-notification (called by PayU with no key) says false.
   */
  callers?: boolean;
}

export type FunctionEnvReading = { ok: true; env: FunctionEnv } | { ok: false; problems: string[] };

/** `{"default":"sb_…","web":"sb_…"}` → the keys by name; null when the JSON is not such an object. */
function namedKeys(raw: string): Record<string, string> | null {
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.every(([, key]) => typeof key === 'string')) return null;
    return Object.fromEntries(entries.map(([name, key]) => [name, (key as string).trim()]).filter(([, key]) => key !== ''));
  } catch {
    return null;
  }
}

/** `{"keys":[…]}` or a bare `[…]`, as @supabase/server reads SUPABASE_JWKS; null when it is neither. */
function parseJwks(raw: string): JsonWebKeySet | null {
  try {
    const value = JSON.parse(raw) as unknown;
    const keys = Array.isArray(value) ? value : (value as { keys?: unknown } | null)?.keys;
    return Array.isArray(keys) && keys.every((key) => typeof key === 'object' && key !== null)
      ? { keys: keys as JsonWebKeySet['keys'] }
      : null;
  } catch {
    return null;
  }
}

/**
 * Reads a function's environment without throwing: every required variable
 * that is missing or unreadable is named in `problems`, so a misconfigured
 * function can say all of them at once. Both key styles count: the legacy
 * JWT keys (SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY) and the new ones
 * (SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS, JSON objects of named keys).
 */
export function readFunctionEnv(get: EnvGetter, requirements: EnvRequirements = {}): FunctionEnvReading {
  const problems: string[] = [];
  const text = (name: string) => get(name)?.trim() ?? '';

  const supabaseUrl = text(ENV.url);
  if (!supabaseUrl) problems.push(ENV.url);
  else if (!isHttpUrl(supabaseUrl)) problems.push(`${ENV.url} (not an http(s) address)`);

  const keySet = (name: string): Record<string, string> => {
    const raw = text(name);
    if (!raw) return {};
    const keys = namedKeys(raw);
    if (keys === null) problems.push(`${name} (not a JSON object of keys)`);
    return keys ?? {};
  };
  const publishable = keySet(ENV.publishableKeys);
  const secret = keySet(ENV.secretKeys);
  const anonKey = text(ENV.anonKey);
  const serviceKey = text(ENV.serviceRoleKey);
  const publicKeys = [...(anonKey ? [anonKey] : []), ...Object.values(publishable)];
  const secretKeys = [...(serviceKey ? [serviceKey] : []), ...Object.values(secret)];
  if (secretKeys.length === 0) problems.push(`${ENV.serviceRoleKey} or ${ENV.secretKeys}`);
  if ((requirements.callers ?? true) && publicKeys.length === 0) problems.push(`${ENV.anonKey} or ${ENV.publishableKeys}`);

  let jwks: JsonWebKeySet | null = null;
  const rawJwks = text(ENV.jwks);
  if (rawJwks) {
    jwks = parseJwks(rawJwks);
    if (!jwks) problems.push(`${ENV.jwks} (not a JSON Web Key Set)`);
  }

  const limit = (name: string, fallback: number) => {
    try {
      return readLimit(get, name, fallback);
    } catch {
      problems.push(`${name} (a whole number ≥ 0; 0 turns the limit off)`);
      return fallback;
    }
  };
  const rateLimits: FunctionRateLimits = {
    placeOrder: limit('PLACE_ORDER_RATE_LIMIT', DEFAULT_FUNCTION_RATE_LIMITS.placeOrder),
    contact: limit('CONTACT_RATE_LIMIT', DEFAULT_FUNCTION_RATE_LIMITS.contact),
    orderPage: limit('ORDER_PAGE_RATE_LIMIT', DEFAULT_FUNCTION_RATE_LIMITS.orderPage),
  };

  const siteUrl = text(ENV.siteUrl);
  if (siteUrl && !isHttpUrl(siteUrl)) problems.push(`${ENV.siteUrl} (not an http(s) address)`);

  if (problems.length > 0) return { ok: false, problems };
  // With only new-style keys the default secret key serves the function's own database client.
  const preferredSecret = serviceKey || secret.default || secretKeys[0]!;
  return {
    ok: true,
    env: {
      supabaseUrl,
      serviceRoleKey: preferredSecret,
      callerKeys: { publicKeys, secretKeys },
      jwks,
      ...(siteUrl ? { siteUrl } : {}),
      localPaymentSimulator: get(LOCAL_PAYMENT_SIMULATOR_VARIABLE) === '1',
      rateLimits,
    },
  };
}

/**
 * The configuration message of docs/spec.md (§8, 'Classic gateway payment, mapped';
 * the app's catalog in src/features/checkout/payment-errors.ts), for the
 * payment functions.
 */
export const PAYMENT_CONFIGURATION_MESSAGE = 'Błąd konfiguracji systemu płatności. Skontaktuj się z obsługą sklepu.';
/** The same message for the functions that are not about payments. */
export const SHOP_CONFIGURATION_MESSAGE = 'Błąd konfiguracji sklepu. Skontaktuj się z obsługą sklepu.';

export interface FunctionSetup extends EnvRequirements {
  /** The Polish message a customer reads when the function is misconfigured. */
  configurationMessage?: string;
  /** Fields a function's client reads besides `{ error, message }` (the payment functions' own shapes). */
  configurationBody?: (message: string) => Record<string, unknown>;
}

/**
 * A function built from its environment. With every required variable set,
 * this is simply `build(env)`. Otherwise the function still starts, and from
 * its first request logs every missing secret by name (once per instance)
 * and answers 503 `{ error: 'configuration_missing', message }` in Polish —
 * instead of crashing at start with only the first name, where the customer
 * sees a bare 5xx and the owner an unreadable boot error.
 */
export function functionFromEnv(name: string, get: EnvGetter, build: (env: FunctionEnv) => Handler, setup: FunctionSetup = {}): Handler {
  const reading = readFunctionEnv(get, setup);
  if (reading.ok) {
    try {
      return build(reading.env);
    } catch (error) {
      return misconfigured(
        `[${name}] could not start from its environment: ${error instanceof Error ? error.message : String(error)}`,
        setup,
      );
    }
  }
  return misconfigured(
    `[${name}] missing or unreadable secrets: ${reading.problems.join(', ')}. ` +
      'Set them with `supabase secrets set NAME=value` (hosted Supabase provides the SUPABASE_* ones itself).',
    setup,
  );
}

function misconfigured(report: string, setup: FunctionSetup): Handler {
  const message = setup.configurationMessage ?? SHOP_CONFIGURATION_MESSAGE;
  let reported = false;
  return async (request) => {
    // The preflight still passes, so the browser can read the 503 that follows.
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (!reported) {
      reported = true;
      console.error(report);
    }
    return jsonResponse(503, { error: 'configuration_missing', message, ...setup.configurationBody?.(message) });
  };
}
