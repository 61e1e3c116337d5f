import type { ContactMessage } from '../../domain/contact-schema.ts';
import { callFunction } from '../../lib/functions-client.ts';

export const CONTACT_SEND_ERROR =
  'Wystąpił błąd podczas wysyłania wiadomości. Prosimy spróbować później lub skontaktować się telefonicznie.';

/** docs/spec.md §7: POST functions/v1/send-contact-email with the anon bearer key; only the ok status counts. */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  const answer = await callFunction('send-contact-email', message);
  if (!answer.ok) throw new Error(`send-contact-email: HTTP ${answer.status}`);
}
