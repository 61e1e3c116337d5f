import { HttpResponse, http } from 'msw';
import type { DeliveryAvailabilityResponse } from '../src/domain/delivery-availability-contract.ts';
import { bookingRange, deliveryAvailability } from '../src/domain/delivery-calendar.ts';
import { DEFAULT_DELIVERY_SETTINGS, DELIVERY_SERVICE_IDS, DELIVERY_SERVICE_LABELS } from '../src/domain/delivery-settings.ts';
import { toPln } from '../src/domain/money.ts';
import { warsawDate } from '../src/domain/calendar/warsaw-clock.ts';
import { mockCustomer, sampleProducts, samplePublicSettings, type ProductRow } from './fixtures.ts';

const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';

/** The subset of PostgREST filters the app uses on products: `col=eq.value` and `id=in.(a,b)`. */
function applyEqFilters(rows: ProductRow[], params: URLSearchParams): ProductRow[] {
  const filterable = ['id', 'category', 'is_featured'] as const;
  const ids = params.get('id')?.match(/^in\.\((.*)\)$/)?.[1];
  const listed = ids === undefined ? rows : rows.filter((row) => ids.split(',').includes(row.id));
  return filterable.reduce((result, column) => {
    const filter = params.get(column);
    if (!filter?.startsWith('eq.')) return result;
    const wanted = filter.slice(3);
    return result.filter((row) => String(row[column]) === wanted);
  }, listed);
}

function applyOrder(rows: ProductRow[], order: string | null): ProductRow[] {
  // Newest first unless the caller asks for created_at ascending.
  const ascending = order?.startsWith('created_at.asc') ?? false;
  return [...rows].sort((a, b) => (ascending ? 1 : -1) * a.created_at.localeCompare(b.created_at));
}

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Shaped like a GoTrue access token so auth-js can decode it; the signature is not checked by anything in tests. */
function fakeAccessToken(userId: string, email: string, expiresAt: number): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({ sub: userId, email, role: 'authenticated', aud: 'authenticated', exp: expiresAt, app_metadata: {} }),
  );
  return `${header}.${payload}.mock-signature`;
}

/** The key the mocked place-order gives the device; the mocked payment functions want it back. */
export const MOCK_ACCESS_KEY = 'mock-device-access-key-0000000000000000000';

async function hasOrderAccess(request: Request): Promise<boolean> {
  const body = (await request.json().catch(() => null)) as { accessKey?: unknown } | null;
  return body?.accessKey === MOCK_ACCESS_KEY;
}

