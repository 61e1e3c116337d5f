/**
 * Which object names and bucket ids the local Storage API takes.
 *
 * Object names: Supabase Storage's own rule (supabase/storage
 * src/storage/limits.ts VALID_OBJECT_KEY: S3-safe ASCII, so no NUL, no
 * backslash, no control characters), plus what a file path must never be:
 * absolute, with empty segments, or with `.`/`..` segments. (Files on disk
 * are named by a random version id, never by the object name, so a name
 * cannot reach outside the storage folder anyway; this refuses it up front.)
 */
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const MAX_KEY_LENGTH = 1024;

export function isValidObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !VALID_OBJECT_KEY.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** A bucket id that is also a safe folder name: no dot first (so never `.` or `..`), no slash. */
const VALID_BUCKET_ID = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/;

export function isValidBucketId(id: string): boolean {
  return VALID_BUCKET_ID.test(id);
}
