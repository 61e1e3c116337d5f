import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCalculateDeliveryHandler } from '../../functions/calculate-delivery/handler.ts';
import type { CalculateDeliveryDeps } from '../../functions/calculate-delivery/handler.ts';
import { GOOGLE_TIMEOUT_MS } from '../../functions/calculate-delivery/service.ts';
import { GUEST_HEADERS, fakeAuthenticate } from './caller-fixtures.ts';

const OUTSIDE_MESSAGE =
  'Kwiaty żywe i dostawę do domu lub na cmentarz realizujemy tylko na terenie powiatu przemyskiego i gminy Bircza. Wybierz odbiór osobisty w kwiaciarni lub wysyłkę kurierem (bez kwiatów żywych).';

const SEEDED_SETTINGS: Record<string, string> = {
  delivery_rate_per_km: '1.80',
  shop_origin_lat: '49.6919',
  shop_origin_lng: '22.4797',
  google_maps_api_key: '',
};

function fakeDeps(settings: Record<string, string> = {}, fetchImpl?: typeof fetch) {
  const fetchCalls: string[] = [];
  const deps: CalculateDeliveryDeps = {
    authenticate: fakeAuthenticate(),
    loadSetting: async (key) => ({ ...SEEDED_SETTINGS, ...settings })[key] ?? null,
    fetch: async (input, init) => {
      fetchCalls.push(String(input));
      if (!fetchImpl) throw new Error('no network in unit tests');
      return fetchImpl(input, init);
    },
  };
  return { deps, fetchCalls };
}

