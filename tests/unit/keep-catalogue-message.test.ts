import { describe, expect, it } from 'vitest';
import { KEEP_CATALOGUE_MESSAGE_TYPE, parseKeepCatalogueMessage } from '../../src/features/catalog/catalog-copy.ts';

const row = { id: 'p1', name: 'Róża czerwona', description: '', price: 12.5, category: 'fresh-flowers', active: true };
const message = (over: Record<string, unknown> = {}) => ({
  type: KEEP_CATALOGUE_MESSAGE_TYPE,
  rows: [row],
  syncedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

describe("the service worker's check of a page's catalogue", () => {
  it('takes the rows and the time a page sent', () => {
    expect(parseKeepCatalogueMessage(message())).toEqual({ rows: [row], syncedAt: new Date('2026-11-26T10:00:00.000Z') });
  });

  it.each([
    ['another message', { type: 'SKIP_WAITING' }],
    ['rows that are not a list', message({ rows: 'p1' })],
    ['a row without an id', message({ rows: [{ ...row, id: '' }] })],
    ['a row with a price in words', message({ rows: [{ ...row, price: 'dwanaście' }] })],
    ['a row that is not an object', message({ rows: [null] })],
    ['no time', message({ syncedAt: undefined })],
    ['a time that is not one', message({ syncedAt: 'wczoraj' })],
    ['more rows than any florist has', message({ rows: Array.from({ length: 5001 }, (_, index) => ({ ...row, id: `p${index}` })) })],
  ])('refuses %s', (_, data) => {
    expect(parseKeepCatalogueMessage(data)).toBeNull();
  });

  it('refuses what is not a message at all', () => {
    for (const data of [null, undefined, 'KEEP_CATALOGUE', 42]) expect(parseKeepCatalogueMessage(data)).toBeNull();
  });
});