export const handlers = [
  http.get('*/rest/v1/products', ({ request }) => {
    const params = new URL(request.url).searchParams;
    let rows = applyOrder(applyEqFilters(sampleProducts, params), params.get('order'));
    const limit = Number(params.get('limit'));
    if (Number.isInteger(limit) && limit > 0) rows = rows.slice(0, limit);

    if (request.headers.get('accept')?.includes(SINGLE_OBJECT)) {
      const [row] = rows;
      if (rows.length !== 1 || !row) {
        return HttpResponse.json(
          {
            code: 'PGRST116',
            details: `The result contains ${rows.length} rows`,
            hint: null,
            message: 'JSON object requested, multiple (or no) rows returned',
          },
          { status: 406 },
        );
      }
      return HttpResponse.json(row);
    }
    return HttpResponse.json(rows);
  }),

  http.get('*/rest/v1/public_settings', () => HttpResponse.json(samplePublicSettings)),
  // The shop's Warsaw date on the server's clock (the home page's seasonal prompt, when the browser draws the page).
  http.get('*/rest/v1/rpc/shop_today', () => HttpResponse.json(warsawDate(Date.now()))),

  // The contact form's function: accepts any JSON object (the real handler is unit-tested).
  http.post('*/functions/v1/send-contact-email', async ({ request }) => {
    const body: unknown = await request.json().catch(() => null);
    if (typeof body !== 'object' || body === null) {
      return HttpResponse.json({ error: 'invalid_json', message: 'Nieprawidłowe dane.' }, { status: 400 });
    }
    return HttpResponse.json({ ok: true });
  }),

  http.post('*/auth/v1/token', async ({ request }) => {
    const grantType = new URL(request.url).searchParams.get('grant_type');
    const body: unknown = await request.json().catch(() => null);
    const credentials = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};

    if (grantType === 'password' && credentials.email === mockCustomer.email && credentials.password === mockCustomer.password) {
      const expiresIn = 3600;
      const expiresAt = Math.floor(Date.now() / 1000) + expiresIn;
      return HttpResponse.json({
        access_token: fakeAccessToken(mockCustomer.id, mockCustomer.email, expiresAt),
        token_type: 'bearer',
        expires_in: expiresIn,
        expires_at: expiresAt,
        refresh_token: 'mock-refresh-token',
        user: {
          id: mockCustomer.id,
          aud: 'authenticated',
          role: 'authenticated',
          email: mockCustomer.email,
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: {},
          created_at: '2026-11-01T00:00:00.000Z',
        },
      });
    }

    // GoTrue stamps its API version; auth-js reads `code` only when it sees it.
    return HttpResponse.json(
      { code: 'invalid_credentials', msg: 'Invalid login credentials' },
      { status: 400, headers: { 'x-supabase-api-version': '2024-01-01' } },
    );
  }),
  // Auth: sign-up answers like a local GoTrue without email confirmation.
  http.post('*/auth/v1/signup', async ({ request }) => {
    const body: unknown = await request.json().catch(() => null);
    const credentials = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const email = typeof credentials.email === 'string' ? credentials.email : '';
    const password = typeof credentials.password === 'string' ? credentials.password : '';
    const versioned = { 'x-supabase-api-version': '2024-01-01' };
    if (email === mockCustomer.email) {
      return HttpResponse.json({ code: 'user_already_exists', msg: 'User already registered' }, { status: 422, headers: versioned });
    }
    if (password.length < 6) {
      return HttpResponse.json(
        { code: 'weak_password', msg: 'Password should be at least 6 characters.', weak_password: { reasons: ['length'] } },
        { status: 422, headers: versioned },
      );
    }
    const id = crypto.randomUUID();
    const expiresIn = 3600;
    const expiresAt = Math.floor(Date.now() / 1000) + expiresIn;
    const user = {
      id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      identities: [{ id, user_id: id, provider: 'email', identity_data: { email } }],
      created_at: new Date().toISOString(),
    };
    return HttpResponse.json({
      access_token: fakeAccessToken(id, email, expiresAt),
      token_type: 'bearer',
      expires_in: expiresIn,
      expires_at: expiresAt,
      refresh_token: 'mock-refresh-token',
      user,
    });
  }),

  http.post('*/auth/v1/logout', () => new HttpResponse(null, { status: 204 })),

  // Nobody is the shop owner in the mocks; a test overrides this to see the admin menu.
  http.post('*/rest/v1/rpc/is_admin', () => HttpResponse.json(false)),

  // The signed-in customer has no orders until a test says otherwise.
  http.get('*/rest/v1/orders', () => HttpResponse.json([])),

  // Checkout functions: a placed order, a quote for Krasiczyn, a gateway address.
  http.post('*/functions/v1/place-order', async ({ request }) => {
    const body = (await request.json()) as { clientRequestId?: string };
    return HttpResponse.json(
      {
        order: {
          id: '5e0c7a1d-2b3c-4d5e-8f90-a1b2c3d4e5f6',
          orderNumber: 'KT123456789',
          status: 'pending',
          subtotal: 100,
          shippingCost: 0,
          total: 100,
          createdAt: '2026-11-21T10:00:00.000Z',
          clientRequestId: body.clientRequestId ?? '',
          accessKey: MOCK_ACCESS_KEY,
        },
        replayed: false,
      },
      { status: 201 },
    );
  }),
  // The shop's calendar by the default 'Dostawy' settings, nothing booked, at the moment the test runs.
  http.post('*/functions/v1/delivery-availability', () => {
    const now = Date.now();
    const settings = DEFAULT_DELIVERY_SETTINGS;
    const answer: DeliveryAvailabilityResponse = {
      generatedAt: new Date(now).toISOString(),
      today: warsawDate(now),
      days: deliveryAvailability({ settings, now, ...bookingRange(settings, now), booked: [] }),
      services: DELIVERY_SERVICE_IDS.map((id) => ({ id, label: DELIVERY_SERVICE_LABELS[id], price: toPln(settings.servicePrices[id]) })),
    };
    return HttpResponse.json(answer);
  }),
  // No app settings rows saved: every reader falls back to its defaults.
  http.get('*/rest/v1/app_settings', () => HttpResponse.json([])),
  http.post('*/functions/v1/calculate-delivery', () =>
    HttpResponse.json({
      distance: 19.8,
      cost: 71.28,
      formattedDistance: '19,8 km',
      formattedDuration: 'ok. 24 min',
      estimated: true,
      locality: 'Krasiczyn',
    }),
  ),
  // Like the real functions, a payment starts only for the device that placed the order (its access key).
  http.post('*/functions/v1/create-payu-classic-payment', async ({ request }) =>
    (await hasOrderAccess(request))
      ? HttpResponse.json({
          success: true,
          redirectUrl: `http://gateway.test/paygw/UTF/NewPayment?pos_id=1&session_id=KT123456789-1&amount=10000&desc=Zam&sig=${'a'.repeat(32)}`,
        })
      : HttpResponse.json({ success: false, error: 'Nie możesz opłacić tego zamówienia.' }, { status: 403 }),
  ),
  http.post('*/functions/v1/create-payment', async ({ request }) =>
    (await hasOrderAccess(request))
      ? HttpResponse.json({ url: 'http://gateway.test/checkout' })
      : HttpResponse.json({ error: 'Access denied', details: 'Nie możesz opłacić tego zamówienia.' }, { status: 403 }),
  ),
];
