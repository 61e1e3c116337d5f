/** docs/spec.md §8 messages of the payment start, in one place. */
export const PAYU_DEFAULT_ERROR = 'Wystąpił błąd podczas inicjowania płatności PayU.';
// The spec's English 'Failed to create payment session' and 'No redirect URL received from payment service', as a Polish shop says them.
export const PAYMENT_SESSION_FALLBACK = 'Nie udało się rozpocząć płatności. Spróbuj ponownie za chwilę.';
export const PAYMENT_NO_REDIRECT = 'Bramka płatności nie podała adresu strony płatności. Spróbuj ponownie za chwilę.';
export const PAYMENT_START_FALLBACK =
  'Wystąpił błąd podczas inicjowania płatności. Prosimy spróbować ponownie później lub skontaktować się z obsługą sklepu.';

const PAYU_MAPPED: ReadonlyArray<[test: (message: string) => boolean, polish: string]> = [
  [(m) => /configuration|konfiguracj/i.test(m), 'Błąd konfiguracji systemu płatności. Skontaktuj się z obsługą sklepu.'],
  [(m) => /network|fetch/i.test(m), 'Błąd połączenia. Sprawdź połączenie internetowe i spróbuj ponownie.'],
  [(m) => m.includes('required'), 'Brakuje wymaganych danych. Sprawdź formularz i spróbuj ponownie.'],
  [(m) => m.includes('Invalid'), 'Nieprawidłowe dane. Sprawdź wprowadzone informacje i spróbuj ponownie.'],
  [(m) => m.includes('format'), 'Nieprawidłowy format danych. Sprawdź adres e-mail i numer telefonu.'],
];

/**
 * The classic gateway's error as the customer reads it (docs/spec.md §8): known kinds
 * in Polish, in the spec's order of precedence; anything else as it came.
 */
export function payuErrorMessage(message: string | undefined): string {
  if (!message || message.trim() === '') return PAYU_DEFAULT_ERROR;
  return PAYU_MAPPED.find(([test]) => test(message))?.[1] ?? message;
}
