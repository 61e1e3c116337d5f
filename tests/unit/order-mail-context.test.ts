import { describe, expect, it } from 'vitest';
import { ORDER_MAIL_COLUMNS, orderMailData, type OrderMailRow } from '../../functions/mail-dispatch/order-context.ts';
import type { WithdrawalRule } from '../../src/domain/withdrawal-right.ts';

const row: OrderMailRow = {
  id: 'o-1',
  payu_order_id: 'KT261124001',
  customer_name: 'Anna Nowak',
  customer_email: 'anna@example.pl',
  customer_phone: '+48 600 100 200',
  subtotal: 310,
  shipping_cost: 0,
  services: [],
  total: 310,
  delivery_method: 'store',
  delivery_address: null,
  delivery_date: '2026-11-28',
  delivery_window_label: null,
  pickup_time: '10:00',
  recipient_kind: 'self',
  recipient_name: null,
  recipient_phone: null,
  payment_method: 'transfer',
  created_at: '2026-11-24T10:00:00Z',
  ribbon_text: 'Ostatnie pożegnanie',
  invoice: { nip: '7740001454', company: 'Kwiaty Nowak', address: 'ul. Długa 1, Bircza' },
  order_items: [
    { product_name: 'Bukiet róż', quantity: 1, price: 120, products: { category: 'live-flowers', withdrawal_rule: 'category' } },
    // A product read before withdrawal_rule existed: no rule reads as 'by category'.
    {
      product_name: 'Wieniec sztuczny',
      quantity: 1,
      price: 150,
      products: { category: 'artificial-flowers', withdrawal_rule: null as unknown as WithdrawalRule },
    },
    { product_name: 'Znicz szklany', quantity: 1, price: 25, products: { category: 'candles', withdrawal_rule: 'category' } },
    { product_name: 'Anioł gipsowy', quantity: 1, price: 15, products: { category: 'souvenirs', withdrawal_rule: 'personalised' } },
    { product_name: 'Produkt usunięty', quantity: 1, price: 0, products: null },
  ],
};

describe('the order as the confirmation mail reads it (issue 19)', () => {
  it('marks each line by its product’s category and setting, and a wreath with the order’s ribbon text as personalised', () => {
    expect(orderMailData(row).items.map((item) => [item.name, item.withdrawalExemption])).toEqual([
      ['Bukiet róż', 'perishable'],
      ['Wieniec sztuczny', 'personalised'],
      ['Znicz szklany', null],
      ['Anioł gipsowy', 'personalised'],
      ['Produkt usunięty', null],
    ]);
    expect(orderMailData({ ...row, ribbon_text: null }).items[1]?.withdrawalExemption).toBeNull();
  });

  it('lists the flowers first and what goes with them after, as the florist reads the order', () => {
    const vase: OrderMailRow['order_items'][number] = {
      product_name: 'Wazon szklany',
      is_addon: true,
      quantity: 1,
      price: 39,
      products: { category: 'souvenirs', withdrawal_rule: 'category' },
    };
    const bouquet = { ...row.order_items[0]!, product_name: 'Bukiet polnych kwiatów', size_label: 'Duży', is_addon: false };
    const names = orderMailData({ ...row, order_items: [vase, bouquet] }).items.map((item) => [item.name, item.withdrawalExemption]);
    expect(names).toEqual([
      ['Bukiet polnych kwiatów (Duży)', 'perishable'],
      ['Wazon szklany', null],
    ]);
  });

  it('carries the invoice, and none for a row without one or from before invoices', () => {
    expect(orderMailData(row).invoice).toEqual({ nip: '7740001454', company: 'Kwiaty Nowak', address: 'ul. Długa 1, Bircza' });
    expect(orderMailData({ ...row, invoice: null }).invoice).toBeNull();
    const { invoice: _dropped, ...older } = row;
    expect(orderMailData(older).invoice).toBeNull();
  });
});

describe('the choices the mails and the order page list', () => {
  it('are read with the florist columns', () => {
    const columns = ORDER_MAIL_COLUMNS.split(/,\s*/);
    for (const column of [
      'delivery_notes',
      'cemetery',
      'services',
      'occasion',
      'venue',
      'ribbon_text',
      'card_message',
      'card_signature',
      'card_anonymous',
      'substitution',
    ]) {
      expect(columns).toContain(column);
    }
  });

  it('carry the card, the grave and the services of a stored order', () => {
    const data = orderMailData({
      ...row,
      delivery_method: 'cemetery',
      services: [{ id: 'candle-lighting', label: 'Zapalenie znicza', price: '0.00' }],
      cemetery: { name: 'Cmentarz parafialny', locality: 'Krasiczyn', section: 'B', row: '4', number: '12', description: '' },
      card_message: 'Pamiętamy',
      card_anonymous: true,
      substitution: 'call-first',
    });
    expect(data.services).toEqual([{ label: 'Zapalenie znicza', price: 0 }]);
    expect(data.choices).toMatchObject({
      cemetery: { name: 'Cmentarz parafialny', section: 'B', row: '4', number: '12' },
      cardMessage: 'Pamiętamy',
      cardAnonymous: true,
      substitution: 'call-first',
      ribbonText: 'Ostatnie pożegnanie',
    });
  });

  it('asks for the payment link only on the owner’s unpaid PayU order', () => {
    const link = { ...row, source: 'phone', payment_method: 'payu', amount_paid: 0 };
    expect(orderMailData(link).awaitsPaymentLink).toBe(true);
    expect(orderMailData({ ...link, amount_paid: 31_000 }).awaitsPaymentLink).toBe(false);
    expect(orderMailData({ ...link, source: 'online' }).awaitsPaymentLink).toBe(false);
    expect(orderMailData({ ...link, payment_method: 'transfer' }).awaitsPaymentLink).toBe(false);
  });
});
