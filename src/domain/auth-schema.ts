import * as v from 'valibot';
import { EMAIL_PATTERN } from './patterns.ts';

/** docs/spec.md §5 login and registration rules; the server's own password rules are reported by its errors. */

export const PASSWORD_MIN_LENGTH = 6;

const email = v.optional(
  v.pipe(
    v.string('Email jest wymagany'),
    v.trim(),
    v.nonEmpty('Email jest wymagany'),
    v.check((value: string) => EMAIL_PATTERN.test(value), 'Nieprawidłowy format email'),
  ),
  '',
);

export const loginSchema = v.object({
  email,
  password: v.optional(v.pipe(v.string('Hasło jest wymagane'), v.nonEmpty('Hasło jest wymagane')), ''),
});

export const registerSchema = v.pipe(
  v.object({
    email,
    password: v.optional(
      v.pipe(
        v.string('Hasło jest wymagane'),
        v.nonEmpty('Hasło jest wymagane'),
        v.minLength(PASSWORD_MIN_LENGTH, `Hasło musi mieć co najmniej ${PASSWORD_MIN_LENGTH} znaków`),
        v.check((value: string) => value.trim() !== '', 'Hasło nie może składać się z samych spacji'),
      ),
      '',
    ),
    confirmPassword: v.optional(v.string(), ''),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, 'Hasła nie są identyczne'),
    ['confirmPassword'],
  ),
);

export interface LoginFormValues {
  email: string;
  password: string;
}

export interface RegisterFormValues extends LoginFormValues {
  confirmPassword: string;
}

export const EMPTY_LOGIN_FORM: LoginFormValues = { email: '', password: '' };
export const EMPTY_REGISTER_FORM: RegisterFormValues = { email: '', password: '', confirmPassword: '' };
