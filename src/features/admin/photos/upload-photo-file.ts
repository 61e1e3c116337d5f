import { apiKeyHeaders } from '../../../lib/api-key-headers.ts';
import { PHOTO_CACHE_CONTROL_SECONDS, PRODUCT_IMAGES_BUCKET } from '../../../domain/product-photo.ts';

/**
 * One file into a bucket (product-images unless told), sent as supabase-js's storage
 * client sends `upload(path, blob, { cacheControl, upsert: false })`: POST
 * /storage/v1/object/<bucket>/<path>, multipart with the fields cacheControl
 * and '' (the file). XMLHttpRequest instead of supabase-js, because only XHR
 * reports upload progress, which the owner on a weak connection needs to see.
 */

export interface UploadAccess {
  backendUrl: string;
  /** The shop's public API key (either style). */
  apiKey: string;
  /** The signed-in owner's access token: Storage's policies check is_admin(). */
  accessToken: string;
}

/** 'exists': the name was already taken (a retry after a lost answer), which for an immutable photo file is success. */
export type UploadOutcome = 'created' | 'exists';

export class PhotoUploadError extends Error {
  constructor(
    /** 'network': worth retrying later; 'refused': the server said no (policy, size, type). */
    readonly kind: 'network' | 'refused',
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PhotoUploadError';
  }
}

interface StorageErrorBody {
  statusCode?: string;
  error?: string;
  message?: string;
}

function readError(text: string): StorageErrorBody {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as StorageErrorBody) : {};
  } catch {
    return {};
  }
}

/** What an answer means. Storage answers client errors with HTTP 400 and the real code in the body's statusCode. */
export function uploadOutcome(status: number, text: string): UploadOutcome | PhotoUploadError {
  if (status >= 200 && status < 300) return 'created';
  const body = readError(text);
  const code = Number(body.statusCode ?? status);
  if (code === 409 || body.error === 'Duplicate') return 'exists';
  // 5xx and 429 are the server's passing trouble, not a verdict on the file.
  if (status >= 500 || code >= 500 || code === 429 || status === 429) {
    return new PhotoUploadError('network', status, body.message ?? `HTTP ${status}`);
  }
  return new PhotoUploadError('refused', code, body.message ?? `HTTP ${status}`);
}

export function uploadPhotoFile(
  access: UploadAccess,
  path: string,
  file: Blob,
  options: {
    /** Bytes of `file` sent so far, and its size. */
    onProgress?: (loaded: number, total: number) => void;
    signal?: AbortSignal;
    /** Absent: the product photos' public bucket. */
    bucket?: string;
    /** Absent: a year (a product photo's name never changes). */
    cacheControlSeconds?: number;
  } = {},
): Promise<UploadOutcome> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', `${access.backendUrl.replace(/\/+$/, '')}/storage/v1/object/${options.bucket ?? PRODUCT_IMAGES_BUCKET}/${path}`);
    for (const [name, value] of Object.entries(apiKeyHeaders(access.apiKey, access.accessToken))) request.setRequestHeader(name, value);
    request.setRequestHeader('x-upsert', 'false');
    // The browser counts the multipart body; the caller counts the file's bytes (the fields around it are a few hundred).
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.round((event.loaded / event.total) * file.size), file.size);
    });
    const onAbort = () => request.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    request.addEventListener('load', () => {
      settle();
      const outcome = uploadOutcome(request.status, request.responseText);
      if (outcome instanceof PhotoUploadError) reject(outcome);
      else {
        options.onProgress?.(file.size, file.size);
        resolve(outcome);
      }
    });
    request.addEventListener('error', () => {
      settle();
      reject(new PhotoUploadError('network', 0, 'Network error'));
    });
    request.addEventListener('timeout', () => {
      settle();
      reject(new PhotoUploadError('network', 0, 'Timed out'));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(new DOMException('Aborted', 'AbortError'));
    });
    const body = new FormData();
    body.append('cacheControl', String(options.cacheControlSeconds ?? PHOTO_CACHE_CONTROL_SECONDS));
    body.append('', file);
    request.send(body);
  });
}
