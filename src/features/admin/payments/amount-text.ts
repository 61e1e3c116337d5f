import { parseAmountText, type Grosz } from '../../../domain/money.ts';
import { isIsoDate } from '../../../domain/calendar/calendar-date.ts';

/** How the owner's money forms read their fields (amount-input.ts prefills them). Pure. */

/** The typed amount in grosz, or the Polish message saying what is wrong with it. */
export function readAmount(text: string, max?: { amount: Grosz; message: string }): { amount: Grosz } | { error: string } {
  if (text.trim() === '') return { error: 'Podaj kwotę.' };
  const amount = parseAmountText(text);
  if (amount === null) return { error: 'Wpisz kwotę w złotych, np. 120,50.' };
  if (amount <= 0) return { error: 'Kwota musi być większa od zera.' };
  if (max && amount > max.amount) return { error: max.message };
  return { amount };
}

/** A day the money moved: a real date, not after the shop's today. */
export function readDay(text: string, today: string, future: string): { day: string } | { error: string } {
  if (!isIsoDate(text)) return { error: 'Podaj datę.' };
  if (text > today) return { error: future };
  return { day: text };
}
