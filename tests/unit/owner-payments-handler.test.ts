import { describe, expect, it } from 'vitest';
import type { RefundEvent } from '../../functions/_shared/ledger.ts';
import {
  createOwnerPaymentsHandler,
  type GatewayRefund,
  type LedgerPayment,
  type OwnerPaymentsOrder,
  type OwnerPaymentsStore,
} from '../../functions/owner-payments/handler.ts';
import { grosz } from '../../src/domain/money.ts';
import { ORDER_ID, OWNER_TOKEN, SHOP_OWNER_TOKEN, authenticate, postJson } from './payment-fixtures.ts';

const WITHDRAWAL_ID = '7a1c2b3d-4e5f-4a6b-8c9d-0e1f2a3b4c5d';

const stripePayment: LedgerPayment = {
  id: 'pay-1',
  provider: 'stripe',
  providerPaymentId: 'cs_test_1',
  chargeId: 'pi_test_1',
  amount: grosz(29800),
  state: 'completed',
};

function setup(order: Partial<OwnerPaymentsOrder> = {}, refundThrough: GatewayRefund = async () => 're_1') {
  const calls: { kind: string; args: unknown }[] = [];
  const refundEvents: RefundEvent[] = [];
  const current: OwnerPaymentsOrder = {
    id: ORDER_ID,
    orderNumber: 'KT123456042',
    status: 'cancelled',
    payments: [stripePayment],
    ...order,
  };
  const store: OwnerPaymentsStore = {
    isShopOwner: async (userId) => userId === 'shop-owner-id',
    findOrder: async (id) => (id === ORDER_ID ? current : null),
    findWithdrawal: async (id) => (id === WITHDRAWAL_ID ? { orderId: ORDER_ID, state: 'received' } : null),
    recordManualPayment: async (request, ownerId) => {
      calls.push({ kind: 'manual-payment', args: { ...request, ownerId } });
      return 'manual-1';
    },
    recordManualRefund: async (request, ownerId) => {
      calls.push({ kind: 'manual-refund', args: { ...request, ownerId } });
      return 'refund-manual-1';
    },
    openRefund: async (payment, request) => {
      if (request.amount > payment.amount) throw new Error('refund_amount');
      calls.push({ kind: 'open-refund', args: { paymentId: payment.id, amount: request.amount } });
      return 'refund-1';
    },
    applyRefundEvent: async (event) => {
      refundEvents.push(event);
      return 'applied';
    },
  };
  const gatewayCalls: unknown[] = [];
  const handler = createOwnerPaymentsHandler({
    authenticate,
    store,
    gatewayRefunds: {
      stripe: async (payment, refund) => {
        gatewayCalls.push({ payment: payment.id, ...refund });
        return refundThrough(payment, refund);
      },
    },
  });
  return { handler, calls, refundEvents, gatewayCalls };
}

const markPaid = { action: 'mark-paid', orderId: ORDER_ID, method: 'transfer', amount: 15000, receivedOn: '2026-11-26', note: ' Wpłata ' };

