import { CATEGORY_IDS, DEFAULT_CATEGORY, type CategoryId } from '../../src/domain/categories.ts';
import { WITHDRAWAL_ALREADY_REQUESTED, withdrawalLineKey } from '../../src/domain/withdrawal-request.ts';
import { WITHDRAWAL_RULES, type WithdrawalRule } from '../../src/domain/withdrawal-right.ts';
import { functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import { HttpError, type Handler } from '../_shared/http.ts';
import { kickMailDispatch } from '../_shared/mail-dispatch-kick.ts';
import { createPostgresRateLimiter, rpcRateLimitSql } from '../_shared/rate-limit.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createWithdrawalRequestHandler, type WithdrawalOrder, type WithdrawalRequestDeps } from './handler.ts';
import { lineName } from '../../src/domain/product-sizes.ts';

/**
 * Requests per 15 minutes: one customer looks up and sends a few times for
 * one order (number + email); one address may serve a household or an
 * office. Nothing counts per email alone: a stranger's wrong numbers from
 * elsewhere never block the customer's right pair.
 */
export const WITHDRAWAL_WINDOW_SECONDS = 15 * 60;
export const WITHDRAWAL_PAIR_LIMIT = 10;
export const WITHDRAWAL_ADDRESS_LIMIT = 60;

const ORDER_COLUMNS =
  'id, payu_order_id, customer_email, created_at, updated_at, status, fulfilment_state, delivery_date, ribbon_text, order_items(product_id, product_name, size_label, quantity, products(category, withdrawal_rule)), withdrawal_requests(state, accepted_lines)';

const categoryOf = (value: string | undefined): CategoryId =>
  (CATEGORY_IDS as readonly string[]).includes(value ?? '') ? (value as CategoryId) : DEFAULT_CATEGORY;
const ruleOf = (value: string | null | undefined): WithdrawalRule | undefined =>
  (WITHDRAWAL_RULES as readonly string[]).includes(value ?? '') ? (value as WithdrawalRule) : undefined;

/** Pieces per order line (product and size) in the order's earlier requests that the owner has not rejected. */
function requestedPieces(rows: { state: string; accepted_lines: unknown }[]): Map<string, number> {
  const pieces = new Map<string, number>();
  for (const row of rows.filter((request) => request.state !== 'rejected')) {
    for (const line of Array.isArray(row.accepted_lines) ? row.accepted_lines : []) {
      const { productId, sizeLabel, quantity } = (line ?? {}) as { productId?: unknown; sizeLabel?: unknown; quantity?: unknown };
      if (typeof productId !== 'string' || typeof quantity !== 'number') continue;
      // Requests from before sizes have no sizeLabel: a line without a size.
      const key = withdrawalLineKey({ productId, sizeLabel: typeof sizeLabel === 'string' ? sizeLabel : null });
      pieces.set(key, (pieces.get(key) ?? 0) + quantity);
    }
  }
  return pieces;
}

/** The real dependencies: service-role reads of the order and its requests, and record_withdrawal_request. */
export function createWithdrawalRequestDeps(env: FunctionEnv): WithdrawalRequestDeps {
  const admin = createAdminClient(env);
  const sql = rpcRateLimitSql(admin);
  return {
    authenticate: createCallerAuthFromEnv(env),
    rateLimiters: {
      address: createPostgresRateLimiter(sql, {
        name: 'withdrawal-address',
        limit: WITHDRAWAL_ADDRESS_LIMIT,
        windowSeconds: WITHDRAWAL_WINDOW_SECONDS,
      }),
      pair: createPostgresRateLimiter(sql, {
        name: 'withdrawal-pair',
        limit: WITHDRAWAL_PAIR_LIMIT,
        windowSeconds: WITHDRAWAL_WINDOW_SECONDS,
      }),
    },
    async findOrder(number): Promise<WithdrawalOrder | null> {
      const { data, error } = await admin.from('orders').select(ORDER_COLUMNS).eq('payu_order_id', number).maybeSingle();
      if (error) throw new Error(`loading the order failed: ${error.message}`);
      const row = data;
      if (!row) return null;
      // Earlier requests come embedded: one query whether the email then matches or not.
      const pieces = requestedPieces(row.withdrawal_requests);
      return {
        id: row.id,
        number: row.payu_order_id,
        customerEmail: row.customer_email,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        status: row.status,
        fulfilmentState: row.fulfilment_state,
        deliveryDate: row.delivery_date,
        ribbonText: row.ribbon_text,
        lines: row.order_items.map((item) => ({
          productId: item.product_id,
          sizeLabel: item.size_label,
          name: lineName(item.product_name, item.size_label),
          quantity: item.quantity,
          alreadyRequested: pieces.get(withdrawalLineKey({ productId: item.product_id, sizeLabel: item.size_label })) ?? 0,
          product: { category: categoryOf(item.products?.category), withdrawal_rule: ruleOf(item.products?.withdrawal_rule) },
        })),
      };
    },
    async record(orderId, decision, reason, periodNote) {
      const { data, error } = await admin.rpc('record_withdrawal_request', {
        p_order_id: orderId,
        p_accepted: decision.accepted,
        p_refused: decision.refused,
        p_reason: reason,
        p_period_note: periodNote,
      });
      // A request sent at the same moment took these pieces first (the order's row lock made them take turns).
      if (error?.message.includes('withdrawal_exceeds_order')) throw new HttpError(409, 'already_requested', WITHDRAWAL_ALREADY_REQUESTED);
      if (error) throw new Error(`storing the withdrawal request failed: ${error.message}`);
      return data as unknown;
    },
    kickMail: () => kickMailDispatch(env),
    now: () => Date.now(),
  };
}

/** withdrawal-request as it is served: `Deno.serve(withdrawalRequestFunction((name) => Deno.env.get(name)))`. */
export function withdrawalRequestFunction(get: EnvGetter): Handler {
  return functionFromEnv('withdrawal-request', get, (env) => createWithdrawalRequestHandler(createWithdrawalRequestDeps(env)));
}
