import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, unlink, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type pg from 'pg';
import { BodyTooLargeError, readBody, sendJson } from '../../http-helpers.ts';
import { inspectJwt, type JwtClaims, type JwtRejection, type VerificationKeys } from '../keys/jwt.ts';
import { STORAGE_ERRORS, StorageFailure, storageFailureFromDatabase } from './errors.ts';
import { isValidBucketId, isValidObjectKey } from './keys.ts';
import { signedObjectPath, verifiedDownloadExpiry } from './signed-url.ts';
import { checkDeclaredUpload, readStorageUpload } from './upload.ts';
import { folderLevel, readListOptions, type ListedRow } from './list.ts';

/**
 * The part of Supabase's Storage API (supabase/storage, src/http/routes/object)
 * that supabase-js's storage client uses for product photos, served under
 * /storage/v1 by the gateway:
 *
 *   POST /object/{bucket}/{name}          upload (x-upsert: true → replace)
 *   PUT  /object/{bucket}/{name}          update (always replaces)
 *   DELETE /object/{bucket}  {prefixes}    remove
 *   POST /object/list/{bucket}            list one folder level
 *   GET|HEAD /object/public/{bucket}/{name}  the public read path getPublicUrl points at
 *   POST /object/sign/{bucket}/{name}     createSignedUrl: a download token for a name the caller may read
 *   GET|HEAD /object/sign/{bucket}/{name}?token=  the signed read path (no key needed: an <img> can use it)
 *
 * Metadata rows live in storage.objects and are written as the caller's role
 * with the caller's JWT claims (what PostgREST and the storage service set),
 * so the migrations' RLS policies decide who may write; nothing here checks a
 * role itself. Files live in `directory`/{bucket}/{version}, named by a random
 * version id, never by the object name. Local only: nothing in src/ or
 * functions/ imports this (hosted Supabase runs the real service).
 */

export interface StorageServiceOptions {
  pool: pg.Pool;
  /** Where the files live (the backend's data folder + /storage). */
  directory: string;
  /** The keys user and role tokens verify with (the gateway has already turned an API key into a bearer token). */
  verificationKeys: VerificationKeys;
  /** What signed URLs are signed and checked with (hosted: the project's URL signing key, by default its JWT secret). */
  urlSigningSecret: string;
}

export interface StorageService {
  handle(request: IncomingMessage, response: ServerResponse, url: URL, path: string): Promise<void>;
}

type StorageRole = 'anon' | 'authenticated' | 'service_role';
const STORAGE_ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'];

interface Caller {
  role: StorageRole;
  token: string;
  claims: JwtClaims;
}

interface BucketRow {
  id: string;
  public: boolean | null;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

/** The service's own upper bound when a bucket sets none (hosted: the project's global file size limit). */
const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
/** JSON bodies (remove, list) are small. */
const JSON_BODY_LIMIT = 1024 * 1024;
/** supabase/storage src/storage/limits.ts: at most this many names per remove. */
const MAX_DELETE_PREFIXES = 1000;

/** The jsonwebtoken messages the storage service answers an unusable token with. */
const JWT_MESSAGES: Record<JwtRejection, string> = {
  malformed: 'jwt malformed',
  algorithm: 'invalid algorithm',
  unknown_key: 'no applicable key found in the JSON Web Key Set',
  signature: 'invalid signature',
  expired: 'jwt expired',
  not_yet_valid: 'jwt not active',
};

function callerFrom(request: IncomingMessage, keys: VerificationKeys): Caller {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw STORAGE_ERRORS.accessDenied('jwt must be provided');
  const result = inspectJwt(token, keys);
  if (!result.ok) throw STORAGE_ERRORS.accessDenied(JWT_MESSAGES[result.reason]);
  const role = result.claims.role;
  if (typeof role !== 'string' || !STORAGE_ROLES.includes(role)) throw STORAGE_ERRORS.invalidRole();
  return { role: role as StorageRole, token, claims: result.claims };
}

function decodePath(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw STORAGE_ERRORS.invalidKey(value);
  }
}

function objectKey(raw: string): string {
  const key = decodePath(raw);
  if (!isValidObjectKey(key)) throw STORAGE_ERRORS.invalidKey(key);
  return key;
}

function bucketIdFrom(raw: string): string {
  const id = decodePath(raw);
  if (!isValidBucketId(id)) throw STORAGE_ERRORS.noSuchBucket();
  return id;
}

function isUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** One ETag of an If-None-Match list matches (weak or strong, or `*`). */
function etagMatches(header: string | undefined, eTag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === eTag;
  });
}

async function readJsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readBody(request, JSON_BODY_LIMIT);
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw STORAGE_ERRORS.invalidRequest('Body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw STORAGE_ERRORS.invalidRequest('body must be object');
  return value as Record<string, unknown>;
}

export function createStorageService({ pool, directory, verificationKeys, urlSigningSecret }: StorageServiceOptions): StorageService {
  const fileOf = (bucketId: string, version: string) => join(directory, bucketId, version);

  /**
   * Runs `work` in one transaction as the caller: the role and JWT claims set
   * as the storage service sets them (src/internal/database/postgres/scope.ts),
   * so auth.uid(), public.is_admin() and the policies see the caller.
   */
  async function asCaller<T>(
    caller: Caller,
    request: IncomingMessage,
    work: (client: pg.PoolClient) => Promise<T>,
    commit = true,
  ): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `select set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true), set_config('request.jwt', $2, true),
           set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claims', $4, true),
           set_config('request.method', $5, true), set_config('request.path', $6, true),
           set_config('storage.allow_delete_query', 'true', true)`,
        [
          caller.role,
          caller.token,
          typeof caller.claims.sub === 'string' ? caller.claims.sub : '',
          JSON.stringify(caller.claims),
          request.method ?? '',
          request.url ?? '',
        ],
      );
      const result = await work(client);
      await client.query(commit ? 'commit' : 'rollback');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw storageFailureFromDatabase(error) ?? error;
    } finally {
      client.release();
    }
  }

  /** Buckets are read by the service itself (as hosted: asSuperUser), whoever calls. */
  async function findBucket(id: string): Promise<BucketRow> {
    const { rows } = await pool.query<BucketRow>(
      'select id, public, file_size_limit::text, allowed_mime_types from storage.buckets where id = $1',
      [id],
    );
    if (!rows[0]) throw STORAGE_ERRORS.noSuchBucket();
    return rows[0];
  }

  /**
   * The row an upload writes, with the service's statements (src/storage/database/pg.ts):
   * createObject is a plain insert without RETURNING, so the insert policy alone
   * decides; upsertObject returns the row, so it needs the select, insert and
   * update policies (as supabase-js documents for upsert).
   */
  async function writeRow(
    client: pg.PoolClient,
    row: { bucketId: string; name: string; caller: Caller; metadata: ObjectMetadata | null; userMetadata: unknown; version: string },
    upsert: boolean,
  ): Promise<string> {
    const sub = row.caller.claims.sub;
    const id = randomUUID();
    const values = [
      id,
      row.bucketId,
      row.name,
      isUuid(sub) ? sub : null,
      typeof sub === 'string' ? sub : null,
      row.metadata,
      row.userMetadata ?? null,
      row.version,
    ];
    const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
      values ($1, $2, $3, $4, $5, $6, $7, $8)`;
    if (!upsert) {
      try {
        await client.query(insert, values);
      } catch (error) {
        // createObject's duplicate is KeyAlreadyExists (same answer as ResourceAlreadyExists, another code).
        throw storageFailureFromDatabase(error)?.code === 'ResourceAlreadyExists' ? STORAGE_ERRORS.keyAlreadyExists() : error;
      }
      return id;
    }
    const { rows } = await client.query<{ id: string }>(
      `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
         metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version returning id`,
      values,
    );
    return rows[0]!.id;
  }

  async function upload(request: IncomingMessage, response: ServerResponse, bucketId: string, name: string, upsert: boolean) {
    const caller = callerFrom(request, verificationKeys);
    const bucket = await findBucket(bucketId);
    const limit = Math.min(
      bucket.file_size_limit === null ? GLOBAL_FILE_SIZE_LIMIT : Number(bucket.file_size_limit),
      GLOBAL_FILE_SIZE_LIMIT,
    );
    const allowedTypes = bucket.allowed_mime_types ?? [];
    await checkDeclaredUpload(request, { limit, allowedTypes });

    // As the service does (Uploader.canUpload): the policies decide before the body is read.
    const permissionRow = { bucketId, name, caller, metadata: null, userMetadata: null, version: randomUUID() };
    await asCaller(caller, request, (client) => writeRow(client, permissionRow, upsert), false);

    const file = await readStorageUpload(request, { limit, allowedTypes });
    const version = randomUUID();
    const metadata: ObjectMetadata = {
      eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
      size: file.bytes.length,
      mimetype: file.contentType,
      cacheControl: file.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: file.bytes.length,
      httpStatusCode: 200,
    };
    const path = fileOf(bucketId, version);
    let written = false;
    try {
      const { id, previousVersion } = await asCaller(caller, request, async (client) => {
        // One writer per name at a time, so a replaced file's old version is known and removed.
        await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`${bucketId}/${name}`]);
        const { rows } = await client.query<{ version: string | null }>(
          'select version from storage.objects where bucket_id = $1 and name = $2',
          [bucketId, name],
        );
        const objectId = await writeRow(client, { bucketId, name, caller, metadata, userMetadata: file.userMetadata, version }, upsert);
        await mkdir(join(directory, bucketId), { recursive: true });
        await writeFile(path, file.bytes, { flag: 'wx' });
        written = true;
        return { id: objectId, previousVersion: rows[0]?.version ?? null };
      });
      if (previousVersion && previousVersion !== version) await rm(fileOf(bucketId, previousVersion), { force: true });
      sendJson(response, 200, { Id: id, Key: `${bucketId}/${name}` });
    } catch (error) {
      if (written) await rm(path, { force: true });
      throw error;
    }
  }

  async function remove(request: IncomingMessage, response: ServerResponse, bucketId: string) {
    const caller = callerFrom(request, verificationKeys);
    const body = await readJsonBody(request);
    const prefixes = body.prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || !prefixes.every((prefix) => typeof prefix === 'string')) {
      throw STORAGE_ERRORS.invalidRequest('body/prefixes must be a non-empty array of strings');
    }
    if (prefixes.length > MAX_DELETE_PREFIXES) {
      throw STORAGE_ERRORS.invalidRequest(`Maximum of ${MAX_DELETE_PREFIXES} objects can be deleted at once`);
    }
    // What RLS lets the caller delete is deleted; the rest is silently left (as hosted: an empty list, no error).
    const rows = await asCaller(caller, request, async (client) => {
      const result = await client.query<{ version: string | null }>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning bucket_id, name, owner, owner_id, id, updated_at, created_at, last_accessed_at, metadata, user_metadata, version`,
        [bucketId, prefixes],
      );
      return result.rows;
    });
    await Promise.all(rows.map((row) => (row.version ? unlink(fileOf(bucketId, row.version)).catch(() => undefined) : undefined)));
    sendJson(response, 200, rows);
  }

  async function list(request: IncomingMessage, response: ServerResponse, bucketId: string) {
    const caller = callerFrom(request, verificationKeys);
    const body = await readJsonBody(request);
    const options = readListOptions(body);
    // Prefix is always a folder (src/storage/object.ts searchObjects).
    const prefix = options.prefix.length > 0 && !options.prefix.endsWith('/') ? `${options.prefix}/` : options.prefix;
    const rows = await asCaller(caller, request, async (client) => {
      const result = await client.query<ListedRow>(
        `select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
         where bucket_id = $1 and left(name, length($2)) = $2`,
        [bucketId, prefix],
      );
      return result.rows;
    });
    sendJson(response, 200, folderLevel(rows, prefix, options));
  }

  async function publicRead(request: IncomingMessage, response: ServerResponse, bucketId: string, name: string) {
    response.setHeader('Cache-Control', 'no-store');
    const bucket = await findBucket(bucketId);
    if (!bucket.public) throw STORAGE_ERRORS.noSuchBucket();
    await serveObject(request, response, bucketId, name, {});
  }

  /** createSignedUrl: the object is looked up as the caller, so only one whose policies let it read the name gets a URL. */
  async function sign(request: IncomingMessage, response: ServerResponse, bucketId: string, name: string) {
    const caller = callerFrom(request, verificationKeys);
    const signedURL = signedObjectPath(bucketId, name, (await readJsonBody(request)).expiresIn, urlSigningSecret);
    await findBucket(bucketId);
    const found = await asCaller(caller, request, async (client) => {
      const { rows } = await client.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
      return rows.length > 0;
    });
    if (!found) throw STORAGE_ERRORS.noSuchKey();
    sendJson(response, 200, { signedURL });
  }

  /** The signed read path (verifyObjectSignature): signature, scope, the name it was made for, expiry; then the bytes, whoever asks. */
  async function signedRead(request: IncomingMessage, response: ServerResponse, url: URL, bucketId: string, name: string) {
    response.setHeader('Cache-Control', 'no-store');
    const exp = verifiedDownloadExpiry(url.searchParams.get('token'), bucketId, name, urlSigningSecret);
    await serveObject(request, response, bucketId, name, { Expires: new Date(exp * 1000).toUTCString() });
  }

  /** An object's bytes with its headers (the service's asset renderer), read as the service itself. */
  async function serveObject(
    request: IncomingMessage,
    response: ServerResponse,
    bucketId: string,
    name: string,
    extraHeaders: Record<string, string>,
  ) {
    const { rows } = await pool.query<{ version: string | null; metadata: ObjectMetadata | null }>(
      'select version, metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    const object = rows[0];
    if (!object?.version || !object.metadata) throw STORAGE_ERRORS.noSuchKey();
    const { metadata } = object;
    const headers: Record<string, string | number> = {
      'Cache-Control': metadata.cacheControl,
      ETag: metadata.eTag,
      'Last-Modified': new Date(metadata.lastModified).toUTCString(),
      'X-Content-Type-Options': 'nosniff',
      'X-Robots-Tag': 'none',
      ...extraHeaders,
    };
    if (etagMatches(request.headers['if-none-match'], metadata.eTag)) {
      response.writeHead(304, headers);
      response.end();
      return;
    }
    const stream = createReadStream(fileOf(bucketId, object.version));
    await new Promise<void>((resolveOpen, rejectOpen) => {
      stream.once('open', () => resolveOpen());
      stream.once('error', rejectOpen);
    }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? STORAGE_ERRORS.noSuchKey() : error;
    });
    response.writeHead(200, { ...headers, 'Content-Type': metadata.mimetype, 'Content-Length': metadata.size });
    if (request.method === 'HEAD') {
      stream.destroy();
      response.end();
      return;
    }
    stream.on('error', () => response.destroy());
    stream.pipe(response);
  }

  async function route(request: IncomingMessage, response: ServerResponse, url: URL, path: string): Promise<void> {
    const method = request.method ?? 'GET';
    const publicMatch = /^\/object\/public\/([^/]+)\/(.+)$/.exec(path);
    if (publicMatch && (method === 'GET' || method === 'HEAD')) {
      return publicRead(request, response, bucketIdFrom(publicMatch[1]!), objectKey(publicMatch[2]!));
    }
    const signMatch = /^\/object\/sign\/([^/]+)\/(.+)$/.exec(path);
    if (signMatch && (method === 'GET' || method === 'HEAD')) {
      return signedRead(request, response, url, bucketIdFrom(signMatch[1]!), objectKey(signMatch[2]!));
    }
    if (signMatch && method === 'POST') return sign(request, response, bucketIdFrom(signMatch[1]!), objectKey(signMatch[2]!));
    const listMatch = /^\/object\/list\/([^/]+)\/?$/.exec(path);
    if (listMatch && method === 'POST') return list(request, response, bucketIdFrom(listMatch[1]!));
    const bucketMatch = /^\/object\/([^/]+)\/?$/.exec(path);
    if (bucketMatch && method === 'DELETE') return remove(request, response, bucketIdFrom(bucketMatch[1]!));
    const objectMatch = /^\/object\/([^/]+)\/(.+)$/.exec(path);
    if (objectMatch && (method === 'POST' || method === 'PUT')) {
      const upsert = method === 'PUT' || request.headers['x-upsert'] === 'true';
      return upload(request, response, bucketIdFrom(objectMatch[1]!), objectKey(objectMatch[2]!), upsert);
    }
    request.resume();
    throw STORAGE_ERRORS.routeNotFound(method, `/storage/v1${path}`);
  }

  return {
    async handle(request, response, url, path) {
      try {
        await route(request, response, url, path);
      } catch (caught) {
        const error = caught instanceof BodyTooLargeError ? STORAGE_ERRORS.entityTooLarge() : caught;
        if (response.headersSent) {
          response.destroy();
          return;
        }
        if (error instanceof StorageFailure) {
          // A body that was not read to its end cannot leave the connection reusable.
          const close = error.closeConnection || caught instanceof BodyTooLargeError;
          sendJson(response, error.httpStatus, error.body(), close ? { Connection: 'close' } : {});
          return;
        }
        console.error('[storage] unexpected error', error);
        sendJson(response, 500, STORAGE_ERRORS.internal().body());
      }
    },
  };
}
