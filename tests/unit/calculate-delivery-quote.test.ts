import { describe, expect, it } from 'vitest';
import { LOCALITIES } from '../../functions/calculate-delivery/localities.ts';
import {
  DEFAULT_ORIGIN,
  MIN_DISTANCE_KM,
  buildQuote,
  decideArea,
  estimateDurationSeconds,
  estimateRoadKm,
  findLocality,
  formatDistance,
  formatDuration,
  haversineKm,
  normalizeName,
  normalizePostalCode,
  parseAddressObject,
  parseAddressString,
  parseOrigin,
  parseRate,
  unknownLocalityMessage,
} from '../../functions/calculate-delivery/quote.ts';
import { DEFAULT_DELIVERY_RATE_PER_KM } from '../../src/domain/delivery.ts';
import { fromPln } from '../../src/domain/money.ts';

const PRZEMYSL = { lat: 49.7839, lng: 22.7678 };
const BIRCZA = { lat: 49.6919, lng: 22.4783 };

describe('address parsing', () => {
  it('reads street, postal code and city from the string form', () => {
    expect(parseAddressString('ul. Mickiewicza 3/2, 37-700 Przemyśl')).toEqual({
      streetLine: 'ul. Mickiewicza 3/2',
      postalCode: '37-700',
      city: 'Przemyśl',
    });
  });

  it('tolerates extra spaces, a spaced postal code and a trailing country', () => {
    expect(parseAddressString('  Rynek   5 ,  37 - 741   Krasiczyn , Polska ')).toEqual({
      streetLine: 'Rynek 5',
      postalCode: '37-741',
      city: 'Krasiczyn',
    });
  });

  it('reads the city before the postal code', () => {
    expect(parseAddressString('Rynek 5, Przemyśl 37-700')).toEqual({ streetLine: 'Rynek 5', postalCode: '37-700', city: 'Przemyśl' });
  });

  it('takes the last comma part as the city when there is no postal code', () => {
    expect(parseAddressString('Zamkowa 1, Krasiczyn')).toEqual({ streetLine: 'Zamkowa 1', postalCode: '', city: 'Krasiczyn' });
  });

  it('finds a known locality at the end of a string without commas', () => {
    expect(parseAddressString('Rynek 5 Stara Bircza')).toEqual({ streetLine: 'Rynek 5', postalCode: '', city: 'Stara Bircza' });
    expect(parseAddressString('Rynek 5 Nibylandia').city).toBe('');
  });

  it('joins the structured address with the apartment and normalizes the postal code', () => {
    expect(
      parseAddressObject({ street: ' Mickiewicza ', houseNumber: '3', apartment: '2', city: 'Przemyśl ', postalCode: '37700' }),
    ).toEqual({
      streetLine: 'Mickiewicza 3/2',
      city: 'Przemyśl',
      postalCode: '37-700',
    });
  });

  it.each([
    ['37-700', '37-700'],
    ['37700', '37-700'],
    [' 37 - 700 ', '37-700'],
    ['3770', ''],
    ['ab-cde', ''],
  ])('normalizes the postal code %j to %j', (input, expected) => {
    expect(normalizePostalCode(input)).toBe(expected);
  });
});

describe('locality matching', () => {
  it.each(['Przemyśl', 'Przemysl', 'PRZEMYŚL', '  przemysl  '])('finds Przemyśl written as %j', (name) => {
    expect(findLocality(name)?.name).toBe('Przemyśl');
  });

  it.each([
    ['ŻURAWICA', 'Żurawica'],
    ['zurawica', 'Żurawica'],
    ['Lodzinka Gorna', 'Łodzinka Górna'],
    ['winne podbukowie', 'Winne-Podbukowie'],
    ['Stara  Bircza', 'Stara Bircza'],
  ])('finds %j as %s', (name, expected) => {
    expect(findLocality(name)?.name).toBe(expected);
  });

  it('strips Polish diacritics, case and separators', () => {
    expect(normalizeName(' Łętownia–Duńkowice ')).toBe('letownia dunkowice');
  });

  it('covers the seat of every gmina of powiat przemyski', () => {
    const gminy = new Set(LOCALITIES.map((locality) => locality.gmina));
    expect([...gminy].sort()).toEqual(
      ['Bircza', 'Dubiecko', 'Fredropol', 'Krasiczyn', 'Krzywcza', 'Medyka', 'Orły', 'Przemyśl', 'Stubno', 'Żurawica'].sort(),
    );
    for (const gmina of gminy) expect(findLocality(gmina)?.gmina).toBe(gmina);
  });

  it('keeps every locality near Przemyśl (inside a 45 km circle) with 4-decimal coordinates', () => {
    for (const locality of LOCALITIES) {
      expect(haversineKm(PRZEMYSL, locality), locality.name).toBeLessThan(45);
      expect(Number(locality.lat.toFixed(4))).toBe(locality.lat);
      expect(Number(locality.lng.toFixed(4))).toBe(locality.lng);
    }
  });
});

