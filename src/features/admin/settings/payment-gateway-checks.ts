import { buildGatewayParams, gatewayRedirectUrl, resolveGatewayUrl, type GatewayParams } from '../../../domain/payu-classic.ts';
import {
  MISSING_REDIRECT_PARAMS,
  REQUIRED_GATEWAY_FIELDS,
  checkGatewayParams,
  checkRedirectUrl,
} from '../../../domain/payu-classic-checks.ts';
import { splitCustomerName, verifyGatewaySignature, type ParamRecord } from '../../../domain/payu-fields.ts';
import type { SettingsValues } from '../../../domain/settings.ts';
import { bodyField, callFunction } from '../../../lib/functions-client.ts';
import { getSupabase } from '../../../lib/supabase.ts';

/**
 * The Testing tab's checks (docs/spec.md §2 Testing tab, §5 Payment test checks and
 * Redirect URL check): builds the gateway parameters the way the payment
 * functions do, checks them and the redirect address, and calls
 * create-payu-classic-payment exactly as the checkout does.
 */

export interface TestOrderInput {
  /** PLN. */
  amount: number;
  /** The order's id (uuid) or number (KT…); '' when none was chosen. */
  orderId: string;
  email: string;
  name: string;
  phone: string;
}

export const SAMPLE_TEST_ORDERS: readonly (TestOrderInput & { label: string })[] = [
  { label: 'Bukiet róż', amount: 150.5, orderId: '', email: 'anna.kowalska@example.pl', name: 'Anna Kowalska', phone: '+48 600 100 200' },
  { label: 'Wieniec okolicznościowy', amount: 500, orderId: '', email: 'jan.nowak@example.pl', name: 'Jan Nowak', phone: '600 200 300' },
  {
    label: 'Znicz szklany',
    amount: 25.99,
    orderId: '',
    email: 'ewa.wisniewska@example.pl',
    name: 'Ewa Wiśniewska',
    phone: '+48 601 300 400',
  },
];

export type TestStatus = 'passed' | 'failed' | 'skipped';

export interface TestResult {
  id: string;
  category: string;
  title: string;
  status: TestStatus;
  durationMs: number;
  errors: string[];
  warnings: string[];
  missingFields: string[];
  issues: string[];
  signature?: string;
  params?: Record<string, string>;
  response?: unknown;
}

export interface GatewayContext {
  settings: SettingsValues;
  /** The backend's address (for the local payment simulator when no gateway URL is set). */
  backendUrl: string;
  /** The shop's own origin (for the default return addresses). */
  siteOrigin: string;
  now: () => number;
}

export const UNKNOWN_ERROR = 'Nieznany błąd';
export const MASK = '••••••••';
/** Parameters never shown until the owner asks: the signature and the signing key. */
export const SENSITIVE_PARAMS = new Set(['sig', 'pos_auth_key']);

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The gateway address as the payment functions resolve it (the backend's
 * simulator when the setting is blank); an address they would refuse is
 * checked as typed, so the redirect check names its problem.
 */
function gatewayUrlOf(context: GatewayContext): string {
  const stored = context.settings.payu_classic_gateway_url;
  return resolveGatewayUrl(stored, context.backendUrl) ?? stored?.trim() ?? '';
}

function orderNumberFor(input: TestOrderInput, ts: number): string {
  const typed = input.orderId.trim();
  return typed && !/^[0-9a-f-]{36}$/i.test(typed) ? typed : `TEST${String(ts).slice(-9)}`;
}

export function buildTestParams(context: GatewayContext, input: TestOrderInput): GatewayParams {
  const ts = context.now();
  const orderNumber = orderNumberFor(input, ts);
  const { firstName, lastName } = splitCustomerName(input.name);
  return buildGatewayParams({
    posId: context.settings.payu_classic_pos_id?.trim() ?? '',
    posAuthKey: context.settings.payu_classic_pos_auth_key?.trim() ?? '',
    orderNumber,
    description: `Zamówienie ${orderNumber}`,
    totalAmount: Number.isFinite(input.amount) ? input.amount : 0,
    buyer: { email: input.email, phone: input.phone, firstName, lastName },
    items: [{ name: `Test płatności ${orderNumber}`, unitPrice: Number.isFinite(input.amount) ? input.amount : 0, quantity: 1 }],
    successUrl: context.settings.payu_classic_success_url?.trim() || `${trimSlash(context.siteOrigin)}/checkout/success`,
    failureUrl: context.settings.payu_classic_failure_url?.trim() || `${trimSlash(context.siteOrigin)}/checkout/cancel`,
    ts,
  });
}

function timed<T>(work: () => T): { value: T; durationMs: number } {
  const start = performance.now();
  const value = work();
  return { value, durationMs: Math.round((performance.now() - start) * 100) / 100 };
}

