import { createTransport } from 'nodemailer';

/*
 * The project's one way to send mail (Edge Functions and the local auth).
 *
 *   SMTP_URL        smtp://[user:pass@]host:port (smtps:// for implicit TLS), through nodemailer;
 *                   locally the backend points it at MailDev.
 *   RESEND_API_KEY  Resend's HTTP API, for hosted Supabase where outbound SMTP may be blocked.
 *   MAIL_FROM       the sender, e.g. 'Kwiaciarnia Pod Różą <sklep@kwiaciarnia.pl>'.
 *
 * SMTP wins when both are set. Every send is bounded by short timeouts, so a
 * server that is down fails fast instead of holding the caller.
 */

/** A file sent with the mail (the customer's invoice PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  attachments?: readonly MailAttachment[];
}

/** Base64 of a file, in chunks: one spread of a large array would overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

export interface Mailer {
  readonly transport: 'smtp' | 'resend';
  /** Resolves once the server accepted the message; rejects with a readable Error otherwise. */
  send(message: MailMessage): Promise<void>;
}

export interface MailEnv {
  SMTP_URL?: string;
  RESEND_API_KEY?: string;
  MAIL_FROM?: string;
}

export const DEFAULT_MAIL_FROM = 'Kwiaciarnia Pod Różą <sklep@kwiaciarnia.local>';
/** Resend sends from a verified domain only; without MAIL_FROM its test sender is used (it delivers to the account's own address). */
export const RESEND_TEST_FROM = 'Kwiaciarnia Pod Różą <onboarding@resend.dev>';
export const RESEND_ENDPOINT = 'https://api.resend.com/emails';

/** How long a connection, the server's greeting, or a whole Resend call may take. */
export const MAIL_TIMEOUT_MS = 5_000;

/** SMTP through nodemailer; one connection per message (no pool to keep alive between function calls). */
export function smtpMailer(url: string, from: string): Mailer {
  // The URL's own settings win; the timeouts apply where it sets none.
  const transporter = createTransport({
    url,
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
    socketTimeout: MAIL_TIMEOUT_MS * 2,
    dnsTimeout: MAIL_TIMEOUT_MS,
  });
  return {
    transport: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          // Base64 text rather than a Buffer: the same in Deno and Node.
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  content: toBase64(file.content),
                  encoding: 'base64',
                })),
              }
            : {}),
        });
      } catch (error) {
        throw new Error(`SMTP delivery to ${message.to} failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    },
  };
}

/** Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email). */
export function resendMailer(apiKey: string, from: string, fetchImpl: typeof fetch = fetch): Mailer {
  return {
    transport: 'resend',
    async send(message) {
      let response: Response;
      try {
        response = await fetchImpl(RESEND_ENDPOINT, {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            from,
            to: [message.to],
            subject: message.subject,
            html: message.html,
            text: message.text,
            ...(message.replyTo ? { reply_to: message.replyTo } : {}),
            // Resend's attachments: the file's content as base64, its filename and content_type.
            ...(message.attachments?.length
              ? {
                  attachments: message.attachments.map((file) => ({
                    filename: file.filename,
                    content: toBase64(file.content),
                    content_type: file.contentType,
                  })),
                }
              : {}),
          }),
          signal: AbortSignal.timeout(MAIL_TIMEOUT_MS * 2),
        });
      } catch (error) {
        throw new Error(`Resend could not be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      if (!response.ok) throw new Error(`Resend answered HTTP ${response.status}: ${(await response.text()).slice(0, 500)}`);
    },
  };
}

/** The mailer the environment configures, or null when none is (mail is then not sent). */
export function mailerFromEnv(env: MailEnv, fetchImpl: typeof fetch = fetch): Mailer | null {
  const from = env.MAIL_FROM?.trim();
  const smtpUrl = env.SMTP_URL?.trim();
  if (smtpUrl) return smtpMailer(smtpUrl, from || DEFAULT_MAIL_FROM);
  const apiKey = env.RESEND_API_KEY?.trim();
  if (apiKey) return resendMailer(apiKey, from || RESEND_TEST_FROM, fetchImpl);
  return null;
}
