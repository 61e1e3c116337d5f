import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mailSource, mailTo } from '../support/maildev.ts';
import { anonClient, invokeFunction, testBackend } from '../support/test-backend.ts';

/** The contact form through the one mailer: SMTP (nodemailer in the function's Deno process) into the backend's MailDev. */
describe('the contact form’s mail', () => {
  it('reaches the shop’s address (company_email, CONTACT_EMAIL_TO being unset) with the customer as reply-to', async () => {
    const email = `kontakt-mail-${randomUUID().slice(0, 8)}@example.test`;
    const answer = await invokeFunction(anonClient(), 'send-contact-email', {
      name: 'Jan Nowak',
      email,
      phone: '',
      subject: 'order',
      // A name cannot hold markup (src/domain/text-rules.ts); the message can, and stays text.
      message: `Czy wieniec <i>będzie</i> na sobotę? ${email}`,
    });
    expect(answer.status).toBe(200);

    // The handler answers after the mail was handed over, so it is there now.
    const mails = (await mailTo(testBackend().mailUrl, 'kontakt@kwiaciarnia.local')).filter((mail) => mail.text?.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Wiadomość ze sklepu: Zamówienie — Jan Nowak');
    expect(mails[0]!.html).toContain('wieniec &#60;i&#62;będzie&#60;/i&#62; na');
    expect(await mailSource(testBackend().mailUrl, mails[0]!.id)).toMatch(new RegExp(`^Reply-To: ${email}`, 'mi'));
  });
});
