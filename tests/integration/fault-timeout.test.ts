import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutFor, someProducts, testBackend, withDatabase } from '../support/test-backend.ts';

/**
 * place-order's answer lost on the way back: the server committed the order,
 * the client saw a network failure (or gave up waiting) and retries with the
 * same key. The retry must answer with the same order, and the database must
 * hold exactly one order for that key.
 */

let proxy: net.Server;
let proxyUrl = '';

/** A TCP proxy to the gateway that lets every request through and cuts the connection as the answer starts to come back. */
beforeAll(async () => {
  const backend = new URL(testBackend().url);
  proxy = net.createServer((client) => {
    const upstream = net.connect(Number(backend.port), '127.0.0.1');
    client.pipe(upstream);
    upstream.once('data', () => {
      client.destroy();
      upstream.destroy();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
});

async function orderBody(clientRequestId: string) {
  const [product] = await someProducts(1);
  return JSON.stringify({
    clientRequestId,
    checkout: checkoutFor({ email: 'utracona.odpowiedz@example.test' }),
    items: [{ productId: product!.id, quantity: 2 }],
  });
}

function placeOrder(base: string, body: string, signal?: AbortSignal) {
  const { anonKey } = testBackend();
  return fetch(`${base}/functions/v1/place-order`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
    body,
    signal,
  });
}

async function ordersFor(clientRequestId: string): Promise<{ id: string }[]> {
  return withDatabase(
    async (db) => (await db.query<{ id: string }>('select id from orders where client_request_id = $1', [clientRequestId])).rows,
  );
}

describe('place-order when the answer is lost after the commit', () => {
  it('the retry with the same key answers 200 replayed with the same order; one order in the database', async () => {
    const key = randomUUID();
    const body = await orderBody(key);

    await expect(placeOrder(proxyUrl, body)).rejects.toThrow();
    const committed = await ordersFor(key);
    expect(committed).toHaveLength(1);

    const retry = await placeOrder(testBackend().url, body);
    expect(retry.status).toBe(200);
    const answer = (await retry.json()) as { replayed: boolean; order: { id: string; clientRequestId: string } };
    expect(answer.replayed).toBe(true);
    expect(answer.order.id).toBe(committed[0]!.id);
    expect(answer.order.clientRequestId).toBe(key);
    expect(await ordersFor(key)).toHaveLength(1);
  });

  it('a client that gives up waiting and retries at once still ends with exactly one order', async () => {
    const key = randomUUID();
    const body = await orderBody(key);
    // Abort almost immediately: the server may or may not have committed by then.
    await placeOrder(testBackend().url, body, AbortSignal.timeout(1)).catch(() => undefined);
    const answers = await Promise.all([placeOrder(testBackend().url, body), placeOrder(testBackend().url, body)]);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { order: { id: string } }[];
    expect(answers.map((a) => a.status).every((status) => status === 200 || status === 201)).toBe(true);
    expect(new Set(bodies.map((b) => b.order.id)).size).toBe(1);
    const stored = await ordersFor(key);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toBe(bodies[0]!.order.id);
  });
});
