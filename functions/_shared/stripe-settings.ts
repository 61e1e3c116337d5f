import Stripe from 'stripe';
import { isHttpUrl } from '../../src/domain/payu-fields.ts';
import { PAYMENT_CONFIGURATION_MESSAGE, type FunctionEnv } from './env.ts';
import { HttpError } from './http.ts';
import type { PaymentStore } from './payments.ts';

/**
 * Stripe's settings (app_settings) and the API client built from them. The
 * keys never leave the server and are never logged.
 */

export const STRIPE_SETTING_KEYS = ['stripe_secret_key', 'stripe_webhook_secret', 'stripe_api_url'] as const;

/** The local backend mounts its Stripe stand-in here (server/local-backend/payments/stripe-simulator.ts); never deployed. */
export const STRIPE_SIMULATOR_PATH = '/functions/v1/stripe-simulator';

/** Stripe's own API, for a blank `stripe_api_url` outside the local backend. */
export const STRIPE_API_URL = 'https://api.stripe.com';

/**
 * Values seed.sql puts (or may put) in a local database. Published in this
 * repository, so anyone could sign a webhook with them: outside the local
 * backend they are refused.
 */
export const SEEDED_STRIPE_KEYS: readonly string[] = ['whsec_local_change_me', 'sk_test_local_change_me'];

export type StripeEnv = Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl' | 'localPaymentSimulator'>;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Where the API is and the key that opens it. */
export interface StripeApi {
  secretKey: string;
  /** Origin plus an optional path prefix (the local simulator lives under one). */
  apiUrl: string;
}

export interface StripeCheckoutSettings extends StripeApi {
  /** The shop's origin, for the return pages. */
  siteUrl: string;
}

function setting(settings: Record<string, string>, key: (typeof STRIPE_SETTING_KEYS)[number]): string {
  return settings[key]?.trim() ?? '';
}

function unusable(reason: string): HttpError {
  console.error(`[payments] Stripe cannot be used: ${reason}`);
  return new HttpError(503, 'Payment gateway configuration is missing', PAYMENT_CONFIGURATION_MESSAGE);
}

function refuseSeeded(value: string, env: StripeEnv, name: string): void {
  if (!env.localPaymentSimulator && SEEDED_STRIPE_KEYS.includes(value)) {
    throw unusable(`${name} is the value published in supabase/seed.sql; set your own in the admin settings`);
  }
}

/** A blank setting means Stripe's API, or, only on the local backend, its simulator. */
export function resolveStripeApiUrl(settings: Record<string, string>, env: StripeEnv): string {
  const configured = setting(settings, 'stripe_api_url');
  if (configured) {
    if (!isHttpUrl(configured)) throw unusable('stripe_api_url is not an http(s) address');
    return configured.replace(/\/+$/, '');
  }
  return env.localPaymentSimulator ? `${env.supabaseUrl.replace(/\/+$/, '')}${STRIPE_SIMULATOR_PATH}` : STRIPE_API_URL;
}

/**
 * The checkout's settings, or null when Stripe is off (no secret key). A
 * Stripe that is on but cannot work (a seeded key outside the local
 * backend, a bad address, no SITE_URL) throws 503 and logs why, rather than
 * falling back to another gateway unnoticed.
 */
function resolveStripeCheckoutSettings(settings: Record<string, string>, env: StripeEnv): StripeCheckoutSettings | null {
  const secretKey = setting(settings, 'stripe_secret_key');
  if (!secretKey) return null;
  refuseSeeded(secretKey, env, 'stripe_secret_key');
  if (!env.siteUrl) {
    // SITE_URL is not one of the secrets hosted Supabase sets by itself.
    throw unusable(
      "missing secret SITE_URL: Stripe needs the shop's address for its return pages; set it with `supabase secrets set SITE_URL=https://…`",
    );
  }
  return { secretKey, apiUrl: resolveStripeApiUrl(settings, env), siteUrl: env.siteUrl.replace(/\/+$/, '') };
}

/** The checkout's settings from app_settings: null when Stripe is off; 503 (logged) when it is on but unusable. */
export async function loadStripeCheckoutSettings(
  store: Pick<PaymentStore, 'loadSettings'>,
  env: StripeEnv,
): Promise<StripeCheckoutSettings | null> {
  return resolveStripeCheckoutSettings(await store.loadSettings(STRIPE_SETTING_KEYS), env);
}

/** The webhook's signing secret (Stripe: the endpoint's 'whsec_…'); throws 503 when it is missing or a seeded one outside the local backend. */
export function resolveStripeWebhookSecret(settings: Record<string, string>, env: Pick<StripeEnv, 'localPaymentSimulator'>): string {
  const secret = setting(settings, 'stripe_webhook_secret');
  if (!secret) throw unusable('stripe_webhook_secret is blank: copy the endpoint’s signing secret from the Stripe dashboard');
  if (!env.localPaymentSimulator && SEEDED_STRIPE_KEYS.includes(secret)) {
    throw unusable('stripe_webhook_secret is the value published in supabase/seed.sql; set your own in the admin settings');
  }
  return secret;
}

/** Requests of the API client: its fixed paths (/v1/…) under the configured address, path prefix included. */
function fetchUnder(apiUrl: URL, fetchFn: FetchLike): typeof fetch {
  const prefix = apiUrl.pathname.replace(/\/+$/, '');
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    url.pathname = `${prefix}${url.pathname}`;
    return fetchFn(url.toString(), init ?? {});
  };
}

/** Stripe's client over fetch (what Deno has), pointed at the configured API. */
export function createStripeClient(api: StripeApi, fetchFn: FetchLike): Stripe {
  const url = new URL(api.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(api.secretKey, {
    httpClient: Stripe.createFetchHttpClient(fetchUnder(url, fetchFn)),
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // One retry, with the same idempotency key, so a dropped answer never opens a second session or refund.
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
  });
}
