import { describe, expect, it } from 'vitest';
import { placedGuestOrder, serviceClient, signedInOwner, withDatabase } from '../support/test-backend.ts';

/**
 * A cancelled order's fulfilment state does not move, in the database,
 * whoever writes: the owner's app with a stale list, or the data API directly.
 */

const fulfilmentOf = (id: string) =>
  withDatabase(
    async (db) =>
      (await db.query<{ fulfilment_state: string }>('select fulfilment_state from orders where id = $1', [id])).rows[0]!.fulfilment_state,
  );

describe('fulfilment of a cancelled order', () => {
  it('is refused with a clear message once the order is cancelled, for the owner and the service role alike', async () => {
    const order = await placedGuestOrder();
    const owner = await signedInOwner();
    const ready = await owner.from('orders').update({ fulfilment_state: 'ready' }).eq('id', order.id).select('id');
    expect(ready.error).toBeNull();
    expect(ready.data).toHaveLength(1);

    // Cancelling changes the status only, and passes.
    const cancelled = await owner.from('orders').update({ status: 'cancelled' }).eq('id', order.id).select('id');
    expect(cancelled.error).toBeNull();

    const refused = await owner
      .from('orders')
      .update({ fulfilment_state: 'out-for-delivery' })
      .eq('id', order.id)
      .eq('fulfilment_state', 'ready')
      .select('id');
    expect(refused.error?.message).toBe(`Zamówienie ${order.number} jest anulowane: jego stanu realizacji nie można zmienić.`);
    expect(refused.error?.hint).toBe('order_cancelled');
    const bySystem = await serviceClient().from('orders').update({ fulfilment_state: 'to-do' }).eq('id', order.id).select('id');
    expect(bySystem.error?.hint).toBe('order_cancelled');
    expect(await fulfilmentOf(order.id)).toBe('ready');
  });

  it('refuses cancelling and moving the delivery in one write, and takes fulfilment changes again once the order is reopened', async () => {
    const order = await placedGuestOrder();
    const owner = await signedInOwner();
    const both = await owner.from('orders').update({ status: 'cancelled', fulfilment_state: 'ready' }).eq('id', order.id).select('id');
    expect(both.error?.hint).toBe('order_cancelled');
    expect(await fulfilmentOf(order.id)).toBe('to-do');

    await owner.from('orders').update({ status: 'cancelled' }).eq('id', order.id);
    const reopened = await owner.from('orders').update({ status: 'processing' }).eq('id', order.id).select('id');
    expect(reopened.error).toBeNull();
    const moved = await owner.from('orders').update({ fulfilment_state: 'ready' }).eq('id', order.id).select('id');
    expect(moved.error).toBeNull();
    expect(await fulfilmentOf(order.id)).toBe('ready');
  });
});
