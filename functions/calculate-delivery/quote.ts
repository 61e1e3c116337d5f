/**
 * Pure rules of the local delivery quote (no I/O): reading the address,
 * deciding whether it lies in the shop's own delivery area, the distance
 * estimate and its Polish formatting.
 */
import { DEFAULT_DELIVERY_RATE_PER_KM, MIN_LOCAL_DELIVERY_KM, localDeliveryCost } from '../../src/domain/delivery.ts';
import { ADDRESS_INCOMPLETE_MESSAGE, ADDRESS_REQUIRED_MESSAGE } from '../../src/domain/delivery-address.ts';
import { fromPln, parseAmountText, parseDecimalText, type Grosz } from '../../src/domain/money.ts';
import { LOCALITIES, type Locality } from './localities.ts';

export const ADDRESS_REQUIRED = { error: 'address_required', message: ADDRESS_REQUIRED_MESSAGE } as const;
export const ADDRESS_INCOMPLETE = { error: 'address_incomplete', message: ADDRESS_INCOMPLETE_MESSAGE } as const;
export const OUTSIDE_DELIVERY_AREA = {
  error: 'outside_delivery_area',
  message:
    'Kwiaty żywe i dostawę do domu lub na cmentarz realizujemy tylko na terenie powiatu przemyskiego i gminy Bircza. Wybierz odbiór osobisty w kwiaciarni lub wysyłkę kurierem (bez kwiatów żywych).',
} as const;
export const UNKNOWN_LOCALITY_ERROR = 'unknown_locality';

export function unknownLocalityMessage(city: string): string {
  return `Nie znaleźliśmy miejscowości „${city}” na naszym terenie dostaw (powiat przemyski i gmina Bircza). Sprawdź nazwę miejscowości.`;
}

/** Every postal code of powiat przemyski starts with 37-7. */
const LOCAL_POSTAL_PREFIX = '37-7';

/** Straight-line distance to road distance: the roads of the Pogórze wind. */
export const ROAD_FACTOR = 1.3;
export const AVERAGE_SPEED_KMH = 50;
/** The floor of a quoted distance; shared with the cart's 'od …' price. */
export const MIN_DISTANCE_KM = MIN_LOCAL_DELIVERY_KM;

/** The shop in Bircza, used when the origin settings are missing or invalid. */
export const DEFAULT_ORIGIN: Coordinates = { lat: 49.6919, lng: 22.4797 };

export interface Coordinates {
  lat: number;
  lng: number;
}

export interface DeliveryAddress {
  street: string;
  houseNumber: string;
  apartment: string;
  city: string;
  postalCode: string;
  /** A cemetery's name, present only for a cemetery, which may have no street or house number. */
  cemetery?: string;
}

/** What the address string or object told us; any part may be empty. */
export interface ParsedAddress {
  streetLine: string;
  city: string;
  postalCode: string;
}

export type AreaDecision =
  { kind: 'local'; locality: Locality } | { kind: 'incomplete' } | { kind: 'outside' } | { kind: 'unknown'; city: string };

