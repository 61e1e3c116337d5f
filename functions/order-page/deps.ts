import { DEFAULT_FUNCTION_RATE_LIMITS, functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { acceptedInvoicePdf, acceptedInvoicesOf, ksefQrUrlFromEnv } from '../_shared/invoice-pdf/stored-invoice-pdf.ts';
import { createOrderAccessStore } from '../_shared/order-access.ts';
import { loadOrderLinkDays } from '../_shared/order-links.ts';
import { createPostgresRateLimiter, rpcRateLimitSql } from '../_shared/rate-limit.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createOrderPageHandler, type OrderPageDeps } from './handler.ts';
import { ORDER_PAGE_COLUMNS, toPaymentAttemptState, type OrderPagePhoto } from './view.ts';
import { ORDER_PHOTOS_BUCKET, ORDER_PHOTO_URL_SECONDS, isOrderPhotoKind, orderPhotoAlt } from '../../src/domain/order-photo.ts';

/** More than the page would ever show; a bound on the signing work per view. */
const MAX_PAGE_PHOTOS = 12;

/** The real dependencies: service-role reads of the order with its link tokens and access keys (no API role may read those). */
export function createOrderPageDeps(env: FunctionEnv, qrUrl: string): OrderPageDeps {
  const admin = createAdminClient(env);
  return {
    authenticate: createCallerAuthFromEnv(env),
    linkDays: () => loadOrderLinkDays(admin),
    async findOrder(number, tokenHash, keyHash, oldestLink) {
      // The embedded rows are filtered to the presented hashes: one round trip whether the number exists or not.
      const { data, error } = await admin
        .from('orders')
        .select(`${ORDER_PAGE_COLUMNS}, order_link_tokens(token_hash), order_access_keys(key_hash)`)
        .eq('payu_order_id', number)
        .eq('order_link_tokens.token_hash', tokenHash)
        .gte('order_link_tokens.created_at', oldestLink)
        .eq('order_access_keys.key_hash', keyHash)
        .maybeSingle();
      if (error) throw new Error(`loading the order failed: ${error.message}`);
      if (!data) return null;
      const { order_link_tokens: tokens, order_access_keys: keys, ...order } = data;
      return { order, linkTokenHash: tokens[0]?.token_hash ?? null, accessKeyHash: keys[0]?.key_hash ?? null };
    },
    acceptedInvoices: (orderId) => acceptedInvoicesOf(admin, orderId),
    invoicePdf: (orderId, invoiceId) => acceptedInvoicePdf(admin, orderId, invoiceId, qrUrl),
    isShopOwner: createOrderAccessStore(admin).isShopOwner,
    now: () => Date.now(),
    async orderPhotos(orderId, orderNumber) {
      const { data, error } = await admin
        .from('order_photos')
        .select('path, kind, width, height, taken_at')
        .eq('order_id', orderId)
        .order('taken_at')
        .limit(MAX_PAGE_PHOTOS);
      if (error) throw new Error(`loading the order's photos failed: ${error.message}`);
      const photos = await Promise.all(
        data.map(async (row): Promise<OrderPagePhoto | null> => {
          if (!isOrderPhotoKind(row.kind)) return null;
          // Signed with the service role: the bucket has no policy for the customer, this URL is their only way in.
          const signed = await admin.storage.from(ORDER_PHOTOS_BUCKET).createSignedUrl(row.path, ORDER_PHOTO_URL_SECONDS);
          // A row whose file is not up (yet) is left out rather than failing the whole page.
          if (signed.error) return null;
          return {
            url: signed.data.signedUrl,
            kind: row.kind,
            width: row.width,
            height: row.height,
            alt: orderPhotoAlt(orderNumber, row.kind),
            takenAt: row.taken_at,
          };
        }),
      );
      return photos.filter((photo) => photo !== null);
    },
    async latestAttempt(orderId) {
      // The same attempt sync_order_money mirrors into payu_status: the newest from a gateway.
      const { data, error } = await admin
        .from('payments')
        .select('state, created_at')
        .eq('order_id', orderId)
        .neq('provider', 'manual')
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(1);
      if (error) throw new Error(`loading the payment state failed: ${error.message}`);
      const row = data?.[0];
      const state = toPaymentAttemptState(row?.state);
      return row && state ? { state, startedAt: row.created_at } : null;
    },
    ...orderPageRateLimit(env, admin),
  };
}

/** ORDER_PAGE_RATE_LIMIT requests per minute per address, counted in Postgres; 0 → none. */
function orderPageRateLimit(env: FunctionEnv, admin: ReturnType<typeof createAdminClient>): Pick<OrderPageDeps, 'countRequest'> {
  const limit = (env.rateLimits ?? DEFAULT_FUNCTION_RATE_LIMITS).orderPage;
  if (limit === 0) return {};
  const limiter = createPostgresRateLimiter(rpcRateLimitSql(admin), { name: 'order-page', limit, windowSeconds: 60 });
  return { countRequest: (address) => limiter.hit([`ip:${address}`]) };
}

/** order-page as it is served: `Deno.serve(orderPageFunction((name) => Deno.env.get(name)))`. */
export function orderPageFunction(get: EnvGetter): Handler {
  return functionFromEnv('order-page', get, (env) => createOrderPageHandler(createOrderPageDeps(env, ksefQrUrlFromEnv(get))));
}
