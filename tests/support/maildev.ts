import { waitUntil } from '../../server/local-backend/process-utils.ts';

/** A message as MailDev's REST API (`GET /api/email`) lists it; only the fields the tests read. */
export interface ReceivedMail {
  id: string;
  subject: string;
  html?: string;
  text?: string;
  to: { address: string; name?: string }[];
  from: { address: string; name?: string }[];
}

/** Every message MailDev holds, oldest first. */
export async function receivedMail(mailUrl: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${mailUrl}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered HTTP ${response.status}`);
  return (await response.json()) as ReceivedMail[];
}

/** The messages to one address. */
export async function mailTo(mailUrl: string, address: string): Promise<ReceivedMail[]> {
  const all = await receivedMail(mailUrl);
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Waits until `count` messages to the address have arrived (or the time is up) and returns them all. */
export async function waitForMailTo(mailUrl: string, address: string, count = 1, timeoutMs = 15_000): Promise<ReceivedMail[]> {
  let mails: ReceivedMail[] = [];
  await waitUntil(
    async () => {
      mails = await mailTo(mailUrl, address);
      return mails.length >= count;
    },
    timeoutMs,
    200,
  );
  return mails;
}

/** The message as it arrived (RFC 5322 source), for headers the API does not list (Reply-To). */
export async function mailSource(mailUrl: string, id: string): Promise<string> {
  const response = await fetch(`${mailUrl}/api/email/${encodeURIComponent(id)}/source`);
  if (!response.ok) throw new Error(`MailDev answered HTTP ${response.status}`);
  return response.text();
}
