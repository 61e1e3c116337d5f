/**
 * The delivery quote with its I/O injected: settings from app_settings and,
 * when a Google Maps key is set, the Distance Matrix API. Shared by the
 * calculate-delivery function and by place-order, so the server prices
 * local delivery the same way the checkout was shown.
 */
import { HttpError } from '../_shared/http.ts';
import type { Locality } from './localities.ts';
import {
  ADDRESS_INCOMPLETE,
  OUTSIDE_DELIVERY_AREA,
  UNKNOWN_LOCALITY_ERROR,
  addressLine,
  buildQuote,
  decideArea,
  estimateDurationSeconds,
  estimateRoadKm,
  parseOrigin,
  parseRate,
  unknownLocalityMessage,
  type Coordinates,
  type ParsedAddress,
  type Quote,
} from './quote.ts';

export interface QuoteDeps {
  loadSetting(key: string): Promise<string | null>;
  fetch: typeof fetch;
}

export const DISTANCE_MATRIX_URL = 'https://maps.googleapis.com/maps/api/distancematrix/json';
export const GOOGLE_TIMEOUT_MS = 5000;

interface RoadRoute {
  distanceKm: number;
  durationSeconds: number;
}

/** The in-area locality of the address, or the 4xx the caller should answer. */
export function requireLocalArea(parsed: ParsedAddress): Locality {
  const decision = decideArea(parsed);
  switch (decision.kind) {
    case 'local':
      return decision.locality;
    case 'incomplete':
      throw new HttpError(400, ADDRESS_INCOMPLETE.error, ADDRESS_INCOMPLETE.message);
    case 'outside':
      throw new HttpError(422, OUTSIDE_DELIVERY_AREA.error, OUTSIDE_DELIVERY_AREA.message);
    case 'unknown':
      throw new HttpError(422, UNKNOWN_LOCALITY_ERROR, unknownLocalityMessage(decision.city));
  }
}

interface MatrixAnswer {
  status?: unknown;
  rows?: { elements?: { status?: unknown; distance?: { value?: unknown }; duration?: { value?: unknown } }[] }[];
}

/** Road distance from Google, or null on any failure (the caller then estimates). */
export async function googleRoute(
  fetchImpl: typeof fetch,
  apiKey: string,
  origin: Coordinates,
  destination: string,
): Promise<RoadRoute | null> {
  const url = new URL(DISTANCE_MATRIX_URL);
  url.searchParams.set('origins', `${origin.lat},${origin.lng}`);
  url.searchParams.set('destinations', destination);
  url.searchParams.set('key', apiKey);
  url.searchParams.set('language', 'pl');
  url.searchParams.set('units', 'metric');
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Races the timer too, in case the fetch ignores the abort signal.
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, GOOGLE_TIMEOUT_MS);
  });
  const request = (async (): Promise<RoadRoute | null> => {
    const response = await fetchImpl(url.toString(), { signal: controller.signal });
    if (!response.ok) return null;
    const body = (await response.json()) as MatrixAnswer;
    const element = body.rows?.[0]?.elements?.[0];
    const meters = element?.distance?.value;
    const seconds = element?.duration?.value;
    if (body.status !== 'OK' || element?.status !== 'OK' || typeof meters !== 'number' || typeof seconds !== 'number') return null;
    if (!Number.isFinite(meters) || meters < 0 || !Number.isFinite(seconds) || seconds < 0) return null;
    return { distanceKm: meters / 1000, durationSeconds: seconds };
  })().catch((error: unknown) => {
    console.error('[calculate-delivery] Distance Matrix failed, using the estimate', error);
    return null;
  });
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Quotes home/cemetery delivery to the address: the area is decided from the
 * locality table and postal code first (Google is never asked about an
 * address we would refuse); then Google's road distance if a key is set,
 * else the estimate from the table's coordinates.
 */
export async function quoteDelivery(parsed: ParsedAddress, deps: QuoteDeps): Promise<Quote> {
  const locality = requireLocalArea(parsed);
  const [rateText, latText, lngText, apiKey] = await Promise.all([
    deps.loadSetting('delivery_rate_per_km'),
    deps.loadSetting('shop_origin_lat'),
    deps.loadSetting('shop_origin_lng'),
    deps.loadSetting('google_maps_api_key'),
  ]);
  const rate = parseRate(rateText);
  const origin = parseOrigin(latText, lngText);

  const key = apiKey?.trim() ?? '';
  if (key !== '') {
    const route = await googleRoute(deps.fetch, key, origin, addressLine(parsed));
    if (route) return buildQuote(route.distanceKm, route.durationSeconds, rate, locality, false);
  }
  const distance = estimateRoadKm(origin, locality);
  return buildQuote(distance, estimateDurationSeconds(distance), rate, locality, true);
}
