import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { EMPTY_REGISTER_FORM, registerSchema, type RegisterFormValues } from '../../domain/auth-schema.ts';
import { TextInputField } from '../../lib/form-field.tsx';
import { AuthFormError, authSubmitClass } from './auth-card.tsx';
import { useAuth } from './use-auth.ts';
import { schemaValidation } from '../../lib/schema-validation.ts';

const FIELDS = [
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Hasło', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Powtórz hasło', type: 'password', autoComplete: 'new-password' },
] as const;

/** docs/spec.md §2/§5 registration: email, password (min 6), repeat password, link to /login. */
export function RegisterForm() {
  const baseId = useId();
  const { register } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);

  const form = useForm({
    defaultValues: EMPTY_REGISTER_FORM as RegisterFormValues,
    ...schemaValidation(registerSchema),
    onSubmit: async ({ value }) => {
      setServerError(null);
      const { email, password } = v.parse(registerSchema, value);
      const result = await register(email, password);
      if (!result.ok) setServerError(result.error);
      else if (result.pendingConfirmation) setAwaitingConfirmation(email);
    },
  });

  if (awaitingConfirmation) return <CheckYourInbox email={awaitingConfirmation} />;

  return (
    <form
      noValidate
      aria-label="Rejestracja"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <AuthFormError message={serverError} />
      {FIELDS.map(({ name, label, type, autoComplete }) => (
        <form.Field key={name} name={name}>
          {(field) => (
            <TextInputField field={field} id={`${baseId}-${name}`} label={label} name={name} type={type} autoComplete={autoComplete} />
          )}
        </form.Field>
      ))}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <button type="submit" className={authSubmitClass} disabled={isSubmitting}>
            {isSubmitting ? 'Rejestracja...' : 'Zarejestruj się'}
          </button>
        )}
      </form.Subscribe>
      <p className="text-center text-sm text-ink-muted">
        Masz już konto?{' '}
        <Link to="/login" className="font-semibold text-forest-800 underline">
          Zaloguj się
        </Link>
      </p>
    </form>
  );
}

/**
 * After signing up with confirmations on. Worded so it holds whether or not
 * the address already had an account (nothing is sent then).
 */
function CheckYourInbox({ email }: { email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves here, so a screen reader reads it out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-forest-900">
        Sprawdź skrzynkę
      </h2>
      <p role="status">
        Wysłaliśmy na adres <strong>{email}</strong> link potwierdzający rejestrację. Kliknij go, a potem zaloguj się. Link działa przez
        godzinę.
      </p>
      <p className="text-sm text-ink-muted">
        Nie widzisz wiadomości? Zajrzyj do folderu spam. Jeśli masz już konto z tym adresem,{' '}
        <Link to="/login" className="font-semibold text-forest-800 underline">
          zaloguj się
        </Link>{' '}
        albo skorzystaj z „Nie pamiętasz hasła?”.
      </p>
    </div>
  );
}
