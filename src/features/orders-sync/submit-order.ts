import type { SubmitOrder } from '../../domain/place-order-contract.ts';
import { getBackendConfig } from '../../lib/backend-config.ts';
import { localOrderNumber, putOutboxEntry } from './outbox.ts';
import { placeOrder } from './place-order-client.ts';
import { requestBackgroundSync } from './background-sync.ts';

/**
 * Places an order now if the server answers; keeps it in the device's order
 * list either way: 'sent' with the shop's number, or 'queued' when the
 * network failed, to be sent by the outbox sender.
 */
export const submitOrder: SubmitOrder = async (payload, facts, accessToken) => {
  const base = {
    clientRequestId: payload.clientRequestId,
    request: payload,
    localNumber: localOrderNumber(payload.clientRequestId),
    userPlaced: accessToken !== null,
    ...facts,
    customerEmail: facts.customerEmail.toLowerCase(),
  };
  const createdAt = new Date().toISOString();
  const outcome = await placeOrder(getBackendConfig(), payload, accessToken);
  if (outcome.kind === 'placed') {
    await putOutboxEntry({
      ...base,
      status: 'sent',
      createdAt: outcome.order.createdAt,
      attempts: 1,
      order: outcome.order,
      queuedOffline: false,
    });
    return { kind: 'placed', order: outcome.order };
  }
  if (outcome.kind === 'rejected') return outcome;
  if (!outcome.unreachable) return { kind: 'uncertain', message: outcome.message };
  await putOutboxEntry({ ...base, status: 'queued', createdAt, attempts: 1, lastError: outcome.message, queuedOffline: true });
  await requestBackgroundSync();
  return { kind: 'queued', localNumber: base.localNumber };
};
