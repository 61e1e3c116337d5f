import { describe, expect, it } from 'vitest';
import { applyGatewayTransaction, resolveGatewaySettings, type PaymentOrder, type PaymentStore } from '../../functions/_shared/payments.ts';
import type { PaymentEvent } from '../../functions/_shared/ledger.ts';
import { fakeLedger } from './payment-fixtures.ts';
import { grosz } from '../../src/domain/money.ts';

import type { GatewayTransaction } from '../../src/domain/payu-status.ts';

const ENV = { supabaseUrl: 'http://127.0.0.1:54321/', siteUrl: 'http://localhost:4173/', localPaymentSimulator: true };
const POS = { payu_classic_pos_id: '145227', payu_classic_pos_auth_key: 'key', payu_classic_key2: 'key2' };

describe('resolveGatewaySettings', () => {
  it('falls back to the local simulator and the app return pages when the URL settings are blank', () => {
    expect(resolveGatewaySettings({ ...POS, payu_classic_gateway_url: ' ', payu_classic_success_url: '' }, ENV)).toEqual({
      posId: '145227',
      authKey: 'key',
      key2: 'key2',
      gatewayUrl: 'http://127.0.0.1:54321/functions/v1/payment-simulator',
      statusUrl: 'http://127.0.0.1:54321/functions/v1/payment-simulator/Payment/get/txt',
      successUrl: 'http://localhost:4173/checkout/success',
      failureUrl: 'http://localhost:4173/checkout/cancel',
    });
  });

  it('prefers the stored addresses', () => {
    const settings = resolveGatewaySettings(
      {
        ...POS,
        payu_classic_gateway_url: 'https://pay.test/new',
        payu_classic_success_url: 'https://shop.test/ok',
        payu_classic_failure_url: 'https://shop.test/ko',
      },
      { supabaseUrl: ENV.supabaseUrl },
    );
    expect(settings).toMatchObject({
      gatewayUrl: 'https://pay.test/new',
      statusUrl: 'https://pay.test/new/Payment/get/txt',
      successUrl: 'https://shop.test/ok',
      failureUrl: 'https://shop.test/ko',
    });
  });

  it.each([
    ['no POS id', { payu_classic_pos_auth_key: 'key', payu_classic_key2: 'key2' }, ENV],
    ['no auth key', { payu_classic_pos_id: '1', payu_classic_key2: 'key2' }, ENV],
    ['no second key', { payu_classic_pos_id: '1', payu_classic_pos_auth_key: 'key' }, ENV],
    ['a blank gateway address outside the local backend', POS, { ...ENV, localPaymentSimulator: false }],
    [
      'the seeded auth key outside the local backend',
      { ...POS, payu_classic_pos_auth_key: 'local-pos-auth-key-change-me', payu_classic_gateway_url: 'https://pay.test/new' },
      { ...ENV, localPaymentSimulator: false },
    ],
    [
      'the seeded second key outside the local backend',
      { ...POS, payu_classic_key2: 'local-payu-key2-change-me', payu_classic_gateway_url: 'https://pay.test/new' },
      { ...ENV, localPaymentSimulator: false },
    ],
    ['no site URL and no return addresses', POS, { supabaseUrl: ENV.supabaseUrl }],
    ['a non-http return address', { ...POS, payu_classic_failure_url: 'ftp://shop.test/ko' }, ENV],
  ])('is null with %s', (_label, settings, env) => {
    const original = console.error;
    console.error = () => undefined;
    expect(resolveGatewaySettings(settings, env)).toBeNull();
    console.error = original;
  });

  it('accepts the seeded keys in the local backend', () => {
    const seeded = { ...POS, payu_classic_pos_auth_key: 'local-pos-auth-key-change-me', payu_classic_key2: 'local-payu-key2-change-me' };
    expect(resolveGatewaySettings(seeded, ENV)).not.toBeNull();
  });
});

describe('applyGatewayTransaction', () => {
  const order: PaymentOrder = {
    id: 'id-1',
    userId: null,
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
    const updates: PaymentEvent[] = [];
    const current = { order: found && { ...found } };
    const fake: PaymentStore = {
      isShopOwner: async () => false,
      hasAccessKey: async () => false,
      hasLinkToken: async () => false,
      findOrderById: async () => current.order,
      findOrderByNumber: async () => current.order,
      loadSettings: async () => ({}),
      ...fakeLedger(current, updates),
    };
    return { fake, updates, current };
  }

  const paid = (change: Partial<GatewayTransaction> = {}): GatewayTransaction => ({
    id: '7',
    posId: '145227',
    sessionId: 'KT000000001-1763700123456',
    orderId: 'KT000000001',
    amount: '14900',
    status: '99',
    desc: 'Zamówienie KT000000001',
    ts: '1763700123456',
    ...change,
  });

  it('moves a pending order to processing on COMPLETED', async () => {
    const { fake, updates, current } = store(order);
    expect((await applyGatewayTransaction(fake, paid(), 'COMPLETED')).kind).toBe('recorded');
    expect(updates).toEqual([
      expect.objectContaining({
        provider: 'payu-classic',
        eventId: 'KT000000001-1763700123456:99',
        orderId: 'id-1',
        providerPaymentId: 'KT000000001-1763700123456',
        amount: 14900,
        currency: 'PLN',
        state: 'completed',
      }),
    ]);
    expect(current.order).toMatchObject({ status: 'processing', payuStatus: 'COMPLETED' });
  });

  it('records a repeat of the same state once', async () => {
    const { fake, updates } = store(order);
    await applyGatewayTransaction(fake, paid(), 'COMPLETED');
    expect((await applyGatewayTransaction(fake, paid(), 'COMPLETED')).kind).toBe('recorded');
    expect(updates).toHaveLength(1);
  });

  it.each(['14899', '149.00', '', '0x3a34'])('refuses the amount %j without recording', async (amount) => {
    const { fake, updates } = store(order);
    expect((await applyGatewayTransaction(fake, paid({ amount }), 'COMPLETED')).kind).toBe('amount_mismatch');
    expect(updates).toEqual([]);
  });

  it('reports an unknown order', async () => {
    const { fake } = store(null);
    expect((await applyGatewayTransaction(fake, paid({ orderId: 'KT000000002' }), 'CANCELED')).kind).toBe('order_not_found');
  });

  it('refuses a session of another order without recording', async () => {
    const { fake, updates } = store(order);
    expect((await applyGatewayTransaction(fake, paid({ sessionId: 'KT000000009-1763700123456' }), 'COMPLETED')).kind).toBe(
      'session_mismatch',
    );
    expect(updates).toEqual([]);
  });
});
