import type { ContactMessage } from '../../domain/contact-schema.ts';
import { getBackendConfig } from '../../lib/backend-config.ts';

export const CONTACT_SEND_ERROR =
  'Wystąpił błąd podczas wysyłania wiadomości. Prosimy spróbować później lub skontaktować się telefonicznie.';

/** Spec §7: POST functions/v1/send-contact-email with the anon bearer key; only the ok status counts. */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  const { url, anonKey } = getBackendConfig();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (anonKey) {
    headers.Authorization = `Bearer ${anonKey}`;
    headers.apikey = anonKey;
  }
  const response = await fetch(`${url}/functions/v1/send-contact-email`, {
    method: 'POST',
    headers,
    body: JSON.stringify(message),
  });
  if (!response.ok) throw new Error(`send-contact-email: HTTP ${response.status}`);
}
