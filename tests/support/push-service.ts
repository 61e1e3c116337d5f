import { createServer, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/*
 * A local push service for the tests: npm web-push-testing's model of one
 * (PushApiModel), which hands out subscriptions with real P-256 keys and, for
 * every message, checks the VAPID JWT against the subscription's server key
 * (jsonwebtoken) and decrypts the body (http_ece, the reference aes128gcm
 * implementation) — an implementation independent of ours. It runs in this
 * process behind a loopback server (the package's own CLI listens on every
 * interface); a test can make it answer a device with a chosen status instead.
 */

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

interface PushApiModel {
  notifyUrl: string;
  subscribe(options: { applicationServerKey: string }): Promise<Subscription>;
  handleNotification(
    clientHash: string,
    headers: { encoding?: string; encryption?: string; cryptoKey?: string; authorization?: string; ttl?: string },
    body: Buffer,
  ): Promise<void>;
  expireSubscription(clientHash: string): void;
  getNotifications(body: { clientHash: string }): { messages: string[] };
}

const require = createRequire(import.meta.url);
const { PushApiModel: Model, SubscriptionExpiredError } = require('web-push-testing/src/PushApiModel.js') as {
  PushApiModel: new () => PushApiModel;
  SubscriptionExpiredError: new () => Error;
};

export interface ReceivedPush {
  status: number;
  headers: IncomingMessage['headers'];
}

export interface PushService {
  subscribe(applicationServerKey: string): Promise<Subscription>;
  /** What the device received, decrypted, oldest first. */
  messages(clientHash: string): string[];
  /** Every request that reached the device's endpoint and what it was answered. */
  requests(clientHash: string): ReceivedPush[];
  /** Answer this device with `status` from now on (null: as the push service would). */
  answer(clientHash: string, status: number | null): void;
  /** The browser dropped the subscription: the push service answers 410 Gone. */
  expire(clientHash: string): void;
  stop(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const model = new Model();
  const forced = new Map<string, number>();
  const log = new Map<string, ReceivedPush[]>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/notify\/([0-9a-f]+)$/.exec(request.url ?? '');
      const reply = (status: number, body = '') => {
        if (match) log.set(match[1]!, [...(log.get(match[1]!) ?? []), { status, headers: request.headers }]);
        response.writeHead(status, { 'Content-Type': 'text/plain' }).end(body);
      };
      if (request.method !== 'POST' || !match) return reply(404);
      const clientHash = match[1]!;
      const status = forced.get(clientHash);
      if (status !== undefined) return reply(status, `forced ${status}`);
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      model
        .handleNotification(
          clientHash,
          {
            encoding: header('content-encoding'),
            encryption: header('encryption'),
            cryptoKey: header('crypto-key'),
            authorization: header('authorization'),
            ttl: header('ttl'),
          },
          Buffer.concat(chunks),
        )
        .then(
          () => reply(201),
          (error: unknown) =>
            error instanceof SubscriptionExpiredError ? reply(410, 'expired') : reply(400, error instanceof Error ? error.message : 'bad'),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  model.notifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify/`;

  return {
    subscribe: (applicationServerKey) => model.subscribe({ applicationServerKey }),
    messages: (clientHash) => model.getNotifications({ clientHash }).messages,
    requests: (clientHash) => log.get(clientHash) ?? [],
    answer(clientHash, status) {
      if (status === null) forced.delete(clientHash);
      else forced.set(clientHash, status);
    },
    expire: (clientHash) => model.expireSubscription(clientHash),
    // A service going away drops its clients: close() alone waits for every open socket, and a function's
    // fetch may keep one it opened but never sent a request on (the suite's afterAll then hung).
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
