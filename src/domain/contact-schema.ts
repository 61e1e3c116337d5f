import * as v from 'valibot';
import { EMAIL_PATTERN, PHONE_PATTERN } from './patterns.ts';
import { INVALID_CHARACTERS_MESSAGE, isCleanText, isPersonName, personNameMessage } from './text-rules.ts';

/**
 * The contact form (docs/spec.md §3, §5), defined once: the contact page validates
 * with it and the send-contact-email function re-parses the same schema.
 */

export const CONTACT_SUBJECTS = ['order', 'info', 'complaint', 'cooperation', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  order: 'Zamówienie',
  info: 'Informacje',
  complaint: 'Reklamacja',
  cooperation: 'Współpraca',
  other: 'Inne',
};

/** Limits that match the contact_messages table's checks. */
export const CONTACT_LIMITS = { name: 200, email: 254, phone: 30, message: 5000 } as const;

const PHONE_MESSAGE = 'Nieprawidłowy format telefonu (użyj formatu: +48 123 456 789)';

const text = (required: string, max: number, tooLong: string, { multiline = false } = {}) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.maxLength(max, tooLong),
    v.check((value: string) => isCleanText(value, { multiline }), INVALID_CHARACTERS_MESSAGE),
  );

/** A pattern rule that stays quiet on an empty value, which 'required' already reports. */
const unlessEmpty = (isValid: (value: string) => boolean, message: string) =>
  v.check((value: string) => value === '' || isValid(value), message);

// Every field defaults to '', so a missing key gets the same Polish
// 'required' message as an empty one (not valibot's English key issue).
const required = <T extends v.GenericSchema<string, unknown>>(schema: T) => v.optional(schema, '');

export const contactMessageSchema = v.object({
  name: required(
    v.pipe(
      text('Imię i nazwisko jest wymagane', CONTACT_LIMITS.name, `Imię i nazwisko może mieć najwyżej ${CONTACT_LIMITS.name} znaków`),
      v.nonEmpty('Imię i nazwisko jest wymagane'),
      unlessEmpty(isPersonName, personNameMessage('Imię i nazwisko')),
    ),
  ),
  email: required(
    v.pipe(
      text('Adres e-mail jest wymagany', CONTACT_LIMITS.email, `Adres e-mail może mieć najwyżej ${CONTACT_LIMITS.email} znaki`),
      v.nonEmpty('Adres e-mail jest wymagany'),
      unlessEmpty((value) => EMAIL_PATTERN.test(value), 'Nieprawidłowy format adresu e-mail'),
    ),
  ),
  phone: required(
    v.pipe(
      text(PHONE_MESSAGE, CONTACT_LIMITS.phone, `Telefon może mieć najwyżej ${CONTACT_LIMITS.phone} znaków`),
      unlessEmpty((value) => PHONE_PATTERN.test(value), PHONE_MESSAGE),
    ),
  ),
  subject: v.pipe(v.optional(v.string('Wybierz temat wiadomości'), ''), v.picklist(CONTACT_SUBJECTS, 'Wybierz temat wiadomości')),
  message: required(
    v.pipe(
      text('Wiadomość jest wymagana', CONTACT_LIMITS.message, `Wiadomość może mieć najwyżej ${CONTACT_LIMITS.message} znaków`, {
        multiline: true,
      }),
      v.nonEmpty('Wiadomość jest wymagana'),
    ),
  ),
});

export type ContactMessage = v.InferOutput<typeof contactMessageSchema>;

/** What the form holds before validation: every field a string, subject '' until chosen. */
export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  subject: ContactSubject | '';
  message: string;
}

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', phone: '', subject: '', message: '' };
