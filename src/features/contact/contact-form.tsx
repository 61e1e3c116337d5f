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
import { FormField, fieldA11y, firstError, inputClass } from '../../lib/form-field.tsx';
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
          {(field) => {
            const error = firstError(field.state.meta.errors);
            return (
              <FormField id={fieldId('name')} label="Imię i nazwisko" error={error}>
                <input
                  {...fieldA11y(fieldId('name'), error)}
                  name="name"
                  type="text"
                  autoComplete="name"
                  maxLength={CONTACT_LIMITS.name}
                  className={inputClass}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                />
              </FormField>
            );
          }}
        </form.Field>

        <form.Field name="email">
          {(field) => {
            const error = firstError(field.state.meta.errors);
            return (
              <FormField id={fieldId('email')} label="Email" error={error}>
                <input
                  {...fieldA11y(fieldId('email'), error)}
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  maxLength={CONTACT_LIMITS.email}
                  className={inputClass}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                />
              </FormField>
            );
          }}
        </form.Field>

        <form.Field name="phone">
          {(field) => {
            const error = firstError(field.state.meta.errors);
            return (
              <FormField
                id={fieldId('phone')}
                label={
                  <>
                    Telefon <span className="font-normal text-ink-muted">(opcjonalnie)</span>
                  </>
                }
                error={error}
              >
                <input
                  {...fieldA11y(fieldId('phone'), error)}
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  placeholder="+48 123 456 789"
                  maxLength={CONTACT_LIMITS.phone}
                  className={inputClass}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                />
              </FormField>
            );
          }}
        </form.Field>

        <form.Field name="subject">
          {(field) => {
            const error = firstError(field.state.meta.errors);
            return (
              <FormField id={fieldId('subject')} label="Temat" error={error}>
                <select
                  {...fieldA11y(fieldId('subject'), error)}
                  name="subject"
                  className={`${inputClass} min-h-[3.125rem]`}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value as ContactFormValues['subject'])}
                  onBlur={field.handleBlur}
                >
                  <option value="">Wybierz temat…</option>
                  {CONTACT_SUBJECTS.map((subject) => (
                    <option key={subject} value={subject}>
                      {CONTACT_SUBJECT_LABELS[subject]}
                    </option>
                  ))}
                </select>
              </FormField>
            );
          }}
        </form.Field>
      </div>

      <form.Field name="message">
        {(field) => {
          const error = firstError(field.state.meta.errors);
          return (
            <FormField id={fieldId('message')} label="Wiadomość" error={error}>
              <textarea
                {...fieldA11y(fieldId('message'), error)}
                name="message"
                rows={6}
                maxLength={CONTACT_LIMITS.message}
                className={`${inputClass} resize-y`}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
              />
            </FormField>
          );
        }}
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
