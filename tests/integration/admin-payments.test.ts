import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/calendar/calendar-date.ts';
import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import { ADMIN_ORDER_SELECT, toAdminOrder, type OrderRow } from '../../src/features/admin/orders/order.ts';
import { anonClient, checkoutFor, invokeFunction, serviceClient, signedInOwner } from '../support/test-backend.ts';

/**
 * The owner's orders select with the ledger embedded (issue 35), against the
 * real PostgREST: refunds link orders and payments too, so the embeds name
 * their foreign keys; this proves PostgREST takes them and RLS lets the owner read.
 */

// 'Wieniec z chryzantem' (149.00 PLN in supabase/seed.sql), picked up in the shop.
const WREATH_ID = '83f26a72-645b-4406-a466-2aed0712dad5';
// The SQL refuses a day after the shop's today.
const today = warsawDate(Date.now());
const yesterday = addDays(today, -1);

describe("the owner's orders with their payments and refunds", () => {
  it('embeds payments with refunds and the order sums, mapped in grosz', async () => {
    const placed = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: randomUUID(),
      checkout: checkoutFor({ deliveryMethod: 'store', paymentMethod: 'transfer' }),
      items: [{ productId: WREATH_ID, quantity: 1 }],
    });
    expect(placed.status).toBe(201);
    const orderId = (placed.body.order as { id: string }).id;

    const service = serviceClient();
    const paid = await service.rpc('ledger_record_manual_payment', {
      p_order_id: orderId,
      p_method: 'transfer',
      p_amount: 14_900,
      p_received_on: yesterday,
      p_note: 'Przelew z PKO',
      p_recorded_by: null,
    });
    expect(paid.error).toBeNull();
    const refunded = await service.rpc('ledger_record_manual_refund', {
      p_order_id: orderId,
      p_amount: 4_900,
      p_refunded_on: today,
      p_reason: 'Zwiędłe kwiaty',
      p_withdrawal_id: null,
      p_recorded_by: null,
    });
    expect(refunded.error).toBeNull();

    const owner = await signedInOwner();
    const { data, error } = await owner.from('orders').select(ADMIN_ORDER_SELECT).eq('id', orderId);
    expect(error).toBeNull();
    const order = toAdminOrder((data as OrderRow[])[0]!);
    expect(order).toMatchObject({ amountPaid: 14_900, amountRefunded: 4_900, withdrawals: [] });
    expect(order.payments).toMatchObject([
      {
        id: paid.data as string,
        provider: 'manual',
        method: 'transfer',
        amount: 14_900,
        state: 'completed',
        receivedOn: yesterday,
        note: 'Przelew z PKO',
        refunds: [
          {
            id: refunded.data as string,
            amount: 4_900,
            state: 'completed',
            manual: true,
            refundedOn: today,
            reason: 'Zwiędłe kwiaty',
          },
        ],
      },
    ]);
  });
});