describe('owner-payments', () => {
  it.each([
    ['a guest', undefined, 401],
    ['a customer', OWNER_TOKEN, 403],
  ])('refuses %s', async (_label, token, status) => {
    const { handler, calls } = setup();
    const response = await handler(postJson(markPaid, undefined, token));
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toMatch(/właściciel/i);
    expect(calls).toEqual([]);
  });

  it('records a transfer that arrived, in grosz, as the owner', async () => {
    const { handler, calls } = setup({ status: 'pending', payments: [] });
    const response = await handler(postJson(markPaid, undefined, SHOP_OWNER_TOKEN));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ paymentId: 'manual-1' });
    expect(calls).toEqual([{ kind: 'manual-payment', args: { ...markPaid, note: 'Wpłata', ownerId: 'shop-owner-id' } }]);
  });

  it.each([
    ['an amount in złoty', { amount: 150.5 }, 'Kwota musi być liczbą groszy.'],
    ['no amount', { amount: undefined }, 'Podaj kwotę.'],
    ['a negative amount', { amount: -100 }, 'Kwota musi być większa od zera.'],
    ['a method the owner cannot record', { method: 'stripe' }, 'Wybierz sposób zapłaty.'],
    ['a date that is not one', { receivedOn: '26.11.2026' }, 'Podaj datę wpłaty.'],
  ])('answers %s with a Polish message and records nothing', async (_label, change, message) => {
    const { handler, calls } = setup();
    const response = await handler(postJson({ ...markPaid, ...change }, undefined, SHOP_OWNER_TOKEN));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
    expect(calls).toEqual([]);
  });

  it('refunds a cancelled order through the gateway it was paid with, as pending until the gateway says so', async () => {
    const { handler, calls, refundEvents, gatewayCalls } = setup();
    const response = await handler(postJson({ action: 'refund', orderId: ORDER_ID, amount: 10000 }, undefined, SHOP_OWNER_TOKEN));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ refundId: 'refund-1', state: 'pending' });
    expect(calls).toEqual([{ kind: 'open-refund', args: { paymentId: 'pay-1', amount: 10000 } }]);
    expect(gatewayCalls).toEqual([
      { payment: 'pay-1', refundId: 'refund-1', amount: 10000, description: 'Zwrot za zamówienie KT123456042' },
    ]);
    expect(refundEvents).toEqual([expect.objectContaining({ refundId: 'refund-1', providerRefundId: 're_1', state: 'pending' })]);
  });

  it('records the refund failed when the gateway refuses it, and says so', async () => {
    const { handler, refundEvents } = setup({}, async () => {
      throw new Error('Stripe HTTP 400');
    });
    const original = console.error;
    console.error = () => undefined;
    const response = await handler(postJson({ action: 'refund', orderId: ORDER_ID, amount: 10000 }, undefined, SHOP_OWNER_TOKEN));
    console.error = original;
    expect(response.status).toBe(502);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Bramka płatności nie przyjęła zwrotu. Spróbuj ponownie za chwilę.',
    );
    expect(refundEvents).toEqual([expect.objectContaining({ refundId: 'refund-1', state: 'failed' })]);
  });

  it('refuses more than was paid with the reason', async () => {
    const { handler, gatewayCalls } = setup();
    const response = await handler(postJson({ action: 'refund', orderId: ORDER_ID, amount: 29801 }, undefined, SHOP_OWNER_TOKEN));
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toMatch(/przekracza/);
    expect(gatewayCalls).toEqual([]);
  });

  it('refunds only a cancelled order or an accepted withdrawal', async () => {
    const { handler, gatewayCalls } = setup({ status: 'processing' });
    const open = await handler(postJson({ action: 'refund', orderId: ORDER_ID, amount: 100 }, undefined, SHOP_OWNER_TOKEN));
    expect(open.status).toBe(409);
    const notAccepted = await handler(
      postJson({ action: 'refund', orderId: ORDER_ID, amount: 100, withdrawalId: WITHDRAWAL_ID }, undefined, SHOP_OWNER_TOKEN),
    );
    expect(notAccepted.status).toBe(409);
    expect(((await notAccepted.json()) as { message: string }).message).toBe('Najpierw uznaj odstąpienie, potem zwróć pieniądze.');
    expect(gatewayCalls).toEqual([]);
  });

  it('asks for a refund made by hand when no gateway took the money', async () => {
    const transfer: LedgerPayment = { ...stripePayment, id: 'pay-2', provider: 'manual' };
    const { handler, calls } = setup({ payments: [transfer] });
    const byGateway = await handler(postJson({ action: 'refund', orderId: ORDER_ID, amount: 100 }, undefined, SHOP_OWNER_TOKEN));
    expect(byGateway.status).toBe(409);
    const byHand = await handler(
      postJson({ action: 'refund', orderId: ORDER_ID, amount: 100, manual: { refundedOn: '2026-11-26' } }, undefined, SHOP_OWNER_TOKEN),
    );
    expect(byHand.status).toBe(200);
    expect(await byHand.json()).toEqual({ refundId: 'refund-manual-1', state: 'completed' });
    expect(calls.map((call) => call.kind)).toEqual(['manual-refund']);
  });
});
