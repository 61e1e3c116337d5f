import type { AuthOperation } from './auth-state.ts';
import { OFFLINE_MESSAGE } from './offline-message.ts';

/** docs/spec.md §8 English fallbacks, shown only when nothing better is known. */
export const AUTH_FALLBACK_MESSAGES: Record<AuthOperation, string> = {
  login: 'Failed to log in',
  register: 'Failed to register',
  logout: 'Failed to log out',
  session: 'Session check failed',
  reset: 'Failed to reset the password',
};

export const AUTH_MESSAGES = {
  invalidCredentials: 'Nieprawidłowy e-mail lub hasło',
  userExists: 'Konto z tym adresem e-mail już istnieje',
  weakPassword: 'Hasło jest zbyt słabe — użyj co najmniej 6 znaków',
  offline: OFFLINE_MESSAGE,
  rateLimited: 'Zbyt wiele prób logowania. Spróbuj ponownie za kilka minut.',
  registerRateLimited: 'Zbyt wiele prób rejestracji. Spróbuj ponownie za kilka minut.',
  resetRateLimited: 'Zbyt wiele próśb o zmianę hasła. Spróbuj ponownie za kilka minut.',
  samePassword: 'Nowe hasło musi różnić się od dotychczasowego.',
  resetLinkExpired: 'Link do ustawienia nowego hasła wygasł albo został już użyty. Poproś o nowy poniżej.',
  resetLinkInvalid: 'Ten link do ustawienia hasła jest nieprawidłowy albo wygasł. Poproś o nowy poniżej.',
  resetLinkOtherBrowser:
    'Link trzeba otworzyć w tej samej przeglądarce, w której poproszono o zmianę hasła. Poproś o nowy link poniżej i otwórz go tutaj.',
  /** The one answer to a reset request, whether or not an account has the address. */
  resetRequested:
    'Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link do ustawienia nowego hasła. Otwórz go w tej przeglądarce w ciągu 5 minut.',
  emailNotConfirmed:
    'Najpierw potwierdź adres e-mail — kliknij link z wiadomości, którą wysłaliśmy po rejestracji. Jeśli jej nie ma, zarejestruj się ponownie tym samym adresem, a wyślemy nowy link.',
  emailConfirmed: 'Adres e-mail został potwierdzony. Możesz się zalogować.',
  confirmationLinkExpired:
    'Link potwierdzający wygasł albo został już użyty. Spróbuj się zalogować — jeśli konto nie jest jeszcze potwierdzone, zarejestruj się ponownie tym samym adresem, a wyślemy nowy link.',
  passwordChanged: 'Hasło zostało zmienione. Jesteś zalogowany.',
} as const;

const BY_CODE: Record<string, string> = {
  invalid_credentials: AUTH_MESSAGES.invalidCredentials,
  user_already_exists: AUTH_MESSAGES.userExists,
  email_exists: AUTH_MESSAGES.userExists,
  weak_password: AUTH_MESSAGES.weakPassword,
  same_password: AUTH_MESSAGES.samePassword,
  otp_expired: AUTH_MESSAGES.resetLinkExpired,
  email_not_confirmed: AUTH_MESSAGES.emailNotConfirmed,
  // The reset session ended (another password change, logout) before the new password was saved.
  session_not_found: AUTH_MESSAGES.resetLinkExpired,
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
  // Sign-ups and reset requests share the per-address limit with logins (GoTrue's sign_in_sign_ups): say which one was refused.
  if (message !== AUTH_MESSAGES.rateLimited) return message;
  if (operation === 'register') return AUTH_MESSAGES.registerRateLimited;
  return operation === 'reset' ? AUTH_MESSAGES.resetRateLimited : message;
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
