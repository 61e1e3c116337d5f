import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutFor, someProducts, testBackend, withDatabase } from '../support/test-backend.ts';

/**
 * Malformed and hostile requests to every Edge Function, generated with
 * fast-check and sent over HTTP to the real backend: each one gets a 4xx
 * (JSON with an `error` field; the payment simulator: an HTML page), never a
 * 5xx or a stack trace, and nothing is written.
 */

const JSON_FUNCTIONS = [
  'place-order',
  'send-contact-email',
  'calculate-delivery',
  'create-payu-classic-payment',
  'create-payment',
  'payment-notification',
] as const;
type JsonFunction = (typeof JSON_FUNCTIONS)[number];

const RUNS = 60;
const STACK_TRACE = /\bat\s+\S+\s+\(|\bat\s+(file:|\/)|\.(ts|js|mjs):\d+:\d+|node_modules|\/work\/|Error:\s/;
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

interface Snapshot {
  orders: string;
  items: string;
  messages: string;
  paid: string;
  lastUpdate: string | null;
}

async function snapshot(): Promise<Snapshot> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<Snapshot>(`
      select (select count(*) from orders)::text as orders, (select count(*) from order_items)::text as items,
        (select count(*) from contact_messages)::text as messages, (select count(payu_status) from orders)::text as paid,
        (select max(updated_at)::text from orders) as "lastUpdate"`);
    return rows[0]!;
  });
}

interface Sent {
  method?: string;
  contentType?: string | null;
  body?: string;
  query?: string;
}

async function call(name: string, { method = 'POST', contentType = 'application/json', body, query = '' }: Sent) {
  const { url, anonKey } = testBackend();
  const headers: Record<string, string> = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
  if (contentType !== null) headers['Content-Type'] = contentType;
  const response = await fetch(`${url}/functions/v1/${name}${query}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
  });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

function expectJsonRefusal(answer: { status: number; type: string; text: string }, what: string): void {
  const context = `${what} → ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, context).toBeGreaterThanOrEqual(400);
  expect(answer.status, context).toBeLessThan(500);
  expect(answer.type, context).toContain('application/json');
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(typeof body.error, context).toBe('string');
  expect(answer.text, context).not.toMatch(STACK_TRACE);
}

/** Any JSON, with the keys attackers like mixed in at every depth. */
const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 })), tie('value'), { maxKeys: 5 }),
    fc.array(tie('value'), { maxLength: 4 }),
  ),
})).value;

/** A valid-looking request of each function with one field replaced by something of the wrong kind. */
const wrongKind = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);

let productId = '';
function validBody(name: JsonFunction): Record<string, unknown> {
  switch (name) {
    case 'place-order':
      return { clientRequestId: randomUUID(), checkout: checkoutFor(), items: [{ productId, quantity: 1 }] };
    case 'send-contact-email':
      return { name: 'Jan Nowak', email: 'jan@example.test', phone: '', subject: 'info', message: 'Dzień dobry' };
    case 'calculate-delivery':
      return { street: 'Rynek', houseNumber: '5', city: 'Przemyśl', postalCode: '37-700', deliveryMethod: 'home' };
    case 'create-payu-classic-payment':
    case 'create-payment':
      return { orderId: randomUUID() };
    case 'payment-notification':
      return { pos_id: '1', session_id: 's', order_id: 'KT1', status: 'COMPLETED', amount: '100', ts: '1', sig: 'x' };
  }
}

/** Field paths whose replacement by a wrong kind can never make a valid request. */
const REQUIRED_FIELDS: Record<JsonFunction, string[][]> = {
  'place-order': [
    ['clientRequestId'],
    ['checkout'],
    ['items'],
    ['checkout', 'email'],
    ['checkout', 'firstName'],
    ['checkout', 'deliveryMethod'],
  ],
  'send-contact-email': [['name'], ['email'], ['subject'], ['message']],
  'calculate-delivery': [['city'], ['postalCode'], ['street']],
  'create-payu-classic-payment': [['orderId']],
  'create-payment': [['orderId']],
  'payment-notification': [['pos_id'], ['order_id'], ['status'], ['sig']],
};

function replaced(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path[path.length - 1]!] = value;
  return copy;
}

let before: Snapshot;

beforeAll(async () => {
  productId = (await someProducts(1))[0]!.id;
  before = await snapshot();
});

afterAll(async () => {
  // The whole barrage wrote nothing: no order, item, message or payment status.
  expect(await snapshot()).toEqual(before);
});