/** Lower case, no Polish diacritics, single spaces, hyphens as spaces: 'ŻURAWICA ' → 'zurawica'. */
export function normalizeName(value: string): string {
  return value
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[-–.,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** '37700', '37 - 700' → '37-700'; anything else → ''. */
export function normalizePostalCode(value: string): string {
  const match = /^\s*(\d{2})\s*-?\s*(\d{3})\s*$/.exec(value);
  return match ? `${match[1]}-${match[2]}` : '';
}

const POSTAL_IN_TEXT = /(?:^|[\s,])(\d{2})\s*-\s*(\d{3})(?=$|[\s,])/;

/**
 * Reads 'ul. Mickiewicza 3/2, 37-700 Przemyśl' (also without 'ul.', without
 * the postal code, or with the city first after a comma): the city is what
 * follows the postal code, else the last comma-separated part.
 */
export function parseAddressString(text: string): ParsedAddress {
  const clean = text.replace(/\s+/g, ' ').trim();
  const postal = POSTAL_IN_TEXT.exec(clean);
  if (postal) {
    const postalCode = `${postal[1]}-${postal[2]}`;
    const before = clean.slice(0, postal.index).replace(/[\s,]+$/, '');
    const after = clean.slice(postal.index + postal[0].length).replace(/^[\s,]+/, '');
    const city = (after.split(',')[0] ?? '').trim();
    // 'Przemyśl 37-700' with the city before the code
    if (city === '') {
      const parts = before
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const last = parts.at(-1) ?? '';
      // 'Mickiewicza 3, 37-700' names no city: a place name has no digits.
      if (/\d/.test(last)) return { streetLine: before, city: '', postalCode };
      return { streetLine: parts.slice(0, -1).join(', '), city: last, postalCode };
    }
    return { streetLine: before, city, postalCode };
  }
  const parts = clean
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2) return splitTrailingLocality(parts[0] ?? '');
  return { streetLine: parts.slice(0, -1).join(', '), city: parts.at(-1) ?? '', postalCode: '' };
}

/** 'Rynek 5 Przemyśl' without commas: the longest trailing run of words that names a known locality. */
function splitTrailingLocality(text: string): ParsedAddress {
  const words = text.split(' ').filter(Boolean);
  for (let start = 1; start < words.length; start += 1) {
    const candidate = words.slice(start).join(' ');
    if (findLocality(candidate)) return { streetLine: words.slice(0, start).join(' '), city: candidate, postalCode: '' };
  }
  return { streetLine: text, city: '', postalCode: '' };
}

export function parseAddressObject(address: DeliveryAddress): ParsedAddress {
  const number = address.apartment.trim() ? `${address.houseNumber.trim()}/${address.apartment.trim()}` : address.houseNumber.trim();
  const street = `${address.street.trim()} ${number}`.trim();
  return {
    // The cemetery's name leads the maps service to it when it has no street.
    streetLine: [address.cemetery?.trim() ?? '', street].filter(Boolean).join(', '),
    city: address.city.trim(),
    postalCode: normalizePostalCode(address.postalCode),
  };
}

/** Street, house number, city and postal code; a cemetery (which may have neither street nor number) its city and postal code. */
export function isAddressObjectComplete(address: DeliveryAddress): boolean {
  const named = address.cemetery === undefined ? [address.street, address.houseNumber, address.city] : [address.city];
  return named.every((part) => part.trim() !== '') && normalizePostalCode(address.postalCode) !== '';
}

/** The address as one line, for a maps service: 'Mickiewicza 3/2, 37-700 Przemyśl, Polska'. */
export function addressLine(parsed: ParsedAddress): string {
  const place = `${parsed.postalCode} ${parsed.city}`.trim();
  return [parsed.streetLine, place, 'Polska'].filter(Boolean).join(', ');
}

const byName = new Map<string, Locality[]>();
for (const locality of LOCALITIES) {
  const key = normalizeName(locality.name);
  byName.set(key, [...(byName.get(key) ?? []), locality]);
}

/** The table entry of that name (diacritics and case ignored); the postal code picks among namesakes. */
export function findLocality(name: string, postalCode = ''): Locality | null {
  const found = byName.get(normalizeName(name));
  if (!found || found.length === 0) return null;
  return found.find((locality) => locality.postalCodes?.includes(postalCode)) ?? found[0]!;
}

/**
 * A village address often reads 'Olszany 5, 37-741 Krasiczyn': the place is
 * in the street line and the city is the post office. Prefer the street line
 * when it is exactly a locality name followed by a number.
 */
function localityInStreetLine(streetLine: string, postalCode: string): Locality | null {
  const name = streetLine.replace(/^\s*(ul|ulica|al|aleja|os|osiedle|pl|plac)\b\.?\s*/i, '').replace(/\s+\d.*$/, '');
  if (name === streetLine.trim() || name.trim() === '') return null;
  return findLocality(name, postalCode);
}

/**
 * The area rule: a postal code outside 37-7xx is outside (it also rules out
 * namesakes elsewhere in Poland, like another 'Ostrów'); a 37-7xx code with a
 * city missing from the table is an unknown locality; no postal code and an
 * unknown city is outside.
 */
export function decideArea(parsed: ParsedAddress): AreaDecision {
  if (parsed.city.trim() === '' || normalizeName(parsed.city) === '') return { kind: 'incomplete' };
  if (parsed.postalCode !== '' && !parsed.postalCode.startsWith(LOCAL_POSTAL_PREFIX)) return { kind: 'outside' };
  const locality = localityInStreetLine(parsed.streetLine, parsed.postalCode) ?? findLocality(parsed.city, parsed.postalCode);
  if (locality) return { kind: 'local', locality };
  if (parsed.postalCode !== '') return { kind: 'unknown', city: parsed.city.trim() };
  return { kind: 'outside' };
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km (haversine). */
export function haversineKm(from: Coordinates, to: Coordinates): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}

/** One-way road distance estimate, 0.1 km, never below MIN_DISTANCE_KM. */
export function estimateRoadKm(from: Coordinates, to: Coordinates): number {
  return Math.max(MIN_DISTANCE_KM, roundKm(haversineKm(from, to) * ROAD_FACTOR));
}

export function estimateDurationSeconds(distanceKm: number): number {
  return Math.round((distanceKm / AVERAGE_SPEED_KMH) * 3600);
}

/** '12,4 km' */
export function formatDistance(distanceKm: number): string {
  return `${distanceKm.toFixed(1).replace('.', ',')} km`;
}

/** 'ok. 18 min', 'ok. 1 godz. 5 min', 'ok. 2 godz.' */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `ok. ${rest} min`;
  return rest === 0 ? `ok. ${hours} godz.` : `ok. ${hours} godz. ${rest} min`;
}

/** The per-km rate from app_settings ('1.80', '1,80'); blank, invalid or not positive → the default. */
export function parseRate(value: string | null): Grosz {
  const rate = parseAmountText(value);
  return rate !== null && rate > 0 && rate < fromPln(1000) ? rate : DEFAULT_DELIVERY_RATE_PER_KM;
}

/** The shop's coordinates from app_settings; anything unusable → the default (Bircza). */
export function parseOrigin(lat: string | null, lng: string | null): Coordinates {
  const latitude = parseDecimalText(lat) ?? NaN;
  const longitude = parseDecimalText(lng) ?? NaN;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    return DEFAULT_ORIGIN;
  }
  return { lat: latitude, lng: longitude };
}

export interface Quote {
  distance: number;
  cost: Grosz;
  formattedDistance: string;
  formattedDuration: string;
  estimated: boolean;
  locality: string;
}

export function buildQuote(distanceKm: number, durationSeconds: number, rate: Grosz, locality: Locality, estimated: boolean): Quote {
  const distance = Math.max(MIN_DISTANCE_KM, roundKm(distanceKm));
  return {
    distance,
    cost: localDeliveryCost(distance, rate),
    formattedDistance: formatDistance(distance),
    formattedDuration: formatDuration(durationSeconds),
    estimated,
    locality: locality.name,
  };
}
