/**
 * The shop's format rules (docs/spec.md §5), in a module of their own so a form that
 * needs only an email check does not pull the whole checkout schema along.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^(\+48)?[\d\s-]{9,}$/;
export const POSTAL_CODE_PATTERN = /^\d{2}-\d{3}$/;
