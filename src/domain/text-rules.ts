/**
 * What typed text may hold, for every form of the shop and the functions that
 * re-parse them (docs/security.md, 'Input'). Postgres cannot store a NUL, JSON
 * carries a lone UTF-16 surrogate that no database or mail can, and other
 * control characters only hide text from the person who reads it.
 */

export const INVALID_CHARACTERS_MESSAGE = 'Pole zawiera niedozwolone znaki';

function isForbiddenCodePoint(code: number, multiline: boolean): boolean {
  if (code === 0x0a || code === 0x0d) return !multiline;
  if (code === 0x09) return !multiline;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  // for…of yields a surrogate only when it has no partner.
  return code >= 0xd800 && code <= 0xdfff;
}

/**
 * No control characters and no lone surrogates; line breaks and tabs only in a
 * multi-line field (a card message, delivery notes, a contact message).
 */
export function isCleanText(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  for (const char of value) {
    if (isForbiddenCodePoint(char.codePointAt(0) ?? 0, multiline)) return false;
  }
  return true;
}

/**
 * A person's name as it is printed in a greeting: letters of any alphabet
 * (Polish, Ukrainian…), words joined by a space, a hyphen or an apostrophe,
 * an initial with its dot and a space ('J. Nowak'). So never an address
 * ('https://…', 'evil.example'), an '@', angle brackets or digits, which a
 * stranger could otherwise have the shop mail to anyone in its greeting.
 */
const PERSON_NAME = /^[\p{L}\p{M}]+(?:(?:\. +| *[-'’] *| +)[\p{L}\p{M}]+)*\.?$/u;

export function isPersonName(value: string): boolean {
  return PERSON_NAME.test(value);
}

/** 'Imię może zawierać…', said of the field by its own name. */
export function personNameMessage(fieldName: string): string {
  return `${fieldName} może zawierać tylko litery, spacje, łączniki (-) i apostrofy`;
}