describe.each(JSON_FUNCTIONS)('%s under hostile input', (name) => {
  it('answers arbitrary JSON (hostile keys included) with a 4xx JSON error', async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson, async (value) => {
        // A JSON text with a literal "__proto__" key, as an attacker would send it.
        const body = JSON.stringify(value).replace(/"\\u005f_proto__"/g, '"__proto__"');
        expectJsonRefusal(await call(name, { body }), body.slice(0, 200));
      }),
      { numRuns: RUNS },
    );
  });

  it('answers a valid-looking request with one required field of the wrong kind with a 4xx JSON error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...REQUIRED_FIELDS[name]), wrongKind, async (path, value) => {
        const body = JSON.stringify(replaced(validBody(name), path, value));
        expectJsonRefusal(await call(name, { body }), body.slice(0, 200));
      }),
      { numRuns: RUNS },
    );
  });

  it('answers broken text, wrong content types and wrong methods with a 4xx JSON error', async () => {
    const contentType = fc.constantFrom('application/json', 'text/plain', 'application/xml', 'multipart/form-data; boundary=x', null);
    const method = fc.constantFrom('POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'GET');
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200, unit: 'binary' }), contentType, method, async (body, type, verb) => {
        expectJsonRefusal(await call(name, { method: verb, contentType: type, body }), `${verb} ${type} ${body.slice(0, 80)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers huge bodies (over the function limit, over the gateway limit) with 413 JSON', async () => {
    for (const size of [100 * 1024, 2 * 1024 * 1024]) {
      const body = JSON.stringify({ ...validBody(name), padding: 'x'.repeat(size) });
      const answer = await call(name, { body });
      expectJsonRefusal(answer, `${size} bytes`);
      expect(answer.status).toBe(413);
    }
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expectJsonRefusal(await call(name, { body: deep }), 'deeply nested JSON');
  });
});

// delivery-availability has no required field ({} asks for the default range), so arbitrary JSON may be a valid question.
describe('delivery-availability under hostile input', () => {
  const name = 'delivery-availability';
  const expectAnswerOrRefusal = (answer: { status: number; type: string; text: string }, what: string) => {
    if (answer.status !== 200) return expectJsonRefusal(answer, what);
    expect(answer.type, what).toContain('application/json');
    expect(Array.isArray((JSON.parse(answer.text) as { days: unknown }).days), what).toBe(true);
  };

  it('answers arbitrary JSON (hostile keys included) with the default range or a 4xx JSON error, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson, async (value) => {
        const body = JSON.stringify(value).replace(/"\\u005f_proto__"/g, '"__proto__"');
        expectAnswerOrRefusal(await call(name, { body }), body.slice(0, 200));
      }),
      { numRuns: RUNS },
    );
  });

  it('answers a date of the wrong kind with a 4xx JSON error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('from', 'to'), wrongKind, async (field, value) => {
        const body = JSON.stringify({ from: '2026-12-01', to: '2026-12-07', [field]: value });
        expectJsonRefusal(await call(name, { body }), body.slice(0, 200));
      }),
      { numRuns: RUNS },
    );
  });

  it('answers broken text, wrong content types and wrong methods with a 4xx JSON error, and huge bodies with 413', async () => {
    const contentType = fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', null);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200, unit: 'binary' }), contentType, async (body, type) => {
        expectJsonRefusal(await call(name, { contentType: type, body }), `${type} ${body.slice(0, 80)}`);
      }),
      { numRuns: RUNS },
    );
    for (const verb of ['PUT', 'PATCH', 'DELETE', 'GET']) expectJsonRefusal(await call(name, { method: verb, body: '{}' }), verb);
    const huge = await call(name, { body: JSON.stringify({ padding: 'x'.repeat(100 * 1024) }) });
    expectJsonRefusal(huge, 'huge');
    expect(huge.status).toBe(413);
  });
});

describe('payment-simulator under hostile input (HTML answers)', () => {
  const field = fc.oneof(
    fc.constantFrom('pos_id', 'session_id', 'order_id', 'amount', 'pow_url', 'pow_url_blad', 'sig', 'action', ...HOSTILE_KEYS),
    fc.string({ maxLength: 10 }),
  );
  const params = fc.dictionary(field, fc.string({ maxLength: 40, unit: 'binary' }), { maxKeys: 10 });

  function expectHtmlRefusal(answer: { status: number; type: string; text: string }, what: string): void {
    const context = `${what} → ${answer.status} ${answer.text.slice(0, 200)}`;
    expect(answer.status, context).toBeGreaterThanOrEqual(400);
    expect(answer.status, context).toBeLessThan(500);
    expect(answer.text, context).not.toMatch(STACK_TRACE);
  }

  it('refuses arbitrary query strings on GET', async () => {
    await fc.assert(
      fc.asyncProperty(params, async (record) => {
        const query = `?${new URLSearchParams(record).toString()}`;
        expectHtmlRefusal(await call('payment-simulator', { method: 'GET', query }), query);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses arbitrary forms, JSON and text on POST', async () => {
    const body = fc.oneof(
      params.map((record) => ({ type: 'application/x-www-form-urlencoded', text: new URLSearchParams(record).toString() })),
      hostileJson.map((value) => ({ type: 'application/json', text: JSON.stringify(value) })),
      fc.string({ maxLength: 200, unit: 'binary' }).map((text) => ({ type: 'text/plain', text })),
    );
    await fc.assert(
      fc.asyncProperty(body, async ({ type, text }) => {
        expectHtmlRefusal(await call('payment-simulator', { contentType: type, body: text }), `${type} ${text.slice(0, 80)}`);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('auth endpoints under hostile input', () => {
  it.each(['/token?grant_type=password', '/token?grant_type=refresh_token', '/signup'])(
    'POST %s answers arbitrary JSON and text with a 4xx JSON error',
    async (path) => {
      const { url, anonKey } = testBackend();
      const body = fc.oneof(
        hostileJson.map((value) => JSON.stringify(value)),
        fc.string({ maxLength: 200, unit: 'binary' }),
      );
      await fc.assert(
        fc.asyncProperty(body, async (text) => {
          const response = await fetch(`${url}/auth/v1${path}`, {
            method: 'POST',
            headers: { apikey: anonKey, 'Content-Type': 'application/json' },
            body: text,
          });
          const answer = await response.text();
          const context = `${text.slice(0, 120)} → ${response.status} ${answer.slice(0, 200)}`;
          expect(response.status, context).toBeGreaterThanOrEqual(400);
          expect(response.status, context).toBeLessThan(500);
          expect(answer, context).not.toMatch(STACK_TRACE);
          expect(JSON.parse(answer), context).toHaveProperty('msg');
        }),
        { numRuns: RUNS },
      );
    },
  );
});
