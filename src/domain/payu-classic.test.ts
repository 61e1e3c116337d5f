import { describe, expect, it } from 'vitest';
import { checkGatewayParams, checkRedirectUrl } from './payu-classic-checks.ts';
import { MAX_GATEWAY_URL_LENGTH, gatewayAmount, signGatewayParams, splitCustomerName, verifyGatewaySignature } from './payu-fields.ts';
import { validatePaymentRequest } from './payu-classic-validation.ts';
import {
  PAYMENT_REDIRECT_DELAY_MS,
  buildGatewayParams,
  buildGatewayRedirect,
  gatewayRedirectUrl,
  resolveGatewayUrl,
  type GatewayPaymentInput,
} from './payu-classic.ts';

const AUTH_KEY = 'local-pos-auth-key-change-me';

const input: GatewayPaymentInput = {
  posId: '145227',
  posAuthKey: AUTH_KEY,
  orderNumber: 'KT123456042',
  description: 'Zamówienie KT123456042',
  totalAmount: 19.99,
  buyer: { email: '  Anna.Nowak@Example.PL ', phone: '+48 600 100 200', firstName: 'Anna', lastName: 'Nowak' },
  items: [{ name: 'Róża czerwona', unitPrice: 9.99, quantity: 2 }],
  successUrl: 'http://localhost:4173/checkout/success?payment=payu&orderId=KT123456042',
  failureUrl: 'http://localhost:4173/checkout/cancel?orderId=KT123456042',
  ts: 1_763_700_123_456,
};

describe('gateway signature', () => {
  it('matches an independently computed openssl vector and ignores sig and pos_auth_key', () => {
    const params = {
      pos_id: '145227',
      session_id: 'KT123456042-1763700123456',
      amount: '1999',
      desc: 'Zamówienie KT123456042',
      pos_auth_key: 'never-hashed',
      sig: 'never-hashed-either',
    };
    // Produced with:
    // printf '%s' '1999Zamówienie KT123456042145227KT123456042-1763700123456local-pos-auth-key-change-me' | openssl md5
    expect(signGatewayParams(params, AUTH_KEY)).toBe('a5a0346038df1a58032eb6a332d0c0ce');
  });

  it('verifies its own signature and refuses any changed value, a wrong key or a short sig', () => {
    const params = buildGatewayParams(input);
    const record = { ...params } as Record<string, string>;
    expect(verifyGatewaySignature(record, AUTH_KEY)).toBe(true);
    expect(verifyGatewaySignature({ ...record, sig: record.sig!.toUpperCase() }, AUTH_KEY)).toBe(true);
    expect(verifyGatewaySignature({ ...record, amount: '1' }, AUTH_KEY)).toBe(false);
    expect(verifyGatewaySignature({ ...record, extra: 'x' }, AUTH_KEY)).toBe(false);
    expect(verifyGatewaySignature(record, 'another-key')).toBe(false);
    expect(verifyGatewaySignature(record, '')).toBe(false);
    expect(verifyGatewaySignature({ ...record, sig: 'abc' }, AUTH_KEY)).toBe(false);
  });
});

describe('buildGatewayParams', () => {
  it('fills the fixed gateway values of docs/spec.md §9', () => {
    const params = buildGatewayParams(input);
    expect(params).toMatchObject({
      pos_id: '145227',
      pos_auth_key: AUTH_KEY,
      session_id: 'KT123456042-1763700123456',
      order_id: 'KT123456042',
      amount: '1999',
      language: 'pl',
      encoding: 'UTF-8',
      pay_type: 't',
      js: '0',
      client_ip: '127.0.0.1',
      ts: '1763700123456',
      phone: '+48600100200',
      client_email: 'anna.nowak@example.pl',
      order_1_name: 'Róża czerwona',
      order_1_quantity: '2',
      order_1_price: '999',
    });
    expect(params.sig).toMatch(/^[0-9a-f]{32}$/);
    expect(checkGatewayParams(params as unknown as Record<string, string>)).toEqual({ errors: [], warnings: [] });
  });

  it.each([
    [19.99, '1999'],
    [0.1 + 0.2, '30'],
    [150.5, '15050'],
    [25.99, '2599'],
    [1.005, '100'],
    [1234.565, '123457'],
  ])('sends %d PLN as %s grosz', (pln, grosz) => {
    expect(gatewayAmount(pln)).toBe(grosz);
    expect(buildGatewayParams({ ...input, totalAmount: pln }).amount).toBe(grosz);
  });

  it('cuts names to 127 characters without splitting a Polish letter', () => {
    const long = 'Ż'.repeat(200);
    const params = buildGatewayParams({
      ...input,
      items: [{ name: long, unitPrice: 1, quantity: 1 }],
      buyer: { ...input.buyer, lastName: long },
    });
    expect(params.order_1_name).toBe('Ż'.repeat(127));
    expect(params.last_name).toBe('Ż'.repeat(127));
  });
});

