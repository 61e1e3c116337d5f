import * as v from 'valibot';
import { contactMessageSchema, type ContactSubject } from '../../src/domain/contact-schema.ts';
import { issuesByField, joinIssueMessages } from '../../src/domain/validation-issues.ts';
import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';
import { clientAddress, rateLimitedResponse, type RateLimiter } from '../_shared/rate-limit.ts';

/** A validated, trimmed contact message as stored and mailed. */
export interface ContactMessageRecord {
  name: string;
  email: string;
  phone: string | null;
  subject: ContactSubject;
  message: string;
}

export interface SendContactEmailDeps {
  /** The shop's own pages send the form: anon/publishable key or a signed-in user; anything else is 401. */
  authenticate: Authenticate;
  /** Saves the message (contact_messages); a failure here is a failure of the call. */
  storeMessage(message: ContactMessageRecord): Promise<void>;
  /** Present only when a mail provider is configured; a failure is logged, the message is already stored. */
  sendMail?(message: ContactMessageRecord): Promise<void>;
  /** Counts accepted messages per sender address and per email (CONTACT_RATE_LIMIT per 10 minutes); absent → no limit. */
  rateLimiter?: RateLimiter;
}

export const CONTACT_RATE_WINDOW_SECONDS = 10 * 60;
export const CONTACT_RATE_LIMITED_MESSAGE = 'Wysłano zbyt wiele wiadomości. Spróbuj ponownie za kilka minut.';

/** A contact message is small: 5000 characters of text plus the short fields. */
export const MAX_CONTACT_BODY_BYTES = 32 * 1024;

/**
 * docs/spec.md §7 send-contact-email: validates with the contact form's schema,
 * always stores the message, then mails it if a provider is configured.
 * Answers { ok: true }; the client looks only at the status.
 */
export function createSendContactEmailHandler(deps: SendContactEmailDeps): Handler {
  return postHandler('send-contact-email', async (request) => {
    await deps.authenticate(request);
    const body = await readJsonObject(request, MAX_CONTACT_BODY_BYTES);
    const parsed = v.safeParse(contactMessageSchema, body);
    if (!parsed.success) {
      throw new HttpError(400, 'validation_failed', joinIssueMessages(parsed.issues), issuesByField(parsed.issues));
    }
    const { name, email, phone, subject, message } = parsed.output;
    const record: ContactMessageRecord = { name, email, phone: phone === '' ? null : phone, subject, message };

    // A flood from one address, or in one person's name, stops here: nothing is stored.
    // Both keys are counted together, or neither when one is over its limit.
    if (deps.rateLimiter) {
      const decision = await deps.rateLimiter.hit([`ip:${clientAddress(request)}`, `email:${email.toLowerCase()}`]);
      if (!decision.allowed) return rateLimitedResponse(CONTACT_RATE_LIMITED_MESSAGE, decision);
    }

    await deps.storeMessage(record);

    if (deps.sendMail) {
      try {
        await deps.sendMail(record);
      } catch (error) {
        console.error('[send-contact-email] mail delivery failed; the message is stored', error);
      }
    }
    return jsonResponse(200, { ok: true });
  });
}
