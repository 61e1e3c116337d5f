import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPayuClassicPaymentHandler } from '../../functions/create-payu-classic-payment/handler.ts';
import { createPlaceOrderHandler, type PlaceOrderDeps } from '../../functions/place-order/handler.ts';
import {
  PAYMENT_CONFIGURATION_MESSAGE,
  SHOP_CONFIGURATION_MESSAGE,
  functionFromEnv,
  readFunctionEnv,
  type EnvGetter,
} from '../../functions/_shared/env.ts';
import { jsonResponse } from '../../functions/_shared/http.ts';
import { payuErrorMessage } from '../../src/features/checkout/payment-errors.ts';
import { FUNCTIONS } from '../../server/local-backend/functions/registry.ts';
import { ANON_JWT, PUBLISHABLE_KEY, SECRET_KEY, fakeAuthenticate } from './caller-fixtures.ts';
import { ENV, NOW, authenticate, fakeStore, paymentBody, postJson } from './payment-fixtures.ts';

const from =
  (values: Record<string, string>): EnvGetter =>
  (name) =>
    values[name];

const LEGACY = { SUPABASE_URL: 'http://127.0.0.1:54321', SUPABASE_ANON_KEY: ANON_JWT, SUPABASE_SERVICE_ROLE_KEY: 'service-role-jwt' };
const NEW_STYLE = {
  SUPABASE_URL: 'https://abc.supabase.co',
  SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: PUBLISHABLE_KEY, mobile: 'sb_publishable_mobile' }),
  SUPABASE_SECRET_KEYS: JSON.stringify({ other: 'sb_secret_other', default: SECRET_KEY }),
  SUPABASE_JWKS: JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1', alg: 'ES256' }] }),
};

afterEach(() => vi.restoreAllMocks());

describe('reading a function environment', () => {
  it('takes the legacy JWT keys', () => {
    const reading = readFunctionEnv(from(LEGACY));
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.env).toMatchObject({
      supabaseUrl: LEGACY.SUPABASE_URL,
      serviceRoleKey: 'service-role-jwt',
      jwks: null,
      localPaymentSimulator: false,
    });
    expect(reading.env.callerKeys).toEqual({ publicKeys: [ANON_JWT], secretKeys: ['service-role-jwt'] });
  });

  it('takes the new keys (JSON objects of named keys) and an inline JWKS; the default secret key serves the database client', () => {
    const reading = readFunctionEnv(from(NEW_STYLE));
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.env.serviceRoleKey).toBe(SECRET_KEY);
    expect(reading.env.callerKeys.publicKeys).toEqual([PUBLISHABLE_KEY, 'sb_publishable_mobile']);
    expect(reading.env.callerKeys.secretKeys).toEqual(['sb_secret_other', SECRET_KEY]);
    expect(reading.env.jwks?.keys[0]).toMatchObject({ kid: 'k1' });
    // A bare array is a key set too, as @supabase/server reads it.
    const bare = readFunctionEnv(from({ ...NEW_STYLE, SUPABASE_JWKS: '[{"kty":"EC","kid":"k2"}]' }));
    expect(bare.ok && bare.env.jwks?.keys[0]).toMatchObject({ kid: 'k2' });
  });

  it('names every missing or unreadable variable at once', () => {
    expect(readFunctionEnv(from({}))).toEqual({
      ok: false,
      problems: ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY or SUPABASE_SECRET_KEYS', 'SUPABASE_ANON_KEY or SUPABASE_PUBLISHABLE_KEYS'],
    });
    const reading = readFunctionEnv(
      from({
        SUPABASE_URL: 'not a url',
        SUPABASE_PUBLISHABLE_KEYS: 'sb_publishable_x',
        SUPABASE_SECRET_KEYS: '{"default":',
        SUPABASE_JWKS: '{"keys":5}',
        PLACE_ORDER_RATE_LIMIT: 'off',
        SITE_URL: 'kwiaciarnia.pl',
      }),
    );
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problems).toEqual([
      'SUPABASE_URL (not an http(s) address)',
      'SUPABASE_PUBLISHABLE_KEYS (not a JSON object of keys)',
      'SUPABASE_SECRET_KEYS (not a JSON object of keys)',
      'SUPABASE_SERVICE_ROLE_KEY or SUPABASE_SECRET_KEYS',
      'SUPABASE_ANON_KEY or SUPABASE_PUBLISHABLE_KEYS',
      'SUPABASE_JWKS (not a JSON Web Key Set)',
      'PLACE_ORDER_RATE_LIMIT (a whole number ≥ 0; 0 turns the limit off)',
      'SITE_URL (not an http(s) address)',
    ]);
  });

  it('a function that lets no caller in by key (payment-notification) needs no anon or publishable key', () => {
    const { SUPABASE_ANON_KEY: _anon, ...withoutAnon } = LEGACY;
    expect(readFunctionEnv(from(withoutAnon)).ok).toBe(false);
    expect(readFunctionEnv(from(withoutAnon), { callers: false }).ok).toBe(true);
  });
});

