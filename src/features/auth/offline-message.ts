/**
 * docs/spec.md §8 text for a lost connection. Its own module because the app shell
 * shows it too, when the auth code itself cannot be fetched, and the shell
 * must not carry the other messages (src/features/auth/auth-messages.ts).
 */
export const OFFLINE_MESSAGE = 'Brak połączenia z internetem. Sprawdź połączenie i spróbuj ponownie.';
