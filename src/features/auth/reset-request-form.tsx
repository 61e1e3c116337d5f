import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { EMPTY_RESET_REQUEST_FORM, resetRequestSchema, type ResetRequestFormValues } from '../../domain/auth-schema.ts';
import { EmailField } from '../../lib/form-field.tsx';
import { schemaValidation } from '../../lib/schema-validation.ts';
import { AuthFormError, authSubmitClass } from './auth-card.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { requestPasswordReset } from './password-reset.ts';

/** The reset request: an email, and always the same answer, so nobody learns which addresses have accounts. */
export function ResetRequestForm() {
  const baseId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const answer = useRef<HTMLParagraphElement>(null);
  // The form gives way to the answer: keyboard and screen-reader users are taken to it.
  useEffect(() => {
    if (sentTo !== null) answer.current?.focus();
  }, [sentTo]);

  const form = useForm({
    defaultValues: EMPTY_RESET_REQUEST_FORM as ResetRequestFormValues,
    ...schemaValidation(resetRequestSchema),
    onSubmit: async ({ value }) => {
      setServerError(null);
      const { email } = v.parse(resetRequestSchema, value);
      const result = await requestPasswordReset(email);
      if (result.ok) setSentTo(email);
      else setServerError(result.error);
    },
  });

  if (sentTo !== null) {
    return (
      <div className="space-y-5">
        <p ref={answer} tabIndex={-1} role="status" className="rounded-xl bg-forest-50 px-4 py-3 text-sm font-medium text-forest-900">
          {AUTH_MESSAGES.resetRequested}
        </p>
        <p className="text-sm text-ink-muted">Nie widzisz wiadomości? Sprawdź folder spam albo poproś o link jeszcze raz.</p>
        <button type="button" className="btn-secondary w-full" onClick={() => setSentTo(null)}>
          Wyślij link ponownie
        </button>
        <p className="text-center text-sm">
          <Link to="/login" className="font-semibold text-forest-800 underline">
            Wróć do logowania
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label="Przypomnienie hasła"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <p className="text-sm text-ink-muted">Podaj adres e-mail konta. Wyślemy na niego link do ustawienia nowego hasła.</p>
      <AuthFormError message={serverError} />
      <form.Field name="email">{(field) => <EmailField field={field} id={`${baseId}-email`} />}</form.Field>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <button type="submit" className={authSubmitClass} disabled={isSubmitting}>
            {isSubmitting ? 'Wysyłanie...' : 'Wyślij link'}
          </button>
        )}
      </form.Subscribe>
      <p className="text-center text-sm">
        <Link to="/login" className="font-semibold text-forest-800 underline">
          Wróć do logowania
        </Link>
      </p>
    </form>
  );
}
