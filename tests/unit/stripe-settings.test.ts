import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../functions/_shared/http.ts';
import { loadStripeCheckoutSettings, STRIPE_API_URL, type StripeEnv } from '../../functions/_shared/stripe-settings.ts';
import { fakeStripeDeps, SECRET_KEY, SIMULATOR_URL } from './stripe-fixtures.ts';

const LOCAL: StripeEnv = { supabaseUrl: 'http://127.0.0.1:54321', siteUrl: 'http://localhost:4173/', localPaymentSimulator: true };
const HOSTED: StripeEnv = { supabaseUrl: 'https://abc.supabase.co', siteUrl: 'https://sklep.example.pl', localPaymentSimulator: false };

function load(settings: Record<string, string>, env: StripeEnv = HOSTED) {
  return loadStripeCheckoutSettings(fakeStripeDeps(settings).store, env);
}

afterEach(() => vi.restoreAllMocks());

describe('Stripe checkout settings', () => {
  it('are off (null) without a secret key, so the caller can choose another gateway', async () => {
    expect(await load({ stripe_secret_key: '  ' })).toBeNull();
  });

  it('point a blank API address at Stripe when hosted, at the simulator only on the local backend', async () => {
    expect(await load({ stripe_secret_key: SECRET_KEY })).toEqual({
      secretKey: SECRET_KEY,
      apiUrl: STRIPE_API_URL,
      siteUrl: HOSTED.siteUrl,
    });
    expect(await load({ stripe_secret_key: SECRET_KEY }, LOCAL)).toEqual({
      secretKey: SECRET_KEY,
      apiUrl: SIMULATOR_URL,
      siteUrl: 'http://localhost:4173',
    });
    expect((await load({ stripe_secret_key: SECRET_KEY, stripe_api_url: 'http://stripe-mock:12111/' }))?.apiUrl).toBe(
      'http://stripe-mock:12111',
    );
  });

  it.each([
    ['the seeded local key outside the local backend', { stripe_secret_key: 'sk_test_local_change_me' }, HOSTED, 'seed.sql'],
    ['an API address that is not http(s)', { stripe_secret_key: SECRET_KEY, stripe_api_url: 'ftp://x' }, HOSTED, 'stripe_api_url'],
    ['no SITE_URL for the return pages', { stripe_secret_key: SECRET_KEY }, { ...HOSTED, siteUrl: undefined }, 'SITE_URL'],
  ])('refuse %s with 503 and say why in the log, never the key', async (_label, settings, env, logged) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = await load(settings, env as StripeEnv).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(503);
    const log = errors.mock.calls.map((call) => String(call[0])).join('\n');
    expect(log).toContain(logged);
    expect(log).not.toContain(settings.stripe_secret_key);
  });

  it('accept the seeded local key on the local backend', async () => {
    expect((await load({ stripe_secret_key: 'sk_test_local_change_me' }, LOCAL))?.secretKey).toBe('sk_test_local_change_me');
  });
});
