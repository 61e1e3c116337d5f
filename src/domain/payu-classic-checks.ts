import { EMAIL_PATTERN } from './patterns.ts';
import { MAX_GATEWAY_URL_LENGTH, SIGNATURE_LENGTH, type ParamRecord } from './payu-fields.ts';

/**
 * The admin's payment test screen (docs/spec.md §5 Payment test): checks of a
 * parameter set and of a redirect address, with the texts the screen shows.
 */

export interface CheckResult {
  errors: string[];
  warnings: string[];
}

export const REQUIRED_GATEWAY_FIELDS = [
  'pos_id',
  'session_id',
  'pos_auth_key',
  'amount',
  'desc',
  'client_email',
  'first_name',
  'last_name',
  'phone',
  'ts',
] as const;

const GATEWAY_PHONE_FORMAT = /^\+?\d{9,15}$/;

/** docs/spec.md §5 Payment test checks over a parameter set; sig defaults to the set's own. */
export function checkGatewayParams(params: ParamRecord, signature: string | undefined = params.sig): CheckResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const missing = REQUIRED_GATEWAY_FIELDS.filter((field) => !params[field]?.trim());
  if (missing.length > 0) errors.push(`Brak wymaganych pól: ${missing.join(', ')}`);
  const amount = params.amount;
  if (amount !== undefined && amount.trim() !== '') {
    const value = Number(amount);
    if (!Number.isFinite(value) || value <= 0) errors.push('Kwota musi być liczbą większą od zera');
  }
  const email = params.client_email;
  if (email && !EMAIL_PATTERN.test(email)) errors.push('Nieprawidłowy format adresu e-mail');
  const phone = params.phone;
  if (phone && !GATEWAY_PHONE_FORMAT.test(phone.replace(/[\s-]/g, ''))) warnings.push('Numer telefonu może mieć nieprawidłowy format');
  if (signature?.length !== SIGNATURE_LENGTH) errors.push('Wygenerowany podpis jest nieprawidłowy');
  return { errors, warnings };
}

export interface RedirectCheck extends CheckResult {
  valid: boolean;
}

export const REQUIRED_REDIRECT_PARAMS = ['pos_id', 'session_id', 'amount', 'desc', 'sig'] as const;

export const INVALID_REDIRECT_URL = 'Nieprawidłowy format adresu URL';
/** Followed by the missing names; the Testing tab lists them from this line. */
export const MISSING_REDIRECT_PARAMS = 'Brak wymaganych parametrów: ';

/** docs/spec.md §5 Redirect URL check: the address the browser is about to be sent to. */
export function checkRedirectUrl(url: string): RedirectCheck {
  const errors: string[] = [];
  const warnings: string[] = [];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { valid: false, errors: [INVALID_REDIRECT_URL], warnings };
  }
  const query = parsed.searchParams;
  const missing = REQUIRED_REDIRECT_PARAMS.filter((name) => !query.get(name));
  if (missing.length > 0) errors.push(`${MISSING_REDIRECT_PARAMS}${missing.join(', ')}`);
  const amount = query.get('amount');
  if (amount && !Number.isFinite(Number(amount))) errors.push('Parametr amount nie jest poprawną liczbą');
  const sig = query.get('sig');
  if (sig && sig.length !== SIGNATURE_LENGTH) errors.push('Podpis (sig) musi mieć 32 znaki');
  if (url.length > MAX_GATEWAY_URL_LENGTH) {
    warnings.push(`Adres ma ${url.length} znaków, więcej niż zalecane ${MAX_GATEWAY_URL_LENGTH}`);
  }
  if (query.has('pos_auth_key')) warnings.push('Adres zawiera pos_auth_key, który musi pozostać tajny');
  return { valid: errors.length === 0, errors, warnings };
}
