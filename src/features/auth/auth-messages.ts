import type { AuthOperation } from './auth-state.ts';
import { OFFLINE_MESSAGE } from './offline-message.ts';

/** docs/spec.md §8 English fallbacks, shown only when nothing better is known. */
export const AUTH_FALLBACK_MESSAGES: Record<AuthOperation, string> = {
  login: 'Failed to log in',
  register: 'Failed to register',
  logout: 'Failed to log out',
  session: 'Session check failed',
};

export const AUTH_MESSAGES = {
  invalidCredentials: 'Nieprawidłowy email lub hasło',
  userExists: 'Konto z tym adresem email już istnieje',
  weakPassword: 'Hasło jest zbyt słabe — użyj co najmniej 6 znaków',
  offline: OFFLINE_MESSAGE,
  rateLimited: 'Zbyt wiele prób logowania. Spróbuj ponownie za kilka minut.',
  registerRateLimited: 'Zbyt wiele prób rejestracji. Spróbuj ponownie za kilka minut.',
} as const;

const BY_CODE: Record<string, string> = {
  invalid_credentials: AUTH_MESSAGES.invalidCredentials,
  user_already_exists: AUTH_MESSAGES.userExists,
  email_exists: AUTH_MESSAGES.userExists,
  weak_password: AUTH_MESSAGES.weakPassword,
  // GoTrue's answer to too many attempts (hosted Auth limits, the local backend's login limit).
  over_request_rate_limit: AUTH_MESSAGES.rateLimited,
  over_email_send_rate_limit: AUTH_MESSAGES.rateLimited,
};

function field(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[key] : undefined;
}

function isNetworkError(error: unknown): boolean {
  const name = field(error, 'name');
  const message = field(error, 'message');
  if (name === 'AuthRetryableFetchError') return true;
  if (error instanceof TypeError && typeof message === 'string' && /fetch|network|load failed/i.test(message)) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The Polish message for an auth error (GoTrue codes, fetch failures);
 * else the error's own message; else the spec's English fallback.
 */
export function authErrorMessage(error: unknown, operation: AuthOperation): string {
  const message = polishMessage(error, operation);
  // Sign-ups share the per-address limit with logins (GoTrue's sign_in_sign_ups): say which one was refused.
  return operation === 'register' && message === AUTH_MESSAGES.rateLimited ? AUTH_MESSAGES.registerRateLimited : message;
}

function polishMessage(error: unknown, operation: AuthOperation): string {
  const code = field(error, 'code');
  if (typeof code === 'string' && code in BY_CODE) return BY_CODE[code] ?? AUTH_FALLBACK_MESSAGES[operation];
  if (field(error, 'status') === 429) return AUTH_MESSAGES.rateLimited;
  const message = field(error, 'message');
  if (typeof message === 'string') {
    if (/invalid login credentials/i.test(message)) return AUTH_MESSAGES.invalidCredentials;
    if (/already (been )?registered|already exists/i.test(message)) return AUTH_MESSAGES.userExists;
  }
  if (isNetworkError(error)) return AUTH_MESSAGES.offline;
  if (typeof message === 'string' && message.trim() !== '' && message !== '{}') return message;
  return AUTH_FALLBACK_MESSAGES[operation];
}
