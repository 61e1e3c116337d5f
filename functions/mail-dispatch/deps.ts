import { functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { hashOrderLinkToken, newOrderLinkToken } from '../_shared/mail/order-link-token.ts';
import { ksefQrUrlFromEnv } from '../_shared/invoice-pdf/stored-invoice-pdf.ts';
import { mailerFromEnv, type Mailer } from '../_shared/mailer.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import { createMailDispatchHandler, type MailDispatchDeps } from './handler.ts';
import { invoiceAttachments } from './invoice-attachment.ts';
import { MAIL_SETTING_KEYS, ORDER_MAIL_COLUMNS, mailContext } from './order-context.ts';

/** The real dependencies: the service-role client, the mail_jobs SQL functions and the configured mailer. */
export function createMailDispatchDeps(env: FunctionEnv, mailer: Mailer | null, ksefQrUrl: string): MailDispatchDeps {
  const admin = createAdminClient(env);
  return {
    authenticate: createCallerAuthFromEnv(env),
    mailer,
    async claim(limit) {
      const { data, error } = await admin.rpc('claim_mail_jobs', { p_limit: limit });
      if (error) throw new Error(`claiming mail jobs failed: ${error.message}`);
      return data ?? [];
    },
    async finish(jobId, failure) {
      const { error } = await admin.rpc('finish_mail_job', { p_id: jobId, p_error: failure });
      if (error) throw new Error(`recording a mail job failed: ${error.message}`);
    },
    async loadContext(orderId) {
      const [order, settings] = await Promise.all([
        admin.from('orders').select(ORDER_MAIL_COLUMNS).eq('id', orderId).maybeSingle(),
        admin
          .from('app_settings')
          .select('key, value')
          .in('key', [...MAIL_SETTING_KEYS]),
      ]);
      if (order.error) throw new Error(`loading the order failed: ${order.error.message}`);
      if (settings.error) throw new Error(`loading the shop's settings failed: ${settings.error.message}`);
      if (!order.data) return null;
      const values = Object.fromEntries(settings.data.map((row) => [row.key, row.value]));
      return mailContext(order.data, values, env.siteUrl ?? null);
    },
    async mintOrderToken(orderId) {
      const token = newOrderLinkToken();
      const { error } = await admin.from('order_link_tokens').insert({ order_id: orderId, token_hash: await hashOrderLinkToken(token) });
      if (error) throw new Error(`storing the order link token failed: ${error.message}`);
      return token;
    },
    attachmentsFor: (job) => invoiceAttachments(admin, job, ksefQrUrl),
  };
}

/** mail-dispatch as it is served: `Deno.serve(mailDispatchFunction((name) => Deno.env.get(name)))`. */
export function mailDispatchFunction(get: EnvGetter): Handler {
  return functionFromEnv('mail-dispatch', get, (env) =>
    createMailDispatchHandler(
      createMailDispatchDeps(
        env,
        mailerFromEnv({ SMTP_URL: get('SMTP_URL'), RESEND_API_KEY: get('RESEND_API_KEY'), MAIL_FROM: get('MAIL_FROM') }),
        ksefQrUrlFromEnv(get),
      ),
    ),
  );
}