describe('a function with missing secrets', () => {
  it('starts, then at its first request logs every missing name once and answers 503 with the configuration message', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const build = vi.fn(() => async () => jsonResponse(200, {}));
    const handler = functionFromEnv('fn', from({ SUPABASE_URL: 'http://x.test' }), build);
    expect(build).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();

    const preflight = await handler(new Request('http://functions.test/fn', { method: 'OPTIONS' }));
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

    const first = await handler(new Request('http://functions.test/fn', { method: 'POST' }));
    expect(first.status).toBe(503);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(await first.json()).toEqual({ error: 'configuration_missing', message: SHOP_CONFIGURATION_MESSAGE });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toContain(
      'SUPABASE_SERVICE_ROLE_KEY or SUPABASE_SECRET_KEYS, SUPABASE_ANON_KEY or SUPABASE_PUBLISHABLE_KEYS',
    );

    expect((await handler(new Request('http://functions.test/fn', { method: 'POST' }))).status).toBe(503);
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('the payment message is the spec’s, the one the checkout’s catalog shows for a configuration problem', () => {
    expect(PAYMENT_CONFIGURATION_MESSAGE).toBe(payuErrorMessage('configuration_missing'));
  });

  it.each(Object.keys(FUNCTIONS))('%s (from the registry the local runner uses) answers 503 naming what is missing', async (name) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await FUNCTIONS[name]!(from({}))(postJson({}));
    expect(response.status).toBe(503);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.error).toBe('configuration_missing');
    const payments = ['create-payment', 'create-payu-classic-payment', 'payment-notification', 'payu-notify', 'stripe-webhook'].includes(
      name,
    );
    expect(body.message).toBe(payments ? PAYMENT_CONFIGURATION_MESSAGE : SHOP_CONFIGURATION_MESSAGE);
    const logged = String(errors.mock.calls[0]![0]);
    expect(logged).toContain(`[${name}]`);
    expect(logged).toContain('SUPABASE_URL');
    // Called by the payment gateways without any key.
    expect(logged.includes('SUPABASE_ANON_KEY or SUPABASE_PUBLISHABLE_KEYS')).toBe(
      !['payment-notification', 'payu-notify', 'stripe-webhook'].includes(name),
    );
  });

  it('the checkout reads the payment functions’ 503 as the configuration message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const classic = (await (await FUNCTIONS['create-payu-classic-payment']!(from({}))(postJson({}))).json()) as {
      success: boolean;
      error: string;
    };
    expect(classic.success).toBe(false);
    expect(payuErrorMessage(classic.error)).toBe(PAYMENT_CONFIGURATION_MESSAGE);
    const card = (await (await FUNCTIONS['create-payment']!(from({}))(postJson({}))).json()) as { details: string };
    expect(card.details).toBe(PAYMENT_CONFIGURATION_MESSAGE);
  });
});

describe('SITE_URL, which hosted Supabase does not set', () => {
  it('without it and with blank return addresses the payment start answers 503 and the log names SITE_URL', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = fakeStore();
    const { siteUrl: _site, ...withoutSite } = ENV;
    const response = await createPayuClassicPaymentHandler({ authenticate, store, env: withoutSite, now: () => NOW })(
      postJson(paymentBody),
    );
    expect(response.status).toBe(503);
    expect(errors.mock.calls.map((call) => String(call[0])).join('\n')).toContain('SITE_URL');
  });

  it('with the return addresses filled in the settings, SITE_URL is not needed', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = fakeStore(undefined, {
      payu_classic_success_url: 'https://kwiaciarnia.test/checkout/success',
      payu_classic_failure_url: 'https://kwiaciarnia.test/checkout/cancel',
    });
    const { siteUrl: _site, ...withoutSite } = ENV;
    const response = await createPayuClassicPaymentHandler({ authenticate, store, env: withoutSite, now: () => NOW })(
      postJson(paymentBody),
    );
    expect(response.status).toBe(200);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('a real handler refuses callers before any work', () => {
  const untouched = () => {
    throw new Error('no work may happen for a refused caller');
  };
  const deps: PlaceOrderDeps = {
    authenticate: fakeAuthenticate(),
    loadProducts: untouched,
    loadSetting: untouched,
    loadDeliverySettings: untouched,
    loadBookedCounts: untouched,
    replayOf: untouched,
    accessKeySecret: 'test-secret',
    writeOrder: untouched,
    loadOrderLimits: untouched,
    countOpenUnpaid: untouched,
    now: () => 0,
    random: () => 0,
    countRequest: untouched,
  };
  const post = (headers: Record<string, string>) =>
    new Request('http://functions.test/place-order', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: '{}',
    });

  it.each([
    ['no credentials at all', {}, 'missing_credentials'],
    ['an unknown apikey', { apikey: 'sb_publishable_of_another_project' }, 'invalid_api_key'],
    ['a token that does not verify', { apikey: PUBLISHABLE_KEY, Authorization: 'Bearer expired' }, 'invalid_session'],
  ])('place-order with %s → 401', async (_label, headers, code) => {
    const response = await createPlaceOrderHandler(deps)(post(headers));
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe(code);
    expect(body.message).toMatch(/[ąćęłńóśźż]/);
  });

  it.each([
    ['the legacy anon JWT', { apikey: ANON_JWT, Authorization: `Bearer ${ANON_JWT}` }],
    ['a publishable key', { apikey: PUBLISHABLE_KEY }],
  ])('place-order lets a guest in with %s (then validates the body: 400)', async (_label, headers) => {
    const response = await createPlaceOrderHandler({ ...deps, countRequest: async () => ({ allowed: true, retryAfterSeconds: 0 }) })(
      post(headers),
    );
    expect(response.status).toBe(400);
  });
});
