import { describe, expect, it } from 'vitest';
import { HttpError } from '../../functions/_shared/http.ts';
import {
  createPlaceOrderHandler,
  type CatalogProduct,
  type OrderWrite,
  type OrderWriteResult,
  type PlaceOrderDeps,
} from '../../functions/place-order/handler.ts';
import { LIVE_FLOWERS_COURIER_MESSAGE } from '../../src/domain/delivery.ts';
import { fromPln } from '../../src/domain/money.ts';
import { GUEST_HEADERS, fakeAuthenticate } from './caller-fixtures.ts';

// An artificial rose, so courier tests are not caught by the live-flowers rule.
const ROSE: CatalogProduct = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Róża',
  price: 9.5,
  active: true,
  category: 'artificial-flowers',
};
const CANDLE: CatalogProduct = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Znicz',
  price: 24.99,
  active: true,
  category: 'candles',
};
const TULIPS: CatalogProduct = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Tulipany',
  price: 99,
  active: true,
  category: 'live-flowers',
};

function fakeDeps(overrides: Partial<PlaceOrderDeps> = {}) {
  const writes: OrderWrite[] = [];
  const deps: PlaceOrderDeps = {
    authenticate: fakeAuthenticate({ 'user-token': 'user-42' }),
    loadProducts: async (ids) => [ROSE, CANDLE, TULIPS].filter((product) => ids.includes(product.id)),
    loadSetting: async () => '300',
    writeOrder: async (order): Promise<OrderWriteResult> => {
      writes.push(order);
      return {
        kind: 'ok',
        replayed: false,
        order: {
          id: 'order-1',
          client_request_id: order.clientRequestId,
          payu_order_id: order.orderNumber,
          status: 'pending',
          subtotal: order.subtotal,
          shipping_cost: order.shippingCost,
          total: order.subtotal + order.shippingCost,
          created_at: '2026-11-21T10:00:00Z',
        },
      };
    },
    now: () => 1_763_700_123_456,
    random: () => 0.042,
    ...overrides,
  };
  return { deps, writes };
}

const checkout = {
  firstName: 'Anna',
  lastName: 'Nowak',
  email: ' Anna.Nowak@Example.PL ',
  phone: '+48 600 100 200',
  street: 'Mickiewicza',
  houseNumber: '3',
  city: 'Przemyśl',
  postalCode: '37-700',
  deliveryMethod: 'inpost',
  paymentMethod: 'blik',
};