describe('gateway redirect', () => {
  it('never puts pos_auth_key into the URL but keeps the signature valid', () => {
    const url = gatewayRedirectUrl('http://gateway.test/pay', buildGatewayParams(input));
    const query = Object.fromEntries(new URL(url).searchParams);
    expect(query.pos_auth_key).toBeUndefined();
    expect(verifyGatewaySignature(query, AUTH_KEY)).toBe(true);
    expect(checkRedirectUrl(url)).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it('shortens an over-long URL to the 2048-character limit and stays signed', () => {
    const items = Array.from({ length: 12 }, (_, index) => ({
      name: `Wiązanka żółtych róż nr ${index} `.repeat(6),
      unitPrice: 10,
      quantity: 1,
    }));
    const full = gatewayRedirectUrl('http://gateway.test/pay', buildGatewayParams({ ...input, items, desc2: 'ą'.repeat(200) }));
    expect(full.length).toBeGreaterThan(MAX_GATEWAY_URL_LENGTH);
    const fitted = buildGatewayRedirect('http://gateway.test/pay', { ...input, items, desc2: 'ą'.repeat(200) });
    expect(fitted).not.toBeNull();
    expect(fitted!.url.length).toBeLessThanOrEqual(MAX_GATEWAY_URL_LENGTH);
    expect(fitted!.params.desc2).toBeUndefined();
    expect(verifyGatewaySignature(Object.fromEntries(new URL(fitted!.url).searchParams), AUTH_KEY)).toBe(true);
  });

  it('waits 500 ms before redirecting', () => {
    expect(PAYMENT_REDIRECT_DELAY_MS).toBe(500);
  });
});

const validRequest = {
  orderId: '0b7c7d0e-8f7a-4a53-9a51-4b7e2d1f0c11',
  description: 'Zamówienie KT123456042',
  totalAmount: 19.99,
  buyer: { email: 'anna@example.pl', phone: '+48 600 100 200', firstName: 'Anna', lastName: 'Nowak' },
  products: [{ name: 'Róża', unitPrice: 19.99, quantity: 1 }],
};

describe('validatePaymentRequest (docs/spec.md §5 Payment creation)', () => {
  it('accepts a complete request, trimming and lower-casing the email', () => {
    const result = validatePaymentRequest({ ...validRequest, buyer: { ...validRequest.buyer, email: ' Anna@Example.PL ' } });
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.buyer.email).toBe('anna@example.pl');
  });

  it('lists every missing field at once, in order', () => {
    expect(validatePaymentRequest({})).toEqual({
      ok: false,
      errors: [
        'Customer email is required',
        'Customer first name is required',
        'Customer last name is required',
        'Customer phone is required',
        'No items provided for payment',
        'Invalid total amount',
      ],
    });
  });

  it.each([
    [{ buyer: { ...validRequest.buyer, email: '' } }, 'Customer email is required'],
    [{ buyer: { ...validRequest.buyer, firstName: '   ' } }, 'Customer first name is required'],
    [{ buyer: { ...validRequest.buyer, lastName: 42 } }, 'Customer last name is required'],
    [{ buyer: { ...validRequest.buyer, phone: null } }, 'Customer phone is required'],
    [{ products: [] }, 'No items provided for payment'],
    [{ products: 'róża' }, 'No items provided for payment'],
    [{ totalAmount: 0 }, 'Invalid total amount'],
    [{ totalAmount: -5 }, 'Invalid total amount'],
    [{ totalAmount: '19.99' }, 'Invalid total amount'],
    [{ buyer: { ...validRequest.buyer, phone: '600 100 20' } }, 'Invalid phone number format'],
    [{ buyer: { ...validRequest.buyer, phone: '+48 abc' } }, 'Invalid phone number format'],
    [{ buyer: { ...validRequest.buyer, email: 'anna@example' } }, 'Invalid email format'],
    [{ buyer: { ...validRequest.buyer, email: 'an na@example.pl' } }, 'Invalid email format'],
    [{ buyer: { ...validRequest.buyer, firstName: ' A ' } }, 'Customer first name must be at least 2 characters'],
    [{ buyer: { ...validRequest.buyer, lastName: 'N' } }, 'Customer last name must be at least 2 characters'],
  ])('reports %j as "%s"', (change, message) => {
    expect(validatePaymentRequest({ ...validRequest, ...change })).toEqual({ ok: false, errors: [message] });
  });

  it('accepts a 9-digit phone without a prefix', () => {
    expect(validatePaymentRequest({ ...validRequest, buyer: { ...validRequest.buyer, phone: '600-100-200' } }).ok).toBe(true);
  });

  it.each([null, [], 'text', 7])('treats a %j body as all fields missing', (body) => {
    const result = validatePaymentRequest(body);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toContain('Customer email is required');
  });
});

describe('checkGatewayParams (docs/spec.md §5 Payment test checks)', () => {
  const good = { ...buildGatewayParams(input) } as Record<string, string>;

  it('names every missing required field', () => {
    const { pos_id: _posId, ts: _ts, ...rest } = good;
    expect(checkGatewayParams(rest).errors).toEqual(['Brak wymaganych pól: pos_id, ts']);
  });

  it.each(['0', '-100', 'abc'])('refuses amount %s', (amount) => {
    expect(checkGatewayParams({ ...good, amount }).errors).toEqual(['Kwota musi być liczbą większą od zera']);
  });

  it('refuses a malformed email', () => {
    expect(checkGatewayParams({ ...good, client_email: 'anna@' }).errors).toEqual(['Nieprawidłowy format adresu e-mail']);
  });

  it('only warns about an odd phone number', () => {
    expect(checkGatewayParams({ ...good, phone: '12-34' })).toEqual({
      errors: [],
      warnings: ['Numer telefonu może mieć nieprawidłowy format'],
    });
  });

  it('refuses a signature that is not 32 characters, or none', () => {
    expect(checkGatewayParams({ ...good, sig: 'abc' }).errors).toEqual(['Wygenerowany podpis jest nieprawidłowy']);
    const { sig: _sig, ...unsigned } = good;
    expect(checkGatewayParams(unsigned).errors).toEqual(['Wygenerowany podpis jest nieprawidłowy']);
    expect(checkGatewayParams(unsigned, good.sig).errors).toEqual([]);
  });
});

describe('checkRedirectUrl (docs/spec.md §5 Redirect URL check)', () => {
  const url = gatewayRedirectUrl('http://gateway.test/pay', buildGatewayParams(input));

  it('names the missing parameters', () => {
    expect(checkRedirectUrl('http://gateway.test/pay?pos_id=1&amount=100')).toEqual({
      valid: false,
      errors: ['Brak wymaganych parametrów: session_id, desc, sig'],
      warnings: [],
    });
  });

  it('refuses a non-numeric amount', () => {
    const changed = new URL(url);
    changed.searchParams.set('amount', '12zł');
    expect(checkRedirectUrl(changed.toString()).errors).toEqual(['Parametr amount nie jest poprawną liczbą']);
  });

  it('refuses a signature that is not 32 characters', () => {
    const changed = new URL(url);
    changed.searchParams.set('sig', 'abc123');
    expect(checkRedirectUrl(changed.toString())).toMatchObject({ valid: false, errors: ['Podpis (sig) musi mieć 32 znaki'] });
  });

  it('flags a URL over 2048 characters', () => {
    const long = `${url}&desc2=${'a'.repeat(MAX_GATEWAY_URL_LENGTH)}`;
    const result = checkRedirectUrl(long);
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([`Adres ma ${long.length} znaków, więcej niż zalecane 2048`]);
  });

  it('reports an unparsable URL', () => {
    const result = checkRedirectUrl('not a url');
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toBe('Nieprawidłowy format adresu URL');
  });
});

describe('splitCustomerName', () => {
  it.each([
    ['Anna Kowalska', 'Anna', 'Kowalska'],
    ['  Anna   Maria  Kowalska-Nowak ', 'Anna Maria', 'Kowalska-Nowak'],
    ['Madonna', 'Madonna', 'Madonna'],
  ])('splits %j', (name, firstName, lastName) => {
    expect(splitCustomerName(name)).toEqual({ firstName, lastName });
  });
});

describe('resolveGatewayUrl', () => {
  it.each([
    ['the stored address, trimmed, without a trailing slash', ' https://pay.test/new/ ', 'http://127.0.0.1:54321/', 'https://pay.test/new'],
    [
      'the simulator when the setting is blank and one runs',
      ' ',
      'http://127.0.0.1:54321/',
      'http://127.0.0.1:54321/functions/v1/payment-simulator',
    ],
    ['null when the setting is blank and no simulator runs', undefined, null, null],
    ['null for an address that is not http(s)', 'zly adres', 'http://127.0.0.1:54321', null],
  ])('gives %s', (_label, stored, simulatorBackendUrl, expected) => {
    expect(resolveGatewayUrl(stored, simulatorBackendUrl)).toBe(expected);
  });
});
