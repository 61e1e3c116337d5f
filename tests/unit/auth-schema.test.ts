import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesByField } from '../../src/domain/validation-issues.ts';
import { loginSchema, registerSchema } from '../../src/domain/auth-schema.ts';
import { safeRedirectPath } from '../../src/domain/redirect-path.ts';

const errors = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? {} : issuesByField(result.issues);
};

describe('auth schemas (docs/spec.md §5)', () => {
  it('login needs an email in the right format and a password', () => {
    expect(errors(loginSchema, { email: '', password: '' })).toEqual({
      email: 'Adres e-mail jest wymagany',
      password: 'Hasło jest wymagane',
    });
    expect(errors(loginSchema, { email: 'nie-email', password: 'x' })).toEqual({ email: 'Nieprawidłowy format adresu e-mail' });
    expect(errors(loginSchema, { email: ' anna@example.pl ', password: 'x' })).toEqual({});
  });

  it('register needs 6 characters and matching passwords', () => {
    expect(errors(registerSchema, { email: 'a@b.pl', password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Hasło musi mieć co najmniej 6 znaków',
    });
    expect(errors(registerSchema, { email: 'a@b.pl', password: '123456', confirmPassword: '1234567' })).toEqual({
      confirmPassword: 'Hasła nie są identyczne',
    });
    expect(errors(registerSchema, { email: 'a@b.pl', password: '123456', confirmPassword: '123456' })).toEqual({});
  });

  it('register refuses a password of spaces only, but keeps spaces inside a real one', () => {
    expect(errors(registerSchema, { email: 'a@b.pl', password: '        ', confirmPassword: '        ' })).toEqual({
      password: 'Hasło nie może składać się z samych spacji',
    });
    expect(errors(registerSchema, { email: 'a@b.pl', password: ' moje haslo ', confirmPassword: ' moje haslo ' })).toEqual({});
  });
});

describe('safeRedirectPath', () => {
  it('accepts only same-site paths', () => {
    expect(safeRedirectPath('/account')).toBe('/account');
    expect(safeRedirectPath('/admin/orders?x=1')).toBe('/admin/orders?x=1');
    expect(safeRedirectPath('https://evil.example')).toBeUndefined();
    expect(safeRedirectPath('//evil.example')).toBeUndefined();
    expect(safeRedirectPath('/\\evil.example')).toBeUndefined();
    expect(safeRedirectPath(42)).toBeUndefined();
  });
});