function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request('http://functions.test/place-order', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...GUEST_HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const validBody = {
  clientRequestId: '7d3c1a52-5f2e-4c1e-9a55-1b2c3d4e5f60',
  checkout,
  items: [
    { productId: ROSE.id, quantity: 3 },
    { productId: CANDLE.id, quantity: 1 },
  ],
};

describe('place-order handler', () => {
  it.each([
    ['1 000', 12.99],
    ['1\u00a0000,00', 12.99],
    ['300', 0],
    ['nonsense', 0],
  ])('reads a free-shipping threshold of %j the Polish way: a 400 zł courier order pays %s zł', async (threshold, shipping) => {
    const { deps, writes } = fakeDeps({ loadSetting: async () => threshold });
    const response = await createPlaceOrderHandler(deps)(post({ ...validBody, items: [{ productId: CANDLE.id, quantity: 17 }] }));
    expect(response.status).toBe(201);
    expect(fromPln(writes[0]!.subtotal)).toBe(fromPln(17 * 24.99));
    expect(writes[0]!.shippingCost).toBe(shipping);
  });

  it('answers a stock refusal with 409, the Polish message and the refused line by product id', async () => {
    const { deps } = fakeDeps({
      writeOrder: async () => ({ kind: 'insufficient_stock', shortages: [{ productId: CANDLE.id, name: 'Znicz serce', available: 2 }] }),
    });
    const response = await createPlaceOrderHandler(deps)(post(validBody));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'insufficient_stock',
      message: 'Dostępne są tylko 2 szt. produktu „Znicz serce”. Zmień ilość w koszyku i spróbuj ponownie.',
      fields: { [CANDLE.id]: 'Dostępne są tylko 2 szt. produktu „Znicz serce”' },
    });
  });

  it('prices the order from the catalog and adds courier shipping below the threshold', async () => {
    const { deps, writes } = fakeDeps();
    const response = await createPlaceOrderHandler(deps)(post(validBody));
    expect(response.status).toBe(201);
    expect(writes).toHaveLength(1);
    const write = writes[0]!;
    expect(fromPln(write.subtotal)).toBe(fromPln(3 * 9.5 + 24.99));
    expect(write.shippingCost).toBe(12.99);
    expect(write.orderNumber).toBe('KT123456042');
    expect(write.customerEmail).toBe('anna.nowak@example.pl');
    expect(write.customerName).toBe('Anna Nowak');
    expect(write.deliveryAddress).toMatchObject({ street: 'Mickiewicza', city: 'Przemyśl', postalCode: '37-700' });
    expect(write.items).toEqual([
      { product_id: ROSE.id, quantity: 3, price: 9.5 },
      { product_id: CANDLE.id, quantity: 1, price: 24.99 },
    ]);
  });

  it('uses the user id from the token, never from the body', async () => {
    const { deps, writes } = fakeDeps();
    await createPlaceOrderHandler(deps)(post({ ...validBody, userId: 'someone-else' }, { Authorization: 'Bearer user-token' }));
    expect(writes[0]!.userId).toBe('user-42');
  });

  it('answers 401 when the token does not verify', async () => {
    const { deps, writes } = fakeDeps();
    const response = await createPlaceOrderHandler(deps)(post(validBody, { Authorization: 'Bearer expired' }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: 'invalid_session',
      message: 'Twoja sesja wygasła. Zaloguj się ponownie i złóż zamówienie.',
    });
    expect(writes).toHaveLength(0);
  });

  it('draws a new order number when the first one is taken', async () => {
    let calls = 0;
    const base = fakeDeps();
    const { deps } = fakeDeps({
      writeOrder: async (order) => {
        calls += 1;
        return calls === 1 ? { kind: 'order_number_taken' } : base.deps.writeOrder(order);
      },
    });
    const response = await createPlaceOrderHandler(deps)(post(validBody));
    expect(response.status).toBe(201);
    expect(calls).toBe(2);
  });

  it('answers a replay with 200 and the first order', async () => {
    const base = fakeDeps();
    const { deps } = fakeDeps({
      writeOrder: async (order) => {
        const result = await base.deps.writeOrder(order);
        return result.kind === 'ok' ? { ...result, replayed: true } : result;
      },
    });
    const response = await createPlaceOrderHandler(deps)(post(validBody));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ replayed: true, order: { id: 'order-1' } });
  });

  it.each([
    ['not JSON', '{"clientRequestId":', 400, 'invalid_json'],
    ['an array', [], 400, 'invalid_body'],
    ['an empty object', {}, 400, 'validation_failed'],
    ['a negative quantity', { ...validBody, items: [{ productId: ROSE.id, quantity: -1 }] }, 400, 'validation_failed'],
    ['a fractional quantity', { ...validBody, items: [{ productId: ROSE.id, quantity: 1.5 }] }, 400, 'validation_failed'],
    [
      'the same product twice',
      {
        ...validBody,
        items: [
          { productId: ROSE.id, quantity: 1 },
          { productId: ROSE.id, quantity: 2 },
        ],
      },
      400,
      'validation_failed',
    ],
    ['a key that is not a uuid', { ...validBody, clientRequestId: '1; drop table orders' }, 400, 'validation_failed'],
    [
      'an unknown product',
      { ...validBody, items: [{ productId: '00000000-0000-4000-8000-00000000ffff', quantity: 1 }] },
      422,
      'product_unavailable',
    ],
  ])('refuses %s with a JSON error and writes nothing', async (_label, body, status, code) => {
    const { deps, writes } = fakeDeps();
    const response = await createPlaceOrderHandler(deps)(post(body));
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(((await response.json()) as { error: string }).error).toBe(code);
    expect(writes).toHaveLength(0);
  });

  it('refuses local delivery while no quote service is configured', async () => {
    const { deps, writes } = fakeDeps();
    const response = await createPlaceOrderHandler(deps)(post({ ...validBody, checkout: { ...checkout, deliveryMethod: 'home' } }));
    expect(response.status).toBe(422);
    expect(writes).toHaveLength(0);
  });

  it('charges local delivery as quoted by the server for the checkout address', async () => {
    const quoted: string[] = [];
    const { deps, writes } = fakeDeps({
      quoteLocalDelivery: async (form) => {
        quoted.push(`${form.street} ${form.houseNumber}, ${form.postalCode} ${form.city}`);
        return fromPln(71.28);
      },
    });
    const response = await createPlaceOrderHandler(deps)(
      post({ ...validBody, checkout: { ...checkout, deliveryMethod: 'home', city: 'Krasiczyn', postalCode: '37-741' }, shippingCost: 0 }),
    );
    expect(response.status).toBe(201);
    expect(quoted).toEqual(['Mickiewicza 3, 37-741 Krasiczyn']);
    expect(writes[0]!.shippingCost).toBe(71.28);
  });

  it('passes on a refusal of the delivery area and writes nothing', async () => {
    const { deps, writes } = fakeDeps({
      quoteLocalDelivery: async () => {
        throw new HttpError(422, 'outside_delivery_area', 'Poza terenem');
      },
    });
    const response = await createPlaceOrderHandler(deps)(
      post({ ...validBody, checkout: { ...checkout, deliveryMethod: 'cemetery', city: 'Kraków', postalCode: '31-019' } }),
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: 'outside_delivery_area', message: 'Poza terenem' });
    expect(writes).toHaveLength(0);
  });

  it.each(['inpost', 'dpd', 'gls-cod', 'poczta'])(
    'refuses live flowers sent by courier (%s) and writes nothing',
    async (deliveryMethod) => {
      const { deps, writes } = fakeDeps();
      const response = await createPlaceOrderHandler(deps)(
        post({
          ...validBody,
          checkout: { ...checkout, deliveryMethod },
          items: [
            { productId: CANDLE.id, quantity: 1 },
            { productId: TULIPS.id, quantity: 1 },
          ],
        }),
      );
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ error: 'live_flowers_local_only', message: LIVE_FLOWERS_COURIER_MESSAGE });
      expect(writes).toHaveLength(0);
    },
  );

  it.each(['store', 'home', 'cemetery'])('accepts live flowers with %s delivery', async (deliveryMethod) => {
    const { deps, writes } = fakeDeps({ quoteLocalDelivery: async () => fromPln(20) });
    const response = await createPlaceOrderHandler(deps)(
      post({ ...validBody, checkout: { ...checkout, deliveryMethod }, items: [{ productId: TULIPS.id, quantity: 1 }] }),
    );
    expect(response.status).toBe(201);
    expect(writes).toHaveLength(1);
  });

  it('hides an unexpected failure behind a JSON 500 without a stack trace', async () => {
    const { deps } = fakeDeps({
      loadProducts: async () => {
        throw new Error('connection refused at /srv/secret/path.ts:12');
      },
    });
    const original = console.error;
    console.error = () => undefined;
    const response = await createPlaceOrderHandler(deps)(post(validBody));
    console.error = original;
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toMatchObject({ error: 'internal_error' });
  });

  it('answers the CORS preflight and refuses other methods', async () => {
    const handler = createPlaceOrderHandler(fakeDeps().deps);
    const preflight = await handler(new Request('http://functions.test/place-order', { method: 'OPTIONS' }));
    const get = await handler(new Request('http://functions.test/place-order'));
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(get.status).toBe(405);
  });
});
