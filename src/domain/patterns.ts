/**
 * The shop's format rules (docs/spec.md §5), in a module of their own so a form that
 * needs only an email check does not pull the whole checkout schema along.
 */
/**
 * An address as a browser's type="email" field accepts it (the WHATWG rule),
 * with a dot in the domain: no spaces, commas, quotes, brackets or colons,
 * which mail software reads as several addresses or a display name.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const PHONE_PATTERN = /^(\+48)?[\d\s-]{9,}$/;
export const POSTAL_CODE_PATTERN = /^\d{2}-\d{3}$/;

/** A row id as Postgres writes uuids; checked before it reaches PostgREST, where a malformed one is an error, not "not found". */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
