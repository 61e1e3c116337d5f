import { useId, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { EMPTY_LOGIN_FORM, loginSchema, type LoginFormValues } from '../../domain/auth-schema.ts';
import { EmailField, TextInputField } from '../../lib/form-field.tsx';
import { AuthFormError, authSubmitClass } from './auth-card.tsx';
import { useAuth } from './use-auth.ts';
import { schemaValidation } from '../../lib/schema-validation.ts';

/** docs/spec.md §2/§5 login: email, password with a show toggle, link to /register. */
export function LoginForm() {
  const baseId = useId();
  const { login } = useAuth();
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const form = useForm({
    defaultValues: EMPTY_LOGIN_FORM as LoginFormValues,
    ...schemaValidation(loginSchema),
    onSubmit: async ({ value }) => {
      setServerError(null);
      const { email, password } = v.parse(loginSchema, value);
      const result = await login(email, password);
      // On success the page redirects once the user is known.
      if (!result.ok) setServerError(result.error);
    },
  });

  const fieldId = (name: keyof LoginFormValues) => `${baseId}-${name}`;

  return (
    <form
      noValidate
      aria-label="Logowanie"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <AuthFormError message={serverError} />
      <form.Field name="email">{(field) => <EmailField field={field} id={fieldId('email')} />}</form.Field>
      <form.Field name="password">
        {(field) => (
          <TextInputField
            field={field}
            id={fieldId('password')}
            label="Hasło"
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            append={
              <button
                type="button"
                aria-pressed={showPassword}
                aria-controls={fieldId('password')}
                className="min-h-11 shrink-0 rounded-xl border border-forest-200 px-3 text-sm font-medium text-forest-800 hover:bg-forest-50"
                onClick={() => setShowPassword((shown) => !shown)}
              >
                Pokaż hasło
              </button>
            }
          />
        )}
      </form.Field>
      <p className="-mt-2 text-right text-sm">
        <Link to="/reset-password" className="font-semibold text-forest-800 underline">
          Nie pamiętasz hasła?
        </Link>
      </p>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <button type="submit" className={authSubmitClass} disabled={isSubmitting}>
            {isSubmitting ? 'Logowanie...' : 'Zaloguj się'}
          </button>
        )}
      </form.Subscribe>
      <p className="text-center text-sm text-ink-muted">
        Nie masz konta?{' '}
        <Link to="/register" className="font-semibold text-forest-800 underline">
          Zarejestruj się
        </Link>
      </p>
    </form>
  );
}
