import { CONTACT_SUBJECT_LABELS } from '../../src/domain/contact-schema.ts';
import { DEFAULT_FUNCTION_RATE_LIMITS, functionFromEnv, type EnvGetter, type FunctionEnv } from '../_shared/env.ts';
import type { Handler } from '../_shared/http.ts';
import { mailerFromEnv, type MailMessage, type Mailer } from '../_shared/mailer.ts';
import { createPostgresRateLimiter, rpcRateLimitSql } from '../_shared/rate-limit.ts';
import { createAdminClient, createCallerAuthFromEnv } from '../_shared/supabase-clients.ts';
import {
  CONTACT_RATE_WINDOW_SECONDS,
  createSendContactEmailHandler,
  type ContactMessageRecord,
  type SendContactEmailDeps,
} from './handler.ts';

/** Where the contact form's mail goes: the configured mailer, to CONTACT_EMAIL_TO or else the shop's company_email. */
export interface ContactMailConfig {
  mailer: Mailer;
  /** CONTACT_EMAIL_TO; null → the company_email setting at send time. */
  to: string | null;
}

/** Mail is sent only when a mailer (SMTP_URL or RESEND_API_KEY) is configured. */
export function readContactMailConfig(get: (name: string) => string | undefined): ContactMailConfig | null {
  // CONTACT_EMAIL_FROM (the older, contact-only setting) still wins over MAIL_FROM.
  const from = get('CONTACT_EMAIL_FROM')?.trim() || get('MAIL_FROM');
  const mailer = mailerFromEnv({ SMTP_URL: get('SMTP_URL'), RESEND_API_KEY: get('RESEND_API_KEY'), MAIL_FROM: from });
  return mailer ? { mailer, to: get('CONTACT_EMAIL_TO')?.trim() || null } : null;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The shop's copy of a contact message; a reply goes to the customer. */
export function contactMail(message: ContactMessageRecord, to: string): MailMessage {
  const text = [
    `Imię i nazwisko: ${message.name}`,
    `E-mail: ${message.email}`,
    `Telefon: ${message.phone ?? '—'}`,
    `Temat: ${CONTACT_SUBJECT_LABELS[message.subject]}`,
    '',
    message.message,
  ].join('\n');
  return {
    to,
    replyTo: message.email,
    subject: `Wiadomość ze sklepu: ${CONTACT_SUBJECT_LABELS[message.subject]} — ${message.name}`,
    text,
    html: `<pre style="font-family:sans-serif;white-space:pre-wrap">${escapeHtml(text)}</pre>`,
  };
}

async function companyEmail(admin: ReturnType<typeof createAdminClient>): Promise<string | null> {
  const { data, error } = await admin.from('app_settings').select('value').eq('key', 'company_email').maybeSingle();
  if (error) throw new Error(`loading company_email failed: ${error.message}`);
  return data?.value.trim() || null;
}

/**
 * The real dependencies: a service-role insert (anon may not write
 * contact_messages), a flood limit counted in Postgres (CONTACT_RATE_LIMIT,
 * default 5, messages per 10 minutes per address and per email; 0 → none)
 * and, if configured, the
 * mailer (SMTP or Resend, functions/_shared/mailer.ts).
 */
export function createSendContactEmailDeps(env: FunctionEnv, mail: ContactMailConfig | null): SendContactEmailDeps {
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
    ...(mail
      ? {
          async sendMail(message: ContactMessageRecord) {
            const to = mail.to ?? (await companyEmail(admin));
            if (!to) throw new Error('no recipient: set CONTACT_EMAIL_TO or the company email in the settings');
            await mail.mailer.send(contactMail(message, to));
          },
        }
      : {}),
  };
}

/** send-contact-email as it is served: `Deno.serve(sendContactEmailFunction((name) => Deno.env.get(name)))`; the mail settings are optional. */
export function sendContactEmailFunction(get: EnvGetter): Handler {
  return functionFromEnv('send-contact-email', get, (env) =>
    createSendContactEmailHandler(createSendContactEmailDeps(env, readContactMailConfig(get))),
  );
}
