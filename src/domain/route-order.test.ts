import { describe, expect, it } from 'vitest';
import { distanceKm, locate, locateAddress } from './przemysl-gazetteer.ts';
import { guessDayRoute, moveStop, nearestNeighbourOrder, withSavedOrder } from './route-order.ts';

const shop = locateAddress('ul. Przemyska 12, 37-740 Bircza');
const at = (city: string) => locate({ city });

describe('the gazetteer', () => {
  it('finds localities whatever the case and Polish letters, and the city by its postal code', () => {
    expect(shop).toEqual(at('Bircza'));
    expect(at('PRZEMYŚL')).toEqual(at('przemysl'));
    expect(at('Żurawica')).not.toBeNull();
    expect(at('Wola Krzywiecka')).toEqual({ lat: 49.81, lon: 22.57 });
    expect(locate({ city: 'Przemysl-Zasanie', postalCode: '37-700' })).toEqual(at('Przemyśl'));
    expect(at('Warszawa')).toBeNull();
  });

  it('measures Bircza to Przemyśl as about 22 km in a straight line', () => {
    expect(distanceKm(at('Bircza')!, at('Przemyśl')!)).toBeGreaterThan(18);
    expect(distanceKm(at('Bircza')!, at('Przemyśl')!)).toBeLessThan(26);
  });
});

describe('nearestNeighbourOrder', () => {
  it('goes from the shop to the nearest place, then on; unknown places last, as given', () => {
    const stops = [
      { id: 'medyka', point: at('Medyka') },
      { id: 'nowhere', point: null },
      { id: 'przemysl', point: at('Przemyśl') },
      { id: 'krasiczyn', point: at('Krasiczyn') },
    ];
    expect(nearestNeighbourOrder(stops, shop).ids).toEqual(['krasiczyn', 'przemysl', 'medyka', 'nowhere']);
  });

  it('keeps the given order for stops at the same place, and without a start', () => {
    const stops = [
      { id: 'a', point: at('Przemyśl') },
      { id: 'b', point: at('Przemyśl') },
    ];
    expect(nearestNeighbourOrder(stops, null).ids).toEqual(['a', 'b']);
  });
});

describe('guessDayRoute', () => {
  it('starts each window where the previous one ended', () => {
    const morning = [{ id: 'medyka', point: at('Medyka') }];
    const afternoon = [
      { id: 'bircza', point: at('Bircza') },
      { id: 'zurawica', point: at('Żurawica') },
    ];
    expect(guessDayRoute([morning, afternoon], shop)).toEqual([['medyka'], ['zurawica', 'bircza']]);
  });
});

describe("the owner's order", () => {
  it('puts saved stops first as saved, new ones after in the guessed order', () => {
    expect(withSavedOrder(['a', 'b', 'c', 'd'], ['c', 'gone', 'a'])).toEqual(['c', 'a', 'b', 'd']);
  });

  it('moves a stop one place, never past either end', () => {
    expect(moveStop(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveStop(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveStop(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });
});
