import * as v from 'valibot';
import { issuesByField, joinIssueMessages } from '../../src/domain/checkout-schema.ts';
import { contactMessageSchema, type ContactSubject } from '../../src/domain/contact-schema.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';

/** A validated, trimmed contact message as stored and mailed. */
export interface ContactMessageRecord {
  name: string;
  email: string;
  phone: string | null;
  subject: ContactSubject;
  message: string;
}

export interface SendContactEmailDeps {
  /** Saves the message (contact_messages); a failure here is a failure of the call. */
  storeMessage(message: ContactMessageRecord): Promise<void>;
  /** Present only when a mail provider is configured; a failure is logged, the message is already stored. */
  sendMail?(message: ContactMessageRecord): Promise<void>;
}

/** A contact message is small: 5000 characters of text plus the short fields. */
export const MAX_CONTACT_BODY_BYTES = 32 * 1024;

/**
 * Spec §7 send-contact-email: validates with the contact form's schema,
 * always stores the message, then mails it if a provider is configured.
 * Answers { ok: true }; the client looks only at the status.
 */
export function createSendContactEmailHandler(deps: SendContactEmailDeps): Handler {
  return postHandler('send-contact-email', async (request) => {
    const body = await readJsonObject(request, MAX_CONTACT_BODY_BYTES);
    const parsed = v.safeParse(contactMessageSchema, body);
    if (!parsed.success) {
      throw new HttpError(400, 'validation_failed', joinIssueMessages(parsed.issues), issuesByField(parsed.issues));
    }
    const { name, email, phone, subject, message } = parsed.output;
    const record: ContactMessageRecord = { name, email, phone: phone === '' ? null : phone, subject, message };

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
