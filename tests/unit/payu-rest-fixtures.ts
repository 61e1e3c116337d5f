import type { PaymentEvent, RefundEvent } from '../../functions/_shared/ledger.ts';
import type { PaymentOrder } from '../../functions/_shared/payments.ts';
import type { LedgerOutcome, LedgerProvider } from '../../src/domain/payment-ledger.ts';
import type { Grosz } from '../../src/domain/money.ts';
import { storedOrder } from './payment-fixtures.ts';

/** PayU REST settings, a fake store and a recording ledger for the PayU REST tests. */

export const SECOND_KEY = 'test-payu-second-key';
export const CLIENT_SECRET = 'test-payu-client-secret';
export const API_URL = 'https://secure.snd.payu.com';
export const ENV = { supabaseUrl: 'http://127.0.0.1:54321', siteUrl: 'http://localhost:4173', localPaymentSimulator: true };

export function restSettings(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    payu_api: 'rest',
    payu_rest_api_url: API_URL,
    payu_rest_pos_id: '300746',
    payu_rest_client_id: '300746',
    payu_rest_client_secret: CLIENT_SECRET,
    payu_rest_second_key: SECOND_KEY,
    payu_blik_code: 'true',
    ...overrides,
  };
}

export function fakeRestStore(settings: Record<string, string> = restSettings(), order: PaymentOrder | null = storedOrder()) {
  return {
    loadSettings: async (keys: readonly string[]) =>
      Object.fromEntries(keys.filter((key) => key in settings).map((key) => [key, settings[key]!])),
    findOrderByNumber: async (number: string) => (order && number === order.orderNumber ? { ...order } : null),
  };
}

export interface StartedPayment {
  orderId: string;
  provider: LedgerProvider;
  providerPaymentId: string;
  method: string;
  amount: Grosz;
}

/** Records every call; answers like the SQL for repeats (same event id → duplicate). */
export function recordingLedger(outcome: LedgerOutcome = 'applied') {
  const started: StartedPayment[] = [];
  const payments: PaymentEvent[] = [];
  const refunds: RefundEvent[] = [];
  const seen = new Set<string>();
  const answer = (eventId: string): LedgerOutcome => {
    if (seen.has(eventId)) return 'duplicate';
    seen.add(eventId);
    return outcome;
  };
  return {
    started,
    payments,
    refunds,
    ledger: {
      startPayment: async (start: StartedPayment) => void started.push(start),
      applyPaymentEvent: async (event: PaymentEvent) => {
        payments.push(event);
        return answer(event.eventId);
      },
      applyRefundEvent: async (event: RefundEvent) => {
        refunds.push(event);
        return answer(event.eventId);
      },
    },
  };
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Headers;
  body: string;
  redirect: RequestRedirect | undefined;
  hasSignal: boolean;
}

/** A fetch that records the calls and answers from a script: (call) => Response. */
export function scriptedFetch(answer: (call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const call: FetchCall = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : '',
      redirect: init.redirect,
      hasSignal: init.signal instanceof AbortSignal,
    };
    calls.push(call);
    return answer(call);
  };
  return { calls, fetch };
}

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** PayU's OAuth answer (developers.payu.com/europe/docs/get-started/integration-overview/references/authorization). */
export const OAUTH_ANSWER = {
  access_token: '3e5cac39-7e38-4139-8fd6-30adc06a61bd',
  token_type: 'bearer',
  expires_in: 43199,
  grant_type: 'client_credentials',
};
