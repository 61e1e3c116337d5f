import { useId, useRef, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import {
  CONTACT_LIMITS,
  CONTACT_SUBJECTS,
  CONTACT_SUBJECT_LABELS,
  EMPTY_CONTACT_FORM,
  contactMessageSchema,
  type ContactFormValues,
} from '../../domain/contact-schema.ts';
import { EmailField, SelectField, TextAreaField, TextInputField } from '../../lib/form-field.tsx';
import { CONTACT_SEND_ERROR, sendContactMessage } from './send-contact-message.ts';
import { schemaValidation } from '../../lib/schema-validation.ts';

type Status = 'idle' | 'sent' | 'failed';

/** docs/spec.md §2/§5 contact form: validated with the same schema the function re-parses. */
export function ContactForm() {
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>('idle');

  const form = useForm({
    defaultValues: EMPTY_CONTACT_FORM as ContactFormValues,
    // Quiet until the first submit, then re-checks on every change (messages disappear as they are fixed).
    ...schemaValidation(contactMessageSchema),
    onSubmit: async ({ value, formApi }) => {
      setStatus('idle');
      try {
        await sendContactMessage(v.parse(contactMessageSchema, value));
        formApi.reset();
        setStatus('sent');
      } catch {
        setStatus('failed');
      }
    },
    onSubmitInvalid: () => {
      // Next frame: the messages and aria-invalid flags are rendered by then.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    },
  });

  const fieldId = (name: keyof ContactFormValues) => `${baseId}-${name}`;

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Formularz kontaktowy"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <form.Field name="name">
          {(field) => (
            <TextInputField
              field={field}
              id={fieldId('name')}
              label="Imię i nazwisko"
              name="name"
              type="text"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
            />
          )}
        </form.Field>

        <form.Field name="email">
          {(field) => <EmailField field={field} id={fieldId('email')} maxLength={CONTACT_LIMITS.email} />}
        </form.Field>

        <form.Field name="phone">
          {(field) => (
            <TextInputField
              field={field}
              id={fieldId('phone')}
              label={
                <>
                  Telefon <span className="font-normal text-ink-muted">(opcjonalnie)</span>
                </>
              }
              name="phone"
              type="tel"
              autoComplete="tel"
              placeholder="+48 123 456 789"
              maxLength={CONTACT_LIMITS.phone}
            />
          )}
        </form.Field>

        <form.Field name="subject">
          {(field) => (
            <SelectField field={field} id={fieldId('subject')} label="Temat" name="subject">
              <option value="">Wybierz temat…</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {CONTACT_SUBJECT_LABELS[subject]}
                </option>
              ))}
            </SelectField>
          )}
        </form.Field>
      </div>

      <form.Field name="message">
        {(field) => (
          <TextAreaField
            field={field}
            id={fieldId('message')}
            label="Wiadomość"
            name="message"
            rows={6}
            maxLength={CONTACT_LIMITS.message}
          />
        )}
      </form.Field>

      <div aria-live="polite" role="status">
        {status === 'sent' && (
          <p className="rounded-xl border border-forest-200 bg-forest-50 px-4 py-3 font-medium text-forest-900">Dziękujemy za wiadomość!</p>
        )}
      </div>
      {status === 'failed' && (
        <p role="alert" className="rounded-xl border border-blush-200 bg-blush-50 px-4 py-3 font-medium text-blush-700">
          {CONTACT_SEND_ERROR}
        </p>
      )}

      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting} aria-disabled={isSubmitting}>
            {isSubmitting ? 'Wysyłanie...' : 'Wyślij wiadomość'}
          </button>
        )}
      </form.Subscribe>
    </form>
  );
}
