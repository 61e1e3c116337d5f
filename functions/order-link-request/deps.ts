import { functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { kickMailDispatch } from '../_shared/mail-dispatch-kick.ts';
import { createPostgresRateLimiter, rpcRateLimitSql } from '../_shared/rate-limit.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import {
  ORDER_LINK_LIMIT,
  ORDER_LINK_MAILS_LIMIT,
  ORDER_LINK_WINDOW_SECONDS,
  createOrderLinkRequestHandler,
  type OrderLinkRequestDeps,
} from './handler.ts';

interface EdgeRuntimeGlobal {
  EdgeRuntime?: { waitUntil?(promise: Promise<unknown>): void };
}

/** The real dependencies: the Postgres rate limiters and a service-role insert into mail_jobs (which mints the token when it sends). */
export function createOrderLinkRequestDeps(env: FunctionEnv): OrderLinkRequestDeps {
  const admin = createAdminClient(env);
  const sql = rpcRateLimitSql(admin);
  const mailsSent = createPostgresRateLimiter(sql, {
    name: 'order-link-mail',
    limit: ORDER_LINK_MAILS_LIMIT,
    windowSeconds: ORDER_LINK_WINDOW_SECONDS,
  });
  return {
    authenticate: createCallerAuthFromEnv(env),
    rateLimiter: createPostgresRateLimiter(sql, { name: 'order-link', limit: ORDER_LINK_LIMIT, windowSeconds: ORDER_LINK_WINDOW_SECONDS }),
    async queueLinkMail(number, email) {
      const { data, error } = await admin.from('orders').select('id, customer_email').eq('payu_order_id', number).maybeSingle();
      if (error) throw new Error(`loading the order failed: ${error.message}`);
      const order = data;
      if (!order || order.customer_email.trim().toLowerCase() !== email) return;
      // Counted only for mails that go out: a stranger's wrong guesses never use up the customer's mails.
      if (!(await mailsSent.hit([`email:${email}`])).allowed) return;
      // The order's own address, never the one typed in (they match, but the stored one is the record).
      const queued = await admin
        .from('mail_jobs')
        .insert({ order_id: order.id, kind: 'order-link', recipient: order.customer_email.trim() });
      if (queued.error) throw new Error(`queueing the link mail failed: ${queued.error.message}`);
      kickMailDispatch(env);
    },
    waitUntil(task) {
      (globalThis as EdgeRuntimeGlobal).EdgeRuntime?.waitUntil?.(task);
    },
  };
}

/** order-link-request as it is served: `Deno.serve(orderLinkRequestFunction((name) => Deno.env.get(name)))`. */
export function orderLinkRequestFunction(get: EnvGetter): Handler {
  return functionFromEnv('order-link-request', get, (env) => createOrderLinkRequestHandler(createOrderLinkRequestDeps(env)));
}
