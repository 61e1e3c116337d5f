import type { IncomingMessage } from 'node:http';
import { STORAGE_ERRORS } from './errors.ts';
import { sniffImageType } from './sniff.ts';

/**
 * An upload's body as supabase-js sends it (@supabase/storage-js
 * StorageFileApi.uploadOrUpdate): raw bytes with the options as headers
 * (Content-Type, cache-control `max-age=…`, x-metadata base64 JSON), or, for
 * a Blob/File/FormData, multipart/form-data with the fields cacheControl,
 * metadata and contentEncoding and one file part. Checked as the storage
 * service checks it (src/storage/uploader.ts fileUploadFromRequest: the
 * declared type against the bucket's allowed_mime_types, the size against
 * its file_size_limit), and then, locally, by the bytes themselves.
 */
export interface StorageUpload {
  bytes: Buffer;
  /** What the bytes are (sniffed), which is what the public URL serves. */
  contentType: string;
  cacheControl: string;
  userMetadata: unknown;
}

/** Room for the multipart boundaries and fields around a file of the limit's size. */
const MULTIPART_OVERHEAD = 64 * 1024;
/**
 * A too-large body is read to its end and dropped (nothing kept), so the
 * client gets the answer on a healthy connection; past this much the
 * connection is closed instead.
 */
const DRAIN_LIMIT = 64 * 1024 * 1024;
const MAX_USER_METADATA_BYTES = 1024 * 1024;

/** supabase/storage src/storage/uploader.ts validateMimeType: type and subtype against the list (`image/*` allowed). */
function assertAllowedType(mimeType: string, allowed: readonly string[]): void {
  if (allowed.length === 0) return;
  const [type, subtype, ...rest] = mimeType.split('/');
  const ok =
    rest.length === 0 &&
    subtype !== undefined &&
    allowed.some((candidate) => {
      const [allowedType, allowedSubtype] = candidate.split('/');
      return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
    });
  if (!ok) throw STORAGE_ERRORS.invalidMimeType(mimeType);
}

/** A Cache-Control value fit for a response header; anything else is the service's default. */
function safeCacheControl(value: string | undefined): string {
  return value && value.length <= 256 && /^[\x20-\x7e]+$/.test(value) ? value : 'no-cache';
}

function parseUserMetadata(json: string | undefined): unknown {
  if (!json || Buffer.byteLength(json) > MAX_USER_METADATA_BYTES) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/** The body, at most `limit` bytes held; a longer one is drained (up to DRAIN_LIMIT) and refused with 413. */
function readBounded(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_LIMIT) {
        cleanup();
        request.pause();
        reject(STORAGE_ERRORS.entityTooLarge().withConnectionClose());
      } else if (size > limit) chunks.length = 0;
      else chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      if (size > limit) reject(STORAGE_ERRORS.entityTooLarge());
      else resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(STORAGE_ERRORS.invalidRequest('Request stream closed before upload could complete').withConnectionClose());
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('close', onClose);
  });
}

function declaredLength(request: IncomingMessage): number | undefined {
  const value = Number(request.headers['content-length']);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

async function readMultipart(request: IncomingMessage, contentType: string, limit: number, allowedTypes: readonly string[]) {
  const body = await readBounded(request, limit + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw STORAGE_ERRORS.invalidRequest('No content provided');
  }
  let file: File | undefined;
  form.forEach((value) => {
    if (!file && typeof value !== 'string') file = value;
  });
  if (!file) throw STORAGE_ERRORS.invalidRequest('No content provided');
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  assertAllowedType(field('contentType') || file.type || 'application/octet-stream', allowedTypes);
  if (file.size > limit) throw STORAGE_ERRORS.entityTooLarge();
  const cacheTime = field('cacheControl');
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    cacheControl: safeCacheControl(cacheTime ? `max-age=${cacheTime}` : undefined),
    userMetadata: parseUserMetadata(field('metadata') ?? field('userMetadata')),
  };
}

async function readRaw(request: IncomingMessage, contentType: string, limit: number, allowedTypes: readonly string[]) {
  assertAllowedType(contentType, allowedTypes);
  const header = request.headers['x-metadata'];
  return {
    bytes: await readBounded(request, limit),
    cacheControl: safeCacheControl(request.headers['cache-control']),
    userMetadata: typeof header === 'string' ? parseUserMetadata(Buffer.from(header, 'base64').toString('utf8')) : undefined,
  };
}

interface UploadLimits {
  limit: number;
  allowedTypes: readonly string[];
}

function isMultipart(contentType: string): boolean {
  return contentType.toLowerCase().startsWith('multipart/form-data');
}

/**
 * What the request's headers already refuse, before the policies are asked
 * and before any body is held (as the service: a raw upload's declared type,
 * a declared length over the limit). A too-long body is drained, not kept.
 */
export async function checkDeclaredUpload(request: IncomingMessage, { limit, allowedTypes }: UploadLimits): Promise<void> {
  const contentType = request.headers['content-type'] ?? 'application/octet-stream';
  const multipart = isMultipart(contentType);
  if (!multipart) assertAllowedType(contentType, allowedTypes);
  const length = declaredLength(request);
  if (length === undefined || length <= limit + (multipart ? MULTIPART_OVERHEAD : 0)) return;
  if (length > DRAIN_LIMIT) throw STORAGE_ERRORS.entityTooLarge().withConnectionClose();
  await readBounded(request, 0);
}

/** Reads and checks an upload: declared type, size (without holding more than the limit), then the bytes. */
export async function readStorageUpload(request: IncomingMessage, { limit, allowedTypes }: UploadLimits): Promise<StorageUpload> {
  const contentType = request.headers['content-type'] ?? 'application/octet-stream';
  const upload = isMultipart(contentType)
    ? await readMultipart(request, contentType, limit, allowedTypes)
    : await readRaw(request, contentType, limit, allowedTypes);
  const sniffed = sniffImageType(upload.bytes);
  if (!sniffed || (allowedTypes.length > 0 && !allowedTypes.includes(sniffed) && !allowedTypes.includes('image/*'))) {
    throw STORAGE_ERRORS.notAnImage();
  }
  return { ...upload, contentType: sniffed };
}
