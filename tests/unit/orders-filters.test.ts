import { describe, expect, it } from 'vitest';
import { ORDER_SORTS, filterEntries, ordersShown, parseOrdersSearch } from '../../src/features/admin/orders/orders-filters.ts';
import { toAdminOrder } from '../../src/features/admin/orders/order.ts';
import { Route } from '../../src/routes/admin/orders.tsx';
import { floristRow } from '../support/florist-order-rows.ts';

/** The address bar and back: the route's validateSearch, then the page's parser. */
function throughTheUrl(search: Record<string, unknown>) {
  const validate = Route.options.validateSearch;
  if (typeof validate !== 'function') throw new Error('/admin/orders declares its search params with a function');
  return parseOrdersSearch(validate(search));
}

const today = '2026-11-25';

describe('the orders filters (orders-filters.ts)', () => {
  it('send every value of every filter through the URL and back, so none is forgotten in the route', () => {
    for (const [key, filter] of filterEntries()) {
      const values = filter.kind === 'text' ? ['lucja zak', '2026'] : filter.values;
      for (const value of values) expect(throughTheUrl({ [key]: value }), `${key}=${value}`).toMatchObject({ [key]: value });
    }
    for (const sort of ORDER_SORTS) expect(throughTheUrl({ sort })).toMatchObject({ sort });
    expect(throughTheUrl({ id: 'o1' })).toMatchObject({ id: 'o1' });
  });

  it('read a value a filter does not know, or an empty one, as no filter', () => {
    for (const [key] of filterEntries()) {
      expect(throughTheUrl({ [key]: '' })[key]).toBeUndefined();
      if (key !== 'q') expect(throughTheUrl({ [key]: 'refunded' })[key]).toBeUndefined();
    }
  });

  it('label each choice in Polish and let each one pass an order', () => {
    const orders = [
      toAdminOrder(floristRow({ id: 'a', status: 'pending', delivery_date: today })),
      toAdminOrder(floristRow({ id: 'b', status: 'completed', delivery_date: '2026-11-26' })),
    ];
    for (const [key, filter] of filterEntries()) {
      expect(filter.label).toMatch(/^\p{Lu}/u);
      if (filter.kind === 'text') continue;
      for (const value of filter.values) {
        expect(filter.valueLabels[value], `${key}=${value}`).toMatch(/^\p{Lu}/u);
        const shown = ordersShown(orders, { [key]: value }, today).map((order) => order.id);
        expect(shown).toEqual(orders.filter((order) => filter.matches(order, value, today)).map((order) => order.id));
      }
    }
  });
});
