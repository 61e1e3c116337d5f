import { describe, expect, it } from 'vitest';
import {
  applyPaymentReport,
  resolveGatewaySettings,
  splitCustomerName,
  type PaymentOrder,
  type PaymentStore,
  type PayuStatus,
} from '../../functions/_shared/payments.ts';
import { grosz } from '../../src/domain/money.ts';

const ENV = { supabaseUrl: 'http://127.0.0.1:54321/', siteUrl: 'http://localhost:4173/' };
const POS = { payu_classic_pos_id: '145227', payu_classic_pos_auth_key: 'key' };

describe('resolveGatewaySettings', () => {
  it('falls back to the local simulator and the app return pages when the URL settings are blank', () => {
    expect(resolveGatewaySettings({ ...POS, payu_classic_gateway_url: ' ', payu_classic_success_url: '' }, ENV)).toEqual({
      posId: '145227',
      authKey: 'key',
      gatewayUrl: 'http://127.0.0.1:54321/functions/v1/payment-simulator',
      successUrl: 'http://localhost:4173/checkout/success',
      failureUrl: 'http://localhost:4173/checkout/cancel',
    });
  });

  it('prefers the stored addresses', () => {
    const settings = resolveGatewaySettings(
      { ...POS, payu_classic_gateway_url: 'https://pay.test/new', payu_classic_success_url: 'https://shop.test/ok', payu_classic_failure_url: 'https://shop.test/ko' },
      { supabaseUrl: ENV.supabaseUrl },
    );
    expect(settings).toMatchObject({ gatewayUrl: 'https://pay.test/new', successUrl: 'https://shop.test/ok', failureUrl: 'https://shop.test/ko' });
  });

  it.each([
    ['no POS id', { payu_classic_pos_auth_key: 'key' }, ENV],
    ['no auth key', { payu_classic_pos_id: '1' }, ENV],
    ['no site URL and no return addresses', POS, { supabaseUrl: ENV.supabaseUrl }],
    ['a non-http return address', { ...POS, payu_classic_failure_url: 'ftp://shop.test/ko' }, ENV],
  ])('is null with %s', (_label, settings, env) => {
    expect(resolveGatewaySettings(settings, env)).toBeNull();
  });
});

describe('splitCustomerName', () => {
  it.each([
    ['Anna Kowalska', 'Anna', 'Kowalska'],
    ['  Anna   Maria  Kowalska-Nowak ', 'Anna Maria', 'Kowalska-Nowak'],
    ['Madonna', 'Madonna', 'Madonna'],
  ])('splits %j', (name, firstName, lastName) => {
    expect(splitCustomerName(name)).toEqual({ firstName, lastName });
  });
});

describe('applyPaymentReport', () => {
  const order: PaymentOrder = {
    id: 'id-1',
    orderNumber: 'KT000000001',
    status: 'pending',
    payuStatus: null,
    paymentMethod: 'payu',
    deliveryMethod: 'store',
    total: grosz(14900),
    shippingCost: grosz(0),
    customerName: 'Anna Kowalska',
    customerEmail: 'anna@example.pl',
    customerPhone: '600100200',
    items: [],
  };

  function store(found: PaymentOrder | null) {
    const updates: [string, PayuStatus, boolean][] = [];
    const fake: PaymentStore = {
      findOrderById: async () => found,
      findOrderByNumber: async () => found,
      loadSettings: async () => ({}),
      updatePaymentStatus: async (id, status, processing) => {
        updates.push([id, status, processing]);
      },
    };
    return { fake, updates };
  }

  it('moves a pending order to processing on COMPLETED', async () => {
    const { fake, updates } = store(order);
    expect((await applyPaymentReport(fake, { orderNumber: order.orderNumber, amount: '14900', status: 'COMPLETED' })).kind).toBe('recorded');
    expect(updates).toEqual([['id-1', 'COMPLETED', true]]);
  });

  it('does not move an order that is no longer pending', async () => {
    const { fake, updates } = store({ ...order, status: 'completed' });
    await applyPaymentReport(fake, { orderNumber: order.orderNumber, amount: '14900', status: 'COMPLETED' });
    expect(updates).toEqual([['id-1', 'COMPLETED', false]]);
  });

  it.each(['14899', '149.00', '', '0x3a34'])('refuses the amount %j without recording', async (amount) => {
    const { fake, updates } = store(order);
    expect((await applyPaymentReport(fake, { orderNumber: order.orderNumber, amount, status: 'COMPLETED' })).kind).toBe('amount_mismatch');
    expect(updates).toEqual([]);
  });

  it('reports an unknown order', async () => {
    const { fake } = store(null);
    expect((await applyPaymentReport(fake, { orderNumber: 'KT000000002', amount: '1', status: 'CANCELED' })).kind).toBe('order_not_found');
  });
});
