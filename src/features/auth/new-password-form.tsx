import { useId, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import { EMPTY_NEW_PASSWORD_FORM, newPasswordSchema, type NewPasswordFormValues } from '../../domain/auth-schema.ts';
import { TextInputField } from '../../lib/form-field.tsx';
import { schemaValidation } from '../../lib/schema-validation.ts';
import { AuthFormError, authSubmitClass } from './auth-card.tsx';
import { saveNewPassword } from './password-reset.ts';

const FIELDS = [
  { name: 'password', label: 'Nowe hasło' },
  { name: 'confirmPassword', label: 'Powtórz hasło' },
] as const;

/** The new password (min 6, typed twice) for the session a reset link opened; `onSaved` runs once the server took it. */
export function NewPasswordForm({ email, onSaved }: { email: string; onSaved: () => Promise<void> }) {
  const baseId = useId();
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const form = useForm({
    defaultValues: EMPTY_NEW_PASSWORD_FORM as NewPasswordFormValues,
    ...schemaValidation(newPasswordSchema),
    onSubmit: async ({ value }) => {
      setServerError(null);
      const { password } = v.parse(newPasswordSchema, value);
      const result = await saveNewPassword(password);
      if (result.ok) await onSaved();
      else setServerError(result.error);
    },
  });

  return (
    <form
      noValidate
      aria-label="Nowe hasło"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <p className="text-sm text-ink-muted">
        Ustaw nowe hasło do konta <strong className="break-all text-forest-900">{email}</strong>. Po zapisaniu zostaniesz zalogowany, a inne
        urządzenia zostaną wylogowane.
      </p>
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <AuthFormError message={serverError} />
      {FIELDS.map(({ name, label }) => (
        <form.Field key={name} name={name}>
          {(field) => (
            <TextInputField
              field={field}
              id={`${baseId}-${name}`}
              label={label}
              name={name}
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
            />
          )}
        </form.Field>
      ))}
      <label className="flex min-h-11 items-center gap-3 text-sm text-forest-900">
        <input type="checkbox" className="size-5" checked={showPassword} onChange={(event) => setShowPassword(event.target.checked)} />
        Pokaż hasła
      </label>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <button type="submit" className={authSubmitClass} disabled={isSubmitting}>
            {isSubmitting ? 'Zapisywanie...' : 'Zapisz nowe hasło'}
          </button>
        )}
      </form.Subscribe>
    </form>
  );
}
