import { readLimit } from './rate-limit.ts';

/** What every function needs from its environment (set by Supabase, or by the local backend). */
export interface FunctionEnv {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The shop's public origin (payment return pages); optional, set from SITE_URL or the local app. */
  siteUrl?: string;
  /**
   * Only the local backend sets LOCAL_PAYMENT_SIMULATOR=1: blank gateway
   * settings then mean its simulator, and the seeded PayU keys are accepted.
   * Deployed functions never see it, so they refuse the seeded keys.
   */
  localPaymentSimulator?: boolean;
  /** Per-address limits (README, 'Rate limits'); absent → the defaults. */
  rateLimits?: FunctionRateLimits;
}

/** Requests allowed per caller and window; 0 turns a limit off. */
export interface FunctionRateLimits {
  /** place-order, per address per minute (PLACE_ORDER_RATE_LIMIT). */
  placeOrder: number;
  /** send-contact-email, per address and per email per 10 minutes (CONTACT_RATE_LIMIT). */
  contact: number;
}

export const DEFAULT_FUNCTION_RATE_LIMITS: FunctionRateLimits = { placeOrder: 20, contact: 5 };

/** The limits from supabase secrets (Deno.env) or the local backend's environment. */
export function readFunctionRateLimits(get: (name: string) => string | undefined): FunctionRateLimits {
  return {
    placeOrder: readLimit(get, 'PLACE_ORDER_RATE_LIMIT', DEFAULT_FUNCTION_RATE_LIMITS.placeOrder),
    contact: readLimit(get, 'CONTACT_RATE_LIMIT', DEFAULT_FUNCTION_RATE_LIMITS.contact),
  };
}

export const LOCAL_PAYMENT_SIMULATOR_VARIABLE = 'LOCAL_PAYMENT_SIMULATOR';

export function readFunctionEnv(get: (name: string) => string | undefined): FunctionEnv {
  const value = (name: string) => {
    const found = get(name);
    if (!found) throw new Error(`Missing environment variable ${name}`);
    return found;
  };
  return {
    supabaseUrl: value('SUPABASE_URL'),
    anonKey: value('SUPABASE_ANON_KEY'),
    serviceRoleKey: value('SUPABASE_SERVICE_ROLE_KEY'),
    siteUrl: get('SITE_URL') || undefined,
    localPaymentSimulator: get(LOCAL_PAYMENT_SIMULATOR_VARIABLE) === '1',
    rateLimits: readFunctionRateLimits(get),
  };
}
