import type { AdminClient } from './supabase-clients.ts';
import { toBase64Url } from '../../src/domain/base64url.ts';
import { isUuid } from '../../src/domain/patterns.ts';
import { userIdOf, type Caller } from './caller-auth.ts';
import { HttpError } from './http.ts';
import { hashOrderLinkToken, isOrderLinkTokenShape } from './mail/order-link-token.ts';
import { hasValidLinkToken } from './order-links.ts';

/**
 * Who may start a payment for an order, or see what a payment start shows
 * (the buyer's name, email and phone): the signed-in customer who owns it,
 * the shop owner, the device that placed it — which holds the access key
 * place-order returned —, or whoever holds a valid link from the order's
 * mails (the order page's 'Zapłać teraz' on any device). The order's id or
 * number alone proves nothing.
 */

export const ORDER_ACCESS_DENIED =
  'Nie możesz opłacić tego zamówienia. Zaloguj się na konto, z którego je złożono, lub opłać je na urządzeniu, na którym zostało złożone.';

/** 256 random bits, base64url: what the device keeps. */
export function newAccessKey(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * The key of the device that placed an order: an HMAC of its idempotency key
 * and request hash under a server secret. The same request sent again (the
 * outbox's retry after a lost answer) gets the same key, so a retry stores no
 * new row, and nobody without the exact request can have it.
 */
export async function placementAccessKey(secret: string, clientRequestId: string, requestHash: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`order-access:${clientRequestId}:${requestHash}`));
  return toBase64Url(new Uint8Array(mac));
}

const ACCESS_KEY_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** Whether a string can be a key newAccessKey made (anything else is not worth hashing). */
export function isAccessKeyShape(key: string): boolean {
  return ACCESS_KEY_FORMAT.test(key);
}

/** What the database keeps: the key's SHA-256, hex, so a leaked table row cannot start a payment. */
export async function hashAccessKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface OrderAccessStore {
  isShopOwner(userId: string): Promise<boolean>;
  hasAccessKey(orderId: string, keyHash: string): Promise<boolean>;
  /** Whether this token hash is a link of the order that has neither expired nor been revoked. */
  hasLinkToken(orderId: string, tokenHash: string): Promise<boolean>;
}

/** The real store: the service-role client, after the caller's input was validated. */
export function createOrderAccessStore(admin: AdminClient): OrderAccessStore {
  return {
    async isShopOwner(userId) {
      const { data, error } = await admin.from('shop_owners').select('user_id').eq('user_id', userId).maybeSingle();
      if (error) throw new Error(`checking the shop owner failed: ${error.message}`);
      return data !== null;
    },
    async hasAccessKey(orderId, keyHash) {
      if (!isUuid(orderId)) return false;
      const { data, error } = await admin
        .from('order_access_keys')
        .select('order_id')
        .eq('order_id', orderId)
        .eq('key_hash', keyHash)
        .limit(1);
      if (error) throw new Error(`checking the order access key failed: ${error.message}`);
      return (data ?? []).length > 0;
    },
    async hasLinkToken(orderId, tokenHash) {
      if (!isUuid(orderId)) return false;
      return hasValidLinkToken(admin, orderId, tokenHash, Date.now());
    },
  };
}

export interface AccessRequest {
  /** Who called, as caller-auth.ts established it (an invalid token never gets this far: 401). */
  caller: Caller;
  accessKey: string | undefined;
  /** The order page's link token (?t=), for 'Zapłać teraz' on a device that did not place the order. */
  linkToken?: string | undefined;
}

/** Throws 403 for anyone who is not the order's buyer, the owner, the device holding the order's key or a valid link's holder. */
export async function assertOrderAccess(
  store: OrderAccessStore,
  order: { id: string; userId: string | null },
  access: AccessRequest,
): Promise<void> {
  const userId = userIdOf(access.caller);
  if (userId !== null && (userId === order.userId || (await store.isShopOwner(userId)))) return;
  const key = access.accessKey;
  if (key && ACCESS_KEY_FORMAT.test(key) && (await store.hasAccessKey(order.id, await hashAccessKey(key)))) return;
  const token = access.linkToken;
  if (token && isOrderLinkTokenShape(token) && (await store.hasLinkToken(order.id, await hashOrderLinkToken(token)))) return;
  throw new HttpError(403, 'order_access_denied', ORDER_ACCESS_DENIED);
}

/** A payment start's body: which order, and the device's key or the mail link's token if it has one; anything else is ignored. Null without an order id. */
export function readPaymentTarget(
  body: Record<string, unknown>,
): { orderId: string; accessKey: string | undefined; linkToken: string | undefined } | null {
  const orderId = typeof body.orderId === 'string' ? body.orderId.trim() : '';
  if (!orderId) return null;
  const accessKey = typeof body.accessKey === 'string' && body.accessKey !== '' ? body.accessKey : undefined;
  const linkToken = typeof body.linkToken === 'string' && body.linkToken !== '' ? body.linkToken : undefined;
  return { orderId, accessKey, linkToken };
}
