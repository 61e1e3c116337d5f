import { normalizeForSearch } from './search.ts';

/**
 * Where the shop's delivery places are, without a geocoder: localities of
 * Przemyśl county (gmina seats and larger villages) and the city, each at its
 * centre, rounded to 0.01° (about 1 km). Every value was checked against the
 * coordinates Wikipedia publishes from the national register of place names
 * (PRNG), or GeoNames where no article gave them; the sources are listed in
 * decision 033. A place without a checked value is left out: its stop goes
 * last and is flagged, rather than being put in a wrong place. Good enough to
 * put stops in a sensible order; not an address lookup.
 */

export interface Coordinates {
  lat: number;
  lon: number;
}

const LOCALITIES: Readonly<Record<string, Coordinates>> = {
  przemysl: { lat: 49.78, lon: 22.77 },
  bircza: { lat: 49.69, lon: 22.48 },
  krasiczyn: { lat: 49.77, lon: 22.67 },
  krasice: { lat: 49.75, lon: 22.62 },
  pralkowce: { lat: 49.77, lon: 22.73 },
  dubiecko: { lat: 49.83, lon: 22.39 },
  'wola krzywiecka': { lat: 49.81, lon: 22.57 },
  fredropol: { lat: 49.7, lon: 22.75 },
  rybotycze: { lat: 49.66, lon: 22.64 },
  zurawica: { lat: 49.82, lon: 22.79 },
  orly: { lat: 49.88, lon: 22.81 },
  medyka: { lat: 49.8, lon: 22.93 },
  stubno: { lat: 49.9, lon: 22.96 },
  pikulice: { lat: 49.75, lon: 22.78 },
  hermanowice: { lat: 49.72, lon: 22.81 },
};

/** The city's own postal codes start 37-700…37-71x only in part; 37-700 is the one every city address may carry. */
const POSTAL_CODES: Readonly<Record<string, string>> = { '37-700': 'przemysl' };

/** The place of an address or a cemetery's locality; null when it is not in the list (the route flags it). */
export function locate(place: { city: string; postalCode?: string }): Coordinates | null {
  const name = normalizeForSearch(place.city).replace(/^(gm\.?|gmina)\s+/, '');
  const byName = LOCALITIES[name];
  if (byName) return byName;
  const byCode = place.postalCode ? POSTAL_CODES[place.postalCode.trim()] : undefined;
  return byCode ? (LOCALITIES[byCode] ?? null) : null;
}

/** The shop's place from its address setting ('ul. Przemyska 12, 37-740 Bircza'): the last locality named in it. */
export function locateAddress(address: string): Coordinates | null {
  const words = address.split(/[\s,]+/).filter(Boolean);
  for (let index = words.length - 1; index >= 0; index -= 1) {
    const found = locate({ city: words.slice(index).join(' ') }) ?? locate({ city: words[index] ?? '' });
    if (found) return found;
  }
  return null;
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(from: Coordinates, to: Coordinates): number {
  const rad = Math.PI / 180;
  const dLat = (to.lat - from.lat) * rad;
  const dLon = (to.lon - from.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * rad) * Math.cos(to.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