function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request('http://functions.test/calculate-delivery', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...GUEST_HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function call(body: unknown, deps = fakeDeps().deps) {
  const response = await createCalculateDeliveryHandler(deps)(post(body));
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
}

function matrixAnswer(meters: number, seconds: number): Response {
  return Response.json({
    status: 'OK',
    rows: [{ elements: [{ status: 'OK', distance: { value: meters, text: '' }, duration: { value: seconds, text: '' } }] }],
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('calculate-delivery estimate (no Google key)', () => {
  it('quotes a village of the county from the string form: 2 × distance × rate', async () => {
    const answer = await call({ destination_address: 'ul. Zamkowa 1, 37-741 Krasiczyn' });
    expect(answer.status).toBe(200);
    // Bircza (49.6919, 22.4797) → Krasiczyn (49.7710, 22.6530): 15.25 km straight × 1.3 = 19.8 km
    expect(answer.body).toEqual({
      distance: 19.8,
      cost: 71.28,
      formattedDistance: '19,8 km',
      formattedDuration: 'ok. 24 min',
      estimated: true,
      locality: 'Krasiczyn',
    });
  });

  it('prefers the structured address over the string', async () => {
    const answer = await call({
      destination_address: 'ul. Zamkowa 1, 37-741 Krasiczyn',
      address: { street: 'Rynek', houseNumber: '1', apartment: '', city: 'PRZEMYSL', postalCode: '37-700' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.locality).toBe('Przemyśl');
  });

  it('quotes a cemetery by its locality and postal code: it may have no street or house number', async () => {
    const answer = await call({
      address: { cemetery: 'Cmentarz parafialny', street: '', houseNumber: '', apartment: '', city: 'Krasiczyn', postalCode: '37-741' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ cost: 71.28, locality: 'Krasiczyn' });
    const withoutLocality = await call({
      address: { cemetery: 'Cmentarz parafialny', street: 'Zamkowa', houseNumber: '', apartment: '', city: '', postalCode: '37-741' },
    });
    expect(withoutLocality).toMatchObject({ status: 400, body: { error: 'address_incomplete' } });
    // Not named as a cemetery, the same address still needs its street and house number.
    const home = await call({ address: { street: '', houseNumber: '', apartment: '', city: 'Krasiczyn', postalCode: '37-741' } });
    expect(home).toMatchObject({ status: 400, body: { error: 'address_incomplete' } });
  });

  it('uses the rate from the settings', async () => {
    const answer = await call({ destination_address: 'Zamkowa 1, 37-741 Krasiczyn' }, fakeDeps({ delivery_rate_per_km: '2,00' }).deps);
    expect(answer.body.cost).toBe(79.2);
  });

  it('falls back to the default rate when the setting is blank', async () => {
    const answer = await call({ destination_address: 'Zamkowa 1, 37-741 Krasiczyn' }, fakeDeps({ delivery_rate_per_km: ' ' }).deps);
    expect(answer.body.cost).toBe(71.28);
  });

  it('never asks the network without a key', async () => {
    const { deps, fetchCalls } = fakeDeps();
    await call({ destination_address: 'Zamkowa 1, 37-741 Krasiczyn' }, deps);
    expect(fetchCalls).toHaveLength(0);
  });
});

describe('calculate-delivery refusals', () => {
  it.each([
    [{}, 'address_required', 'Adres jest wymagany'],
    [{ destination_address: '   ' }, 'address_required', 'Adres jest wymagany'],
    [
      { destination_address: '', address: { street: '', houseNumber: '', city: '', postalCode: '' } },
      'address_required',
      'Adres jest wymagany',
    ],
    [
      { address: { street: 'Rynek', houseNumber: '', city: 'Przemyśl', postalCode: '37-700' } },
      'address_incomplete',
      'Uzupełnij adres dostawy, aby obliczyć koszt',
    ],
    [
      { address: { street: 'Rynek', houseNumber: '1', city: '', postalCode: '37-700' } },
      'address_incomplete',
      'Uzupełnij adres dostawy, aby obliczyć koszt',
    ],
    [
      { address: { street: '', houseNumber: '1', city: 'Przemyśl', postalCode: '37-700' } },
      'address_incomplete',
      'Uzupełnij adres dostawy, aby obliczyć koszt',
    ],
    [
      { address: { street: 'Rynek', houseNumber: '1', city: 'Przemyśl', postalCode: '' } },
      'address_incomplete',
      'Uzupełnij adres dostawy, aby obliczyć koszt',
    ],
    [
      { address: { street: 'Rynek', houseNumber: '1', city: 'Przemyśl', postalCode: '377' } },
      'address_incomplete',
      'Uzupełnij adres dostawy, aby obliczyć koszt',
    ],
    [{ destination_address: 'Mickiewicza 3' }, 'address_incomplete', 'Uzupełnij adres dostawy, aby obliczyć koszt'],
  ])('answers %j with 400 %s', async (body, code, message) => {
    const answer = await call(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: code, message });
  });

  it.each([
    'ul. Piłsudskiego 1, 35-001 Rzeszów',
    'Floriańska 3, 31-019 Kraków',
    'Marszałkowska 1, 00-001 Warszawa',
    'Rynek 1, 38-500 Sanok',
    'Rynek 1, 37-500 Jarosław',
  ])('answers %j with 422 outside_delivery_area', async (address) => {
    const answer = await call({ destination_address: address });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ error: 'outside_delivery_area', message: OUTSIDE_MESSAGE });
  });

  it('answers a local postal code with an unknown city with 422 unknown_locality', async () => {
    const answer = await call({ address: { street: 'Polna', houseNumber: '1', city: 'Nibylandia', postalCode: '37-700' } });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      error: 'unknown_locality',
      message:
        'Nie znaleźliśmy miejscowości „Nibylandia” na naszym terenie dostaw (powiat przemyski i gmina Bircza). Sprawdź nazwę miejscowości.',
    });
  });

  it.each([
    ['not JSON', '{"destination_address":', 400, 'invalid_json'],
    ['an array', [], 400, 'invalid_body'],
    ['a number as the address', { destination_address: 42 }, 400, 'invalid_body'],
    ['a list as the address object', { address: ['Rynek'] }, 400, 'invalid_body'],
    [
      'a number in an address field',
      { address: { street: 'Rynek', houseNumber: 1, city: 'Przemyśl', postalCode: '37-700' } },
      400,
      'invalid_body',
    ],
    ['an overlong address', { destination_address: `Rynek 1, 37-700 Przemyśl ${'x'.repeat(600)}` }, 400, 'invalid_body'],
    ['a huge body', { destination_address: 'x'.repeat(100_000) }, 413, 'payload_too_large'],
  ])('refuses %s with a JSON 4xx', async (_label, body, status, code) => {
    const answer = await call(body);
    expect(answer.status).toBe(status);
    expect(answer.type).toContain('application/json');
    expect(answer.body.error).toBe(code);
  });

  it('refuses a body that is not JSON by content type', async () => {
    const response = await createCalculateDeliveryHandler(fakeDeps().deps)(post('Rynek 1', { 'Content-Type': 'text/plain' }));
    expect(response.status).toBe(415);
  });

  it('answers the CORS preflight and refuses GET', async () => {
    const handler = createCalculateDeliveryHandler(fakeDeps().deps);
    expect((await handler(new Request('http://functions.test/calculate-delivery', { method: 'OPTIONS' }))).status).toBe(200);
    expect((await handler(new Request('http://functions.test/calculate-delivery'))).status).toBe(405);
  });
});

describe('calculate-delivery with a Google Maps key', () => {
  it('leads Google to a cemetery by its name when it has no street', async () => {
    const { deps, fetchCalls } = fakeDeps({ google_maps_api_key: 'test-key' }, async () => matrixAnswer(23_456, 1_740));
    const answer = await call(
      { address: { cemetery: 'Cmentarz parafialny', street: '', houseNumber: '', apartment: '', city: 'Krasiczyn', postalCode: '37-741' } },
      deps,
    );
    expect(answer.status).toBe(200);
    expect(new URL(fetchCalls[0]!).searchParams.get('destinations')).toBe('Cmentarz parafialny, 37-741 Krasiczyn, Polska');
  });

  it('uses the road distance and duration from the Distance Matrix API', async () => {
    const { deps, fetchCalls } = fakeDeps({ google_maps_api_key: 'test-key' }, async () => matrixAnswer(23_456, 1_740));
    const answer = await call(
      { address: { street: 'Zamkowa', houseNumber: '1', apartment: '2', city: 'Krasiczyn', postalCode: '37-741' } },
      deps,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      distance: 23.5,
      cost: 84.6,
      formattedDistance: '23,5 km',
      formattedDuration: 'ok. 29 min',
      estimated: false,
      locality: 'Krasiczyn',
    });
    const url = new URL(fetchCalls[0]!);
    expect(`${url.origin}${url.pathname}`).toBe('https://maps.googleapis.com/maps/api/distancematrix/json');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      origins: '49.6919,22.4797',
      destinations: 'Zamkowa 1/2, 37-741 Krasiczyn, Polska',
      key: 'test-key',
      language: 'pl',
      units: 'metric',
    });
  });

  it('does not ask Google about an address outside the area', async () => {
    const { deps, fetchCalls } = fakeDeps({ google_maps_api_key: 'test-key' }, async () => matrixAnswer(150_000, 7_200));
    const answer = await call({ destination_address: 'Floriańska 3, 31-019 Kraków' }, deps);
    expect(answer.status).toBe(422);
    expect(fetchCalls).toHaveLength(0);
  });

  it('refuses an unknown locality even though Google would answer', async () => {
    const { deps } = fakeDeps({ google_maps_api_key: 'test-key' }, async () => matrixAnswer(10_000, 600));
    const answer = await call({ destination_address: 'Polna 1, 37-700 Nibylandia' }, deps);
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe('unknown_locality');
  });

  it.each([
    ['an HTTP error', async () => new Response('quota', { status: 500 })],
    ['a REQUEST_DENIED status', async () => Response.json({ status: 'REQUEST_DENIED', rows: [] })],
    ['an element NOT_FOUND', async () => Response.json({ status: 'OK', rows: [{ elements: [{ status: 'NOT_FOUND' }] }] })],
    ['a network failure', async () => Promise.reject(new TypeError('fetch failed'))],
  ])('falls back to the estimate on %s', async (_label, fetchImpl: () => Promise<Response>) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { deps } = fakeDeps({ google_maps_api_key: 'test-key' }, fetchImpl);
    const answer = await call({ destination_address: 'Zamkowa 1, 37-741 Krasiczyn' }, deps);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ distance: 19.8, cost: 71.28, estimated: true });
  });

  it('falls back to the estimate when Google does not answer within 5 s', async () => {
    vi.useFakeTimers();
    let aborted = false;
    const { deps } = fakeDeps({ google_maps_api_key: 'test-key' }, (_input, init) => {
      init?.signal?.addEventListener('abort', () => {
        aborted = true;
      });
      return new Promise<Response>(() => undefined);
    });
    // The real caller check hashes keys off the main thread, which fake timers cannot step through.
    deps.authenticate = async () => ({ kind: 'anonymous' });
    const pending = call({ destination_address: 'Zamkowa 1, 37-741 Krasiczyn' }, deps);
    await vi.advanceTimersByTimeAsync(GOOGLE_TIMEOUT_MS + 1);
    const answer = await pending;
    expect(answer.body).toMatchObject({ estimated: true, distance: 19.8 });
    expect(aborted).toBe(true);
  });
});
