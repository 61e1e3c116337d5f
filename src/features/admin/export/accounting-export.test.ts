import { describe, expect, it } from 'vitest';
import { CUSTOM_LINE_PRODUCT_ID } from '../../../domain/owner-order.ts';
import { toAdminOrder, type OrderRow } from '../orders/order.ts';
import { exportFileName, ordersCsv, paymentsCsv } from './accounting-export.ts';

function order(overrides: Partial<OrderRow> & Pick<OrderRow, 'id' | 'payu_order_id' | 'created_at'>): OrderRow {
  return {
    status: 'completed',
    total: 135,
    subtotal: 120,
    shipping_cost: 15,
    delivery_method: 'home',
    delivery_address: null,
    customer_name: 'Jan Nowak',
    customer_email: 'jan@example.test',
    customer_phone: '600100200',
    payment_method: 'payu',
    payu_status: 'COMPLETED',
    tracking_number: null,
    tracking_url: null,
    order_items: [{ id: 'i1', product_id: 'p1', quantity: 2, price: 60, product_name: 'Bukiet; "Jesień"', products: null }],
    ...overrides,
  } as OrderRow;
}

const rows = (text: string) => text.slice(1).split('\r\n').slice(1, -1);

describe('ordersCsv', () => {
  it('dates an order by the Warsaw day, across midnight and the autumn clock change', () => {
    const orders = [
      // 23:30 UTC on 31 October is 00:30 on 1 November in Warsaw (CET, after the change on 25 October).
      order({ id: 'a', payu_order_id: 'KT000000001', created_at: '2026-10-31T23:30:00Z' }),
      // 22:30 UTC on 24 October is 00:30 on 25 October in Warsaw (still CEST).
      order({ id: 'b', payu_order_id: 'KT000000002', created_at: '2026-10-24T22:30:00Z' }),
    ].map(toAdminOrder);
    const november = rows(ordersCsv(orders, { from: '2026-11-01', to: '2026-11-30' }));
    expect(november).toHaveLength(1);
    expect(november[0]).toMatch(/^KT000000001;sklep internetowy;2026-11-01;00:30;/);
    const october = rows(ordersCsv(orders, { from: '2026-10-25', to: '2026-10-31' }));
    expect(october).toHaveLength(1);
    expect(october[0]).toMatch(/^KT000000002;sklep internetowy;2026-10-25;00:30;/);
  });

  it('quotes a name with a semicolon or quotes, and writes amounts with a decimal comma', () => {
    const [line] = rows(
      ordersCsv([toAdminOrder(order({ id: 'a', payu_order_id: 'KT1', created_at: '2026-11-02T10:00:00Z' }))], {
        from: '2026-11-02',
        to: '2026-11-02',
      }),
    );
    // formatPln keeps the amount and 'zł' together with a no-break space.
    expect(line).toMatch(/;"Bukiet; ""Jesień"" × 2 po 60,00\szł";120,00;15,00;0,00;0,00;135,00;/);
  });
  it('writes the invoice and correction numbers and their KSeF numbers in two columns', () => {
    const company = order({
      id: 'f',
      payu_order_id: 'KT9',
      created_at: '2026-11-02T10:00:00Z',
      invoice: { nip: '7740001454', company: 'Kwiaty Nowak', address: 'ul. Długa 1' },
      invoices: [
        { number: 'KOR/FV/2026/11/1', kind: 'KOR', ksef_number: null, issued_at: '2026-11-05T10:00:00Z' },
        { number: 'FV/2026/11/4', kind: 'VAT', ksef_number: '7740001454-20261102-0100A0B1C2D3-4F', issued_at: '2026-11-02T10:00:00Z' },
      ],
    });
    const plain = order({ id: 'g', payu_order_id: 'KT10', created_at: '2026-11-02T11:00:00Z' });
    const [withInvoices, without] = rows(ordersCsv([company, plain].map(toAdminOrder), { from: '2026-11-02', to: '2026-11-02' }));
    expect(withInvoices).toContain(
      ';Kwiaty Nowak;774-000-14-54;ul. Długa 1;"FV/2026/11/4; KOR/FV/2026/11/1";7740001454-20261102-0100A0B1C2D3-4F;',
    );
    expect(without).toContain(';600100200;;;;;;"Bukiet');
  });

  it('names a phone order’s source, its discount, and the owner’s own bouquet by her description', () => {
    const phone = order({
      id: 'p',
      payu_order_id: 'KT3',
      created_at: '2026-11-02T10:00:00Z',
      source: 'phone',
      discount: 20,
      discount_reason: 'Stały klient',
      total: 115,
      order_items: [
        {
          id: 'c',
          product_id: CUSTOM_LINE_PRODUCT_ID,
          quantity: 1,
          price: 120,
          product_name: 'Wiązanka z białych róż',
          products: { name: 'Bukiet na zamówienie' },
        },
      ],
    });
    const [line] = rows(ordersCsv([toAdminOrder(phone)], { from: '2026-11-02', to: '2026-11-02' }));
    expect(line).toMatch(/^KT3;telefon;/);
    expect(line).toMatch(/;Wiązanka z białych róż × 1 po 120,00\szł;120,00;15,00;0,00;20,00;115,00;/);
  });
});

describe('paymentsCsv', () => {
  it('dates a manual payment by the day the owner gave and writes a refund as a negative amount', () => {
    const row = order({ id: 'a', payu_order_id: 'KT1', created_at: '2026-11-02T10:00:00Z' });
    const withLedger = {
      ...row,
      payments: [
        {
          id: 'pay',
          provider: 'manual',
          method: 'cash',
          amount_grosz: 13500,
          state: 'completed',
          received_on: '2026-11-03',
          note: null,
          created_at: '2026-11-05T10:00:00Z',
          completed_at: '2026-11-05T10:00:00Z',
          refunds: [
            {
              id: 'ref',
              amount_grosz: 1500,
              state: 'completed',
              manual: false,
              refunded_on: null,
              reason: '=SUM(A1)',
              created_at: '2026-11-30T22:59:00Z',
              completed_at: '2026-11-30T23:10:00Z',
            },
          ],
        },
      ],
    } as unknown as OrderRow;
    const [adminOrder] = [toAdminOrder(withLedger)];
    const november = rows(paymentsCsv([adminOrder!], { from: '2026-11-01', to: '2026-11-30' }));
    expect(november).toEqual(['2026-11-03;Wpłata;KT1;Jan Nowak;;135,00;Gotówka;Zapisane ręcznie;Opłacone;']);
    // 23:10 UTC on 30 November is 00:10 on 1 December in Warsaw; a formula in the reason stays text.
    const december = rows(paymentsCsv([adminOrder!], { from: '2026-12-01', to: '2026-12-31' }));
    expect(december).toEqual(["2026-12-01;Zwrot;KT1;Jan Nowak;;-15,00;Gotówka;Zapisane ręcznie;Zwrócono;'=SUM(A1)"]);
  });

  it('names the files in ASCII with their range', () => {
    expect(exportFileName('orders', { from: '2026-10-01', to: '2026-10-31' })).toBe('zamowienia_2026-10-01_2026-10-31.csv');
    expect(exportFileName('payments', { from: '2026-10-01', to: '2026-10-31' })).toBe('platnosci_2026-10-01_2026-10-31.csv');
  });
});
