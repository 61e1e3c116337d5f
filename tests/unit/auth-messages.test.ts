import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, authErrorMessage } from '../../src/features/auth/auth-messages.ts';

afterEach(() => vi.unstubAllGlobals());

describe('auth error messages (docs/spec.md §8)', () => {
  it('maps GoTrue codes to Polish', () => {
    expect(authErrorMessage({ code: 'invalid_credentials', message: 'Invalid login credentials' }, 'login')).toBe(
      'Nieprawidłowy e-mail lub hasło',
    );
    expect(authErrorMessage({ code: 'user_already_exists', message: 'User already registered' }, 'register')).toBe(
      'Konto z tym adresem e-mail już istnieje',
    );
    expect(authErrorMessage({ code: 'weak_password', message: 'Password should be at least 6 characters.' }, 'register')).toBe(
      'Hasło jest zbyt słabe — użyj co najmniej 6 znaków',
    );
  });

  it('tells a rate-limited visitor to wait, in Polish (GoTrue over_request_rate_limit / HTTP 429)', () => {
    const message = 'Zbyt wiele prób logowania. Spróbuj ponownie za kilka minut.';
    expect(authErrorMessage({ code: 'over_request_rate_limit', status: 429, message: 'Request rate limit reached' }, 'login')).toBe(
      message,
    );
    expect(authErrorMessage({ status: 429, message: 'Too Many Requests' }, 'login')).toBe(message);
    expect(AUTH_MESSAGES.rateLimited).toBe(message);
    // Sign-ups are limited per address too; the register form says so in its own words.
    expect(authErrorMessage({ code: 'over_request_rate_limit', status: 429, message: 'Request rate limit reached' }, 'register')).toBe(
      'Zbyt wiele prób rejestracji. Spróbuj ponownie za kilka minut.',
    );
  });

  it('recognises the messages when no code came with them', () => {
    expect(authErrorMessage(new Error('Invalid login credentials'), 'login')).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(authErrorMessage(new Error('User already registered'), 'register')).toBe(AUTH_MESSAGES.userExists);
  });

  it('reports a lost connection in Polish', () => {
    expect(authErrorMessage(new TypeError('Failed to fetch'), 'login')).toBe(
      'Brak połączenia z internetem. Sprawdź połączenie i spróbuj ponownie.',
    );
    const retryable = Object.assign(new Error('{}'), { name: 'AuthRetryableFetchError' });
    expect(authErrorMessage(retryable, 'session')).toBe(AUTH_MESSAGES.offline);
  });

  it("shows the error's own message first, then the English fallbacks", () => {
    expect(authErrorMessage(new Error('Email rate limit exceeded'), 'register')).toBe('Email rate limit exceeded');
    expect(authErrorMessage(null, 'login')).toBe('Failed to log in');
    expect(authErrorMessage({}, 'register')).toBe('Failed to register');
    expect(authErrorMessage(undefined, 'logout')).toBe('Failed to log out');
    expect(authErrorMessage({ message: '' }, 'session')).toBe('Session check failed');
  });
});
