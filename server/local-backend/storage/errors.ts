/**
 * The Storage API's error answers, as supabase/storage renders them
 * (src/internal/errors/codes.ts, src/http/error-handler.ts): a JSON body
 * `{statusCode, error, message, code}` whose statusCode is a string, sent with
 * HTTP 400 for every client error (the service's legacy; 500 stays 500). A
 * few route-level refusals keep their own status (403 for a token without an
 * API role). supabase-js turns the body into a StorageApiError: `status` is
 * the HTTP status, `statusCode` the body's.
 */
export class StorageFailure extends Error {
  /** The request's body was left unread: answer with Connection: close. */
  closeConnection = false;

  constructor(
    readonly statusCode: string,
    readonly error: string,
    message: string,
    readonly code: string,
    /** The HTTP status: 400 unless the service answers otherwise. */
    readonly httpStatus = statusCode === '500' ? 500 : 400,
  ) {
    super(message);
  }

  withConnectionClose(): this {
    this.closeConnection = true;
    return this;
  }

  body(): Record<string, string> {
    return { statusCode: this.statusCode, error: this.error, message: this.message, code: this.code };
  }
}

export const STORAGE_ERRORS = {
  noSuchKey: () => new StorageFailure('404', 'not_found', 'Object not found', 'NoSuchKey'),
  noSuchBucket: () => new StorageFailure('404', 'Bucket not found', 'Bucket not found', 'NoSuchBucket'),
  duplicate: () => new StorageFailure('409', 'Duplicate', 'The resource already exists', 'ResourceAlreadyExists'),
  keyAlreadyExists: () => new StorageFailure('409', 'Duplicate', 'The resource already exists', 'KeyAlreadyExists'),
  accessDenied: (message: string) => new StorageFailure('403', 'Unauthorized', message, 'AccessDenied'),
  invalidRole: () => new StorageFailure('403', 'Unauthorized', 'Access denied: Invalid role', 'AccessDenied', 403),
  entityTooLarge: () => new StorageFailure('413', 'Payload too large', 'The object exceeded the maximum allowed size', 'EntityTooLarge'),
  invalidMimeType: (mimeType: string) =>
    new StorageFailure('415', 'invalid_mime_type', `mime type ${mimeType} is not supported`, 'InvalidMimeType'),
  notAnImage: () =>
    new StorageFailure(
      '415',
      'invalid_mime_type',
      'The file is not an image: its content is not JPEG, PNG, WebP, AVIF or GIF',
      'InvalidMimeType',
    ),
  invalidKey: (key: string) => new StorageFailure('400', 'InvalidKey', `Invalid key: ${key}`, 'InvalidKey'),
  invalidParameter: (parameter: string) =>
    new StorageFailure('400', 'InvalidParameter', `Invalid Parameter ${parameter}`, 'InvalidParameter'),
  // The service renders these with `error` = the code (src/internal/errors/storage-error.ts render()).
  invalidJwt: (message: string) => new StorageFailure('400', 'InvalidJWT', message, 'InvalidJWT'),
  invalidSignature: (message = 'Invalid signature') => new StorageFailure('400', 'InvalidSignature', message, 'InvalidSignature'),
  invalidRequest: (message: string) => new StorageFailure('400', 'InvalidRequest', message, 'InvalidRequest'),
  routeNotFound: (method: string, path: string) =>
    new StorageFailure('404', 'Not Found', `Route ${method}:${path} not found`, 'NotFound', 404),
  internal: () => new StorageFailure('500', 'internal', 'Internal Server Error', 'InternalError'),
};

/** What a Postgres error means to the Storage API (src/storage/database/errors.ts, DBError.fromDBError). */
export function storageFailureFromDatabase(error: unknown): StorageFailure | null {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
  const message = error instanceof Error ? error.message : '';
  if (code === '42501') {
    return STORAGE_ERRORS.accessDenied(message.includes('row-level security') ? 'new row violates row-level security policy' : message);
  }
  if (code === '23505') return STORAGE_ERRORS.duplicate();
  return null;
}
