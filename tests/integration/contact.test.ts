import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, invokeFunction, withDatabase } from '../support/test-backend.ts';

interface StoredMessage {
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
}

async function messagesFrom(email: string): Promise<StoredMessage[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<StoredMessage>('select name, email, phone, subject, message from contact_messages where email = $1', [
      email,
    ]);
    return rows;
  });
}

describe('send-contact-email', () => {
  it('stores the message of a guest, as the contact form sends it', async () => {
    const email = `kontakt-${randomUUID().slice(0, 8)}@example.test`;
    const answer = await invokeFunction(anonClient(), 'send-contact-email', {
      name: ' Jan Nowak ',
      email,
      phone: '+48 600 100 200',
      subject: 'cooperation',
      message: 'Dzień dobry, chciałbym zamówić kwiaty na wesele.',
    });

    expect(answer).toEqual({ status: 200, body: { ok: true } });
    expect(await messagesFrom(email)).toEqual([
      {
        name: 'Jan Nowak',
        email,
        phone: '+48 600 100 200',
        subject: 'cooperation',
        message: 'Dzień dobry, chciałbym zamówić kwiaty na wesele.',
      },
    ]);
  });

  it('refuses a hostile body (huge message, unknown subject) with 400 and stores nothing', async () => {
    const email = `spam-${randomUUID().slice(0, 8)}@example.test`;
    const answer = await invokeFunction(anonClient(), 'send-contact-email', {
      name: 'Spam',
      email,
      subject: 'spam',
      message: 'x'.repeat(20_000),
    });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'validation_failed',
      fields: { subject: 'Wybierz temat wiadomości', message: 'Wiadomość może mieć najwyżej 5000 znaków' },
    });
    expect(await messagesFrom(email)).toEqual([]);
  });

  it('refuses a body over the size limit before parsing it', async () => {
    const email = `big-${randomUUID().slice(0, 8)}@example.test`;
    const answer = await invokeFunction(anonClient(), 'send-contact-email', {
      name: 'Big',
      email,
      subject: 'other',
      message: 'x'.repeat(100_000),
    });

    expect(answer.status).toBe(413);
    expect(await messagesFrom(email)).toEqual([]);
  });

  it('keeps contact_messages closed to the anonymous key', async () => {
    const client = anonClient();
    const insert = await client
      .from('contact_messages')
      .insert({ name: 'Anon', email: 'anon@example.test', subject: 'other', message: 'bez funkcji' });
    expect(insert.error).not.toBeNull();

    const read = await client.from('contact_messages').select('id');
    expect(read.error).not.toBeNull();
  });
});
