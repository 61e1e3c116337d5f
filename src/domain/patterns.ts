/**
 * The shop's format rules (docs/spec.md §5), in a module of their own so a form that
 * needs only an email check does not pull the whole checkout schema along.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^(\+48)?[\d\s-]{9,}$/;
export const POSTAL_CODE_PATTERN = /^\d{2}-\d{3}$/;

/** A row id as Postgres writes uuids; checked before it reaches PostgREST, where a malformed one is an error, not "not found". */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
