import { describe, expect, it } from 'vitest';
import { orderMatches, searchCustomers, searchOrders } from './admin-search.ts';

const orders = [
  { number: 'KT111111001', customerName: 'Łukasz Żółkiewski', customerEmail: 'Lukasz@Example.pl', customerPhone: '+48 600 100 200' },
  { number: 'KT222222002', customerName: 'Anna Nowak', customerEmail: 'anna.nowak@example.pl', customerPhone: '501-222-333' },
  { number: 'KT333333003', customerName: 'Łukasz Żółkiewski', customerEmail: 'lukasz@example.pl', customerPhone: '600100200' },
];

describe('admin order search', () => {
  it('finds by order number, name without diacritics, email and phone', () => {
    expect(searchOrders(orders, 'kt2222').map((o) => o.number)).toEqual(['KT222222002']);
    expect(searchOrders(orders, 'lukasz zolkiewski').map((o) => o.number)).toEqual(['KT111111001', 'KT333333003']);
    expect(searchOrders(orders, 'ŁUKASZ').length).toBe(2);
    expect(searchOrders(orders, 'anna.nowak@EXAMPLE').map((o) => o.number)).toEqual(['KT222222002']);
    expect(searchOrders(orders, '501 222 333').map((o) => o.number)).toEqual(['KT222222002']);
    expect(searchOrders(orders, '600100200').map((o) => o.number)).toEqual(['KT111111001', 'KT333333003']);
  });

  it('matches everything on an empty query and nothing on a stranger', () => {
    expect(searchOrders(orders, '   ')).toHaveLength(3);
    expect(searchOrders(orders, 'kowalski')).toEqual([]);
    expect(orderMatches(orders[1]!, 'anna 999')).toBe(false);
  });

  it('lists customers once per email (case-insensitive), most orders first, never by order number', () => {
    expect(searchCustomers(orders, 'lukasz')).toEqual([
      { email: 'lukasz@example.pl', name: 'Łukasz Żółkiewski', phone: '+48 600 100 200', orderCount: 2 },
    ]);
    expect(searchCustomers(orders, 'KT2222')).toEqual([]);
    expect(searchCustomers(orders, '')).toEqual([]);
  });

  it('finds an order by its recipient name and phone, but lists only buyers as customers', () => {
    const gift = {
      number: 'KT444444004',
      customerName: 'Anna Nowak',
      customerEmail: 'anna.nowak@example.pl',
      customerPhone: '501-222-333',
      florist: { recipientName: 'Grażyna Wiśniewska', recipientPhone: '+48 700 800 900' },
    };
    const all = [...orders, gift];
    expect(searchOrders(all, 'grazyna wisniewska').map((o) => o.number)).toEqual(['KT444444004']);
    expect(searchOrders(all, '700800900').map((o) => o.number)).toEqual(['KT444444004']);
    expect(searchOrders(all, '700 800').map((o) => o.number)).toEqual(['KT444444004']);
    expect(searchCustomers(all, 'grazyna')).toEqual([]);
  });
});