describe('delivery area rule', () => {
  it('accepts a village of the county', () => {
    expect(decideArea(parseAddressString('Zamkowa 1, 37-741 Krasiczyn'))).toMatchObject({ kind: 'local', locality: { name: 'Krasiczyn' } });
  });

  it('prefers a village named in the street line over its post office town', () => {
    expect(decideArea(parseAddressString('Olszany 5, 37-741 Krasiczyn'))).toMatchObject({ kind: 'local', locality: { name: 'Olszany' } });
  });

  it.each([
    'ul. Piłsudskiego 1, 35-001 Rzeszów',
    'Floriańska 3, 31-019 Kraków',
    'Marszałkowska 1, 00-001 Warszawa',
    'Rynek 1, 38-500 Sanok',
    'Rynek 1, 37-500 Jarosław',
    'Rynek 1, Rzeszów',
    'Rynek 1, 38-500 Bircza',
  ])('refuses %j as outside the area', (address) => {
    expect(decideArea(parseAddressString(address))).toEqual({ kind: 'outside' });
  });

  it('calls a local postal code with an unknown city an unknown locality', () => {
    expect(decideArea(parseAddressString('Polna 1, 37-700 Nibylandia'))).toEqual({ kind: 'unknown', city: 'Nibylandia' });
  });

  it('calls an address without a city incomplete', () => {
    expect(decideArea(parseAddressString('Mickiewicza 3'))).toEqual({ kind: 'incomplete' });
    expect(decideArea(parseAddressString('Mickiewicza 3, 37-700'))).toEqual({ kind: 'incomplete' });
  });

  it('words the unknown locality message with the city', () => {
    expect(unknownLocalityMessage('Nibylandia')).toBe(
      'Nie znaleźliśmy miejscowości „Nibylandia” na naszym terenie dostaw (powiat przemyski i gmina Bircza). Sprawdź nazwę miejscowości.',
    );
  });
});

describe('distance and cost', () => {
  it('measures Przemyśl–Bircza in a straight line as about 23 km', () => {
    // Independently: Δφ = 0.092°, Δλ = 0.2895° · cos(49.74°) ≈ 0.187° → √(0.092² + 0.187²) · 111.2 km ≈ 23.2 km
    expect(haversineKm(PRZEMYSL, BIRCZA)).toBeCloseTo(23.18, 1);
    expect(haversineKm(BIRCZA, PRZEMYSL)).toBeCloseTo(haversineKm(PRZEMYSL, BIRCZA), 10);
    expect(haversineKm(BIRCZA, BIRCZA)).toBe(0);
  });

  it('estimates the road as 1.3 × the straight line, rounded to 0.1 km', () => {
    expect(estimateRoadKm(BIRCZA, PRZEMYSL)).toBe(30.1);
  });

  it('never quotes less than the minimum distance, so the cost is never 0', () => {
    expect(estimateRoadKm(BIRCZA, BIRCZA)).toBe(MIN_DISTANCE_KM);
  });

  it('charges the rate per km both ways', () => {
    const quote = buildQuote(12.4, 900, fromPln(1.8), findLocality('Krasiczyn')!, true);
    expect(quote.cost).toBe(fromPln(44.64));
    expect(quote).toMatchObject({
      distance: 12.4,
      formattedDistance: '12,4 km',
      formattedDuration: 'ok. 15 min',
      estimated: true,
      locality: 'Krasiczyn',
    });
  });

  it('estimates the drive at 50 km/h', () => {
    expect(estimateDurationSeconds(50)).toBe(3600);
    expect(estimateDurationSeconds(15)).toBe(1080);
  });
});

describe('formatting', () => {
  it.each([
    [12.4, '12,4 km'],
    [3, '3,0 km'],
    [100.25, '100,3 km'],
  ])('formats %d km as %j', (km, text) => {
    expect(formatDistance(km)).toBe(text);
  });

  it.each([
    [1080, 'ok. 18 min'],
    [20, 'ok. 1 min'],
    [3600, 'ok. 1 godz.'],
    [3900, 'ok. 1 godz. 5 min'],
    [7980, 'ok. 2 godz. 13 min'],
  ])('formats %d s as %j', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('settings', () => {
  it.each([
    ['1.80', fromPln(1.8)],
    ['2,50', fromPln(2.5)],
    [' 3 ', fromPln(3)],
    ['', DEFAULT_DELIVERY_RATE_PER_KM],
    [null, DEFAULT_DELIVERY_RATE_PER_KM],
    ['abc', DEFAULT_DELIVERY_RATE_PER_KM],
    ['-1', DEFAULT_DELIVERY_RATE_PER_KM],
    ['0', DEFAULT_DELIVERY_RATE_PER_KM],
  ])('reads the rate %j', (value, rate) => {
    expect(parseRate(value)).toBe(rate);
  });

  it('reads the origin, falling back to Bircza when unusable', () => {
    expect(parseOrigin('49.78', '22.76')).toEqual({ lat: 49.78, lng: 22.76 });
    expect(parseOrigin('', '22.76')).toEqual(DEFAULT_ORIGIN);
    expect(parseOrigin(null, null)).toEqual(DEFAULT_ORIGIN);
    expect(parseOrigin('120', '22')).toEqual(DEFAULT_ORIGIN);
  });
});