/** docs/spec.md §5 Payment test checks over the parameters built for `input`. */
export function runParamsTest(context: GatewayContext, input: TestOrderInput, title: string): TestResult {
  const { value, durationMs } = timed(() => {
    const params = buildTestParams(context, input);
    const check = checkGatewayParams(params as unknown as ParamRecord);
    const record = params as unknown as Record<string, string>;
    const missingFields = REQUIRED_GATEWAY_FIELDS.filter((field) => !record[field]?.trim());
    const issues: string[] = [];
    const authKey = context.settings.payu_classic_pos_auth_key?.trim() ?? '';
    if (authKey && !verifyGatewaySignature(record, authKey)) issues.push('Podpis nie zgadza się z parametrami');
    if (!authKey) issues.push('Pusty pos_auth_key: podpisowi nie można ufać');
    return { params: record, check, missingFields, issues };
  });
  const { params, check, missingFields, issues } = value;
  return {
    id: `params-${title}`,
    category: 'Parametry bramki',
    title,
    status: check.errors.length === 0 && issues.length === 0 ? 'passed' : 'failed',
    durationMs,
    errors: check.errors,
    warnings: check.warnings,
    missingFields,
    issues,
    signature: params.sig,
    params,
  };
}

/** docs/spec.md §5 Redirect URL check on the address the browser would be sent to. */
export function runRedirectTest(context: GatewayContext, input: TestOrderInput, title: string): TestResult {
  const { value, durationMs } = timed(() => {
    const params = buildTestParams(context, input);
    const url = gatewayRedirectUrl(gatewayUrlOf(context), params);
    return { url, check: checkRedirectUrl(url), params };
  });
  const missing = value.check.errors.find((error) => error.startsWith(MISSING_REDIRECT_PARAMS));
  return {
    id: `redirect-${title}`,
    category: 'Adres przekierowania',
    title,
    status: value.check.valid ? 'passed' : 'failed',
    durationMs,
    errors: value.check.errors,
    warnings: value.check.warnings,
    missingFields: missing ? missing.slice(MISSING_REDIRECT_PARAMS.length).split(', ') : [],
    issues: [],
    signature: value.params.sig,
    response: { url: value.url, length: value.url.length },
  };
}

/** The owner's own session: the payment functions serve the order's buyer and the shop owner only. */
async function callFunctionAsOwner(name: string, payload: unknown): ReturnType<typeof callFunction> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  return callFunction(name, payload, { accessToken: data.session?.access_token ?? null });
}

/**
 * Calls create-payu-classic-payment with the checkout's body and counts it a
 * success only if HTTP is ok and success is true (docs/spec.md §7), timing the call.
 */
export async function runFunctionTest(
  input: TestOrderInput,
  title: string,
  call: typeof callFunction = callFunctionAsOwner,
): Promise<TestResult> {
  const base = {
    id: `function-${title}`,
    category: 'Wywołanie funkcji create-payu-classic-payment',
    title,
    warnings: [] as string[],
    missingFields: [] as string[],
  };
  const orderId = input.orderId.trim();
  if (!orderId) {
    return {
      ...base,
      status: 'skipped',
      durationMs: 0,
      errors: [],
      issues: ['Wybierz lub wpisz zamówienie, aby sprawdzić wywołanie funkcji.'],
    };
  }
  const { firstName, lastName } = splitCustomerName(input.name);
  const start = performance.now();
  try {
    const answer = await call('create-payu-classic-payment', {
      orderId,
      description: `Zamówienie testowe ${orderId}`,
      totalAmount: input.amount,
      buyer: { email: input.email, phone: input.phone, firstName, lastName },
      products: [{ name: 'Test płatności', unitPrice: input.amount, quantity: 1 }],
    });
    const durationMs = Math.round(performance.now() - start);
    const success = typeof answer.body === 'object' && answer.body !== null && (answer.body as { success?: unknown }).success === true;
    if (!answer.ok || !success) {
      const error = bodyField(answer.body, 'error') ?? (answer.ok ? UNKNOWN_ERROR : `Funkcja odpowiedziała błędem HTTP ${answer.status}`);
      return { ...base, status: 'failed', durationMs, errors: [error], issues: [], response: answer.body };
    }
    const redirectUrl = bodyField(answer.body, 'redirectUrl');
    const check = redirectUrl
      ? checkRedirectUrl(redirectUrl)
      : { valid: false, errors: ['Funkcja płatności nie podała adresu przekierowania'], warnings: [] };
    return {
      ...base,
      status: check.valid ? 'passed' : 'failed',
      durationMs,
      errors: check.errors,
      warnings: check.warnings,
      issues: [],
      response: answer.body,
    };
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : UNKNOWN_ERROR;
    return { ...base, status: 'failed', durationMs: Math.round(performance.now() - start), errors: [message], issues: [] };
  }
}

/** The response JSON as text, with signatures masked unless the owner chose to see them. */
export function responseText(response: unknown, showSensitive: boolean): string {
  const text = JSON.stringify(response, null, 2) ?? '';
  return showSensitive ? text : text.replace(/([?&]sig=)[0-9a-fA-F]+/g, `$1${MASK}`);
}
