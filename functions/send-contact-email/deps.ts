import { CONTACT_SUBJECT_LABELS } from '../../src/domain/contact-schema.ts';
import { DEFAULT_FUNCTION_RATE_LIMITS, functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { createPostgresRateLimiter, rpcRateLimitSql } from '../_shared/rate-limit.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import {
  CONTACT_RATE_WINDOW_SECONDS,
  createSendContactEmailHandler,
  type ContactMessageRecord,
  type SendContactEmailDeps,
} from './handler.ts';

/** Resend settings; all optional: without a key and a recipient no mail is sent. */
export interface MailConfig {
  apiKey: string;
  to: string;
  from: string;
}

const DEFAULT_FROM = 'Kwiaciarnia <onboarding@resend.dev>';
const RESEND_ENDPOINT = 'https://api.resend.com/emails';

export function readMailConfig(get: (name: string) => string | undefined): MailConfig | null {
  const apiKey = get('RESEND_API_KEY')?.trim();
  const to = get('CONTACT_EMAIL_TO')?.trim();
  if (!apiKey || !to) return null;
  return { apiKey, to, from: get('CONTACT_EMAIL_FROM')?.trim() || DEFAULT_FROM };
}

function mailText(message: ContactMessageRecord): string {
  return [
    `Imię i nazwisko: ${message.name}`,
    `Email: ${message.email}`,
    `Telefon: ${message.phone ?? '—'}`,
    `Temat: ${CONTACT_SUBJECT_LABELS[message.subject]}`,
    '',
    message.message,
  ].join('\n');
}

/** Sends the message to the shop through Resend's HTTP API (reply goes to the customer). */
export function resendMailer(config: MailConfig, fetchImpl: typeof fetch = fetch) {
  return async (message: ContactMessageRecord): Promise<void> => {
    const response = await fetchImpl(RESEND_ENDPOINT, {
      method: 'POST',
      headers: { Authorization: `Bearer ${config.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        from: config.from,
        to: [config.to],
        reply_to: message.email,
        subject: `Wiadomość ze sklepu: ${CONTACT_SUBJECT_LABELS[message.subject]} — ${message.name}`,
        text: mailText(message),
      }),
    });
    if (!response.ok) throw new Error(`Resend answered HTTP ${response.status}: ${await response.text()}`);
  };
}

/**
 * The real dependencies: a service-role insert (anon may not write
 * contact_messages), a flood limit counted in Postgres (CONTACT_RATE_LIMIT,
 * default 5, messages per 10 minutes per address and per email; 0 → none)
 * and, if configured, Resend.
 */
export function createSendContactEmailDeps(env: FunctionEnv, mail: MailConfig | null): SendContactEmailDeps {
  const admin = createAdminClient(env);
  const limit = (env.rateLimits ?? DEFAULT_FUNCTION_RATE_LIMITS).contact;
  return {
    authenticate: createCallerAuthFromEnv(env),
    async storeMessage(message) {
      const { error } = await admin.from('contact_messages').insert(message);
      if (error) throw new Error(`storing the contact message failed: ${error.code} ${error.message}`);
    },
    ...(limit > 0
      ? {
          rateLimiter: createPostgresRateLimiter(rpcRateLimitSql(admin), {
            name: 'contact',
            limit,
            windowSeconds: CONTACT_RATE_WINDOW_SECONDS,
          }),
        }
      : {}),
    ...(mail ? { sendMail: resendMailer(mail) } : {}),
  };
}

/** send-contact-email as it is served: `Deno.serve(sendContactEmailFunction((name) => Deno.env.get(name)))`; the mail settings are optional. */
export function sendContactEmailFunction(get: EnvGetter): Handler {
  return functionFromEnv('send-contact-email', get, (env) =>
    createSendContactEmailHandler(createSendContactEmailDeps(env, readMailConfig(get))),
  );
}
