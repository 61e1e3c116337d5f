import * as v from 'valibot';
import { EMAIL_PATTERN } from './patterns.ts';

/** docs/spec.md §5 login and registration rules; the server's own password rules are reported by its errors. */

export const PASSWORD_MIN_LENGTH = 6;

const email = v.optional(
  v.pipe(
    v.string('Adres e-mail jest wymagany'),
    v.trim(),
    v.nonEmpty('Adres e-mail jest wymagany'),
    v.check((value: string) => EMAIL_PATTERN.test(value), 'Nieprawidłowy format adresu e-mail'),
  ),
  '',
);

export const loginSchema = v.object({
  email,
  password: v.optional(v.pipe(v.string('Hasło jest wymagane'), v.nonEmpty('Hasło jest wymagane')), ''),
});

/** A password being chosen (registration, reset): the rules the server applies too. */
const newPassword = v.optional(
  v.pipe(
    v.string('Hasło jest wymagane'),
    v.nonEmpty('Hasło jest wymagane'),
    v.minLength(PASSWORD_MIN_LENGTH, `Hasło musi mieć co najmniej ${PASSWORD_MIN_LENGTH} znaków`),
    v.check((value: string) => value.trim() !== '', 'Hasło nie może składać się z samych spacji'),
  ),
  '',
);

const PASSWORDS_DIFFER = 'Hasła nie są identyczne';
const samePasswordTwice = (input: { password: string; confirmPassword: string }) => input.password === input.confirmPassword;

export const registerSchema = v.pipe(
  v.object({
    email,
    password: newPassword,
    confirmPassword: v.optional(v.string(), ''),
  }),
  v.forward(v.partialCheck([['password'], ['confirmPassword']], samePasswordTwice, PASSWORDS_DIFFER), ['confirmPassword']),
);

/** The reset request: only the address. */
export const resetRequestSchema = v.object({ email });

/** The new password after a reset link, typed twice. */
export const newPasswordSchema = v.pipe(
  v.object({
    password: newPassword,
    confirmPassword: v.optional(v.string(), ''),
  }),
  v.forward(v.partialCheck([['password'], ['confirmPassword']], samePasswordTwice, PASSWORDS_DIFFER), ['confirmPassword']),
);

export interface LoginFormValues {
  email: string;
  password: string;
}

export interface RegisterFormValues extends LoginFormValues {
  confirmPassword: string;
}

export interface ResetRequestFormValues {
  email: string;
}

export interface NewPasswordFormValues {
  password: string;
  confirmPassword: string;
}

export const EMPTY_LOGIN_FORM: LoginFormValues = { email: '', password: '' };
export const EMPTY_REGISTER_FORM: RegisterFormValues = { email: '', password: '', confirmPassword: '' };
export const EMPTY_RESET_REQUEST_FORM: ResetRequestFormValues = { email: '' };
export const EMPTY_NEW_PASSWORD_FORM: NewPasswordFormValues = { password: '', confirmPassword: '' };
