import { parseAddressObject } from '../calculate-delivery/quote.ts';
import { quoteDelivery } from '../calculate-delivery/service.ts';
import { DEFAULT_FUNCTION_RATE_LIMITS, functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { kickMailDispatch } from '../_shared/mail-dispatch-kick.ts';
import { createPostgresRateLimiter, rpcRateLimitSql } from '../_shared/rate-limit.ts';
import { ORDER_LIMIT_SETTINGS, orderLimitsFrom } from '../../src/domain/order-limits.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { loadBookedCounts, loadDeliverySettings } from '../_shared/delivery-bookings.ts';
import type { StockShortage } from '../../src/domain/stock.ts';
import { deliveryAddressOf } from '../../src/domain/delivery-address.ts';
import { createPlaceOrderHandler, type OrderWriteResult, type PlaceOrderDeps } from './handler.ts';
import { currentInstant } from '../../src/domain/calendar/warsaw-clock.ts';

/** place_order's detail for insufficient_stock: [{ product_id, name, available }]. */
function parseShortages(details: string | null | undefined): StockShortage[] {
  try {
    const rows = JSON.parse(details ?? '[]') as { product_id: string; name: string; available: number }[];
    return rows.map((row) => ({ productId: row.product_id, name: row.name, available: Math.max(0, row.available) }));
  } catch {
    return [];
  }
}

/** The real dependencies: the service-role client and the place_order SQL function. */
export function createPlaceOrderDeps(env: FunctionEnv): PlaceOrderDeps {
  const admin = createAdminClient(env);
  const loadSetting = async (key: string): Promise<string | null> => {
    const { data, error } = await admin.from('app_settings').select('value').eq('key', key).maybeSingle();
    if (error) throw new Error(`loading setting ${key} failed: ${error.message}`);
    return data?.value ?? null;
  };
  return {
    authenticate: createCallerAuthFromEnv(env),

    async loadProducts(ids) {
      // Lines are priced at the price in force (a running promotion's), on the database's clock; place_order checks it again.
      const { data, error } = await admin
        .from('products')
        .select('id, name, price:product_current_price, active, category, sizes:product_sizes(id, label, price:product_size_current_price)')
        .in('id', [...ids]);
      if (error) throw new Error(`loading products failed: ${error.message}`);
      // A size without a price in force cannot be sold; leaving it out makes place-order refuse it.
      return data.map((product) => ({
        ...product,
        sizes: product.sizes.flatMap((size) => (size.price === null ? [] : [{ ...size, price: size.price }])),
      }));
    },

    loadSetting,

    loadDeliverySettings: () => loadDeliverySettings(admin),
    loadBookedCounts: (from, to) => loadBookedCounts(admin, from, to),

    async loadOrderLimits() {
      const keys = Object.values(ORDER_LIMIT_SETTINGS);
      const { data, error } = await admin.from('app_settings').select('key, value').in('key', keys);
      if (error) throw new Error(`loading the order limits failed: ${error.message}`);
      return orderLimitsFrom(Object.fromEntries(data.map((row) => [row.key, row.value])));
    },

    async countOpenUnpaid(email, address) {
      const open = () => admin.from('orders').select('id', { count: 'exact', head: true }).eq('status', 'pending').eq('amount_paid', 0);
      const byEmail = await open().eq('customer_email', email);
      if (byEmail.error) throw new Error(`counting unpaid orders failed: ${byEmail.error.message}`);
      if (!address) return { email: byEmail.count ?? 0, address: 0 };
      // The same door: street, house and flat number and postal code, whatever the letter case.
      const byAddress = await open()
        .ilike('delivery_address->>street', address.street ?? '')
        .ilike('delivery_address->>houseNumber', address.houseNumber ?? '')
        .ilike('delivery_address->>apartment', address.apartment ?? '')
        .eq('delivery_address->>postalCode', address.postalCode ?? '');
      if (byAddress.error) throw new Error(`counting unpaid orders failed: ${byAddress.error.message}`);
      return { email: byEmail.count ?? 0, address: byAddress.count ?? 0 };
    },

    async replayOf(clientRequestId, requestHash) {
      const { data, error } = await admin.from('orders').select('request_hash').eq('client_request_id', clientRequestId).maybeSingle();
      if (error) throw new Error(`looking up the order failed: ${error.message}`);
      if (data === null) return 'new';
      // An order placed before request hashes were kept cannot be proven the same: refused like another body.
      return data.request_hash === requestHash ? 'same' : 'different';
    },

    accessKeySecret: env.serviceRoleKey,

    // The same quote the checkout showed, computed again here: the client's figure is never trusted.
    async quoteLocalDelivery(checkout) {
      const quote = await quoteDelivery(parseAddressObject(deliveryAddressOf(checkout)), {
        loadSetting,
        fetch: (input, init) => fetch(input, init),
      });
      return quote.cost;
    },

    async writeOrder(order): Promise<OrderWriteResult> {
      const { data, error } = await admin.rpc('place_order', {
        p_client_request_id: order.clientRequestId,
        p_user_id: order.userId,
        p_order_number: order.orderNumber,
        p_customer_name: order.customerName,
        p_customer_email: order.customerEmail,
        p_customer_phone: order.customerPhone,
        p_delivery_method: order.deliveryMethod,
        p_delivery_address: order.deliveryAddress,
        p_payment_method: order.paymentMethod,
        p_subtotal: order.subtotal,
        p_shipping_cost: order.shippingCost,
        p_items: order.items,
        p_access_key_hash: order.accessKeyHash,
        p_details: order.details,
        p_services_cost: order.servicesCost,
        p_capacity: order.capacity,
        p_request_hash: order.requestHash,
        p_owner: order.owner ?? null,
      });
      if (error) {
        if (error.code === '23505' && error.message.includes('payu_order_id')) return { kind: 'order_number_taken' };
        if (error.code === 'P0001' && error.message === 'slot_full')
          return { kind: 'slot_full', scope: error.details === 'day' ? 'day' : 'window' };
        if (error.code === 'P0001' && error.message === 'request_mismatch') return { kind: 'request_mismatch' };
        if (error.code === 'P0001' && error.message === 'insufficient_stock')
          return { kind: 'insufficient_stock', shortages: parseShortages(error.details) };
        if (error.code === 'P0001') return { kind: 'catalogue_changed' };
        throw new Error(`place_order failed: ${error.code} ${error.message}`);
      }
      // The order's mails were queued in its transaction (public.mail_jobs); send them now, without waiting.
      if (!data.replayed) kickMailDispatch(env);
      return { kind: 'ok', order: data.order, replayed: data.replayed };
    },

    now: currentInstant,
    random: () => Math.random(),
    ...placeOrderRateLimit(env, admin),
  };
}

/** PLACE_ORDER_RATE_LIMIT requests per minute per address, counted in Postgres; 0 → none. */
function placeOrderRateLimit(env: FunctionEnv, admin: ReturnType<typeof createAdminClient>): Pick<PlaceOrderDeps, 'countRequest'> {
  const limit = (env.rateLimits ?? DEFAULT_FUNCTION_RATE_LIMITS).placeOrder;
  if (limit === 0) return {};
  const limiter = createPostgresRateLimiter(rpcRateLimitSql(admin), { name: 'place-order', limit, windowSeconds: 60 });
  return { countRequest: (address) => limiter.hit([`ip:${address}`]) };
}

/** place-order as it is served: `Deno.serve(placeOrderFunction((name) => Deno.env.get(name)))`. */
export function placeOrderFunction(get: EnvGetter): Handler {
  return functionFromEnv('place-order', get, (env) => createPlaceOrderHandler(createPlaceOrderDeps(env)));
}
