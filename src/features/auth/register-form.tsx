import { useId, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { EMPTY_REGISTER_FORM, registerSchema, type RegisterFormValues } from '../../domain/auth-schema.ts';
import { TextInputField } from '../../lib/form-field.tsx';
import { AuthFormError, authSubmitClass } from './auth-card.tsx';
import { useAuth } from './use-auth.ts';
import { schemaValidation } from '../../lib/schema-validation.ts';

const FIELDS = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Hasło', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Powtórz hasło', type: 'password', autoComplete: 'new-password' },
] as const;

/** docs/spec.md §2/§5 registration: email, password (min 6), repeat password, link to /login. */
export function RegisterForm() {
  const baseId = useId();
  const { register } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);

  const form = useForm({
    defaultValues: EMPTY_REGISTER_FORM as RegisterFormValues,
    ...schemaValidation(registerSchema),
    onSubmit: async ({ value }) => {
      setServerError(null);
      const { email, password } = v.parse(registerSchema, value);
      const result = await register(email, password);
      if (!result.ok) setServerError(result.error);
    },
  });

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
