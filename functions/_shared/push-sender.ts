import { isPushKind, pushMessage } from '../../src/domain/push-notification.ts';
import type { EnvGetter } from './env.ts';
import type { AdminClient } from './supabase-clients.ts';
import { isVapidKeys, pushRequest, type VapidKeys } from './web-push.ts';

/*
 * Sends the due push jobs (public.push_jobs) to the owner's devices: the
 * push-dispatch function on its schedule, and push-devices right after the
 * owner asks for a test. What the push service answered decides the job's
 * fate in SQL (finish_push_job): sent, retried, failed, or the device removed.
 */

/** A due job with its device, as claim_push_jobs returns it. */
export interface ClaimedPush {
  id: string;
  kind: string;
  details: unknown;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSenderDeps {
  /** Null when the VAPID secrets are not set: jobs then wait as pending. */
  vapid: VapidKeys | null;
  claim(limit: number): Promise<ClaimedPush[]>;
  /** finish_push_job: the push service's status (null: no answer) → 'sent', 'removed', 'pending' or 'failed'. */
  finish(jobId: string, status: number | null, error: string | null): Promise<string>;
  /** fetch, bounded in time; tests hand in their own. */
  send(request: Request): Promise<Response>;
  now(): number;
}

export interface PushDispatchResult {
  claimed: number;
  sent: number;
  /** Devices the push service no longer knows (404/410), deleted. */
  removed: number;
  /** Jobs that failed this time (retried later, or failed for good). */
  failed: number;
}

/** Jobs per claim, sent concurrently. */
const BATCH = 20;
const MAX_BATCHES = 5;
/** A phone that is off gets the push when it is back within this time; an order older than that is in the mail and the back office. */
const TTL_SECONDS = 12 * 3600;
const SEND_TIMEOUT_MS = 10_000;

async function sendOne(deps: PushSenderDeps & { vapid: VapidKeys }, job: ClaimedPush): Promise<string> {
  let status: number | null = null;
  let failure: string | null = null;
  try {
    if (!isPushKind(job.kind)) throw new Error(`unknown push kind ${job.kind}`);
    const message = pushMessage(job.kind, job.details);
    const request = await pushRequest(job, JSON.stringify(message), deps.vapid, {
      ttlSeconds: TTL_SECONDS,
      urgency: job.kind === 'test' ? 'normal' : 'high',
      // RFC 8030 topics are at most 32 base64url characters: one per kind is enough to replace a stale undelivered test.
      ...(job.kind === 'test' ? { topic: 'test' } : {}),
      nowMs: deps.now(),
    });
    const response = await deps.send(request);
    status = response.status;
    const text = (await response.text().catch(() => '')).slice(0, 200);
    if (!response.ok) failure = `HTTP ${response.status}${text ? `: ${text}` : ''}`;
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  if (failure) console.warn(`[push] ${job.kind} job ${job.id} (attempt ${job.attempts}) failed: ${failure}`);
  return deps.finish(job.id, status, failure);
}

/** Sends every due push job once; a batch where nothing went out ends the run (the push service is likely down). */
export async function dispatchPush(deps: PushSenderDeps): Promise<PushDispatchResult> {
  const result: PushDispatchResult = { claimed: 0, sent: 0, removed: 0, failed: 0 };
  const { vapid } = deps;
  if (!vapid) return result;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const jobs = await deps.claim(BATCH);
    result.claimed += jobs.length;
    const outcomes = await Promise.all(jobs.map((job) => sendOne({ ...deps, vapid }, job)));
    const sent = outcomes.filter((outcome) => outcome === 'sent').length;
    const removed = outcomes.filter((outcome) => outcome === 'removed').length;
    result.sent += sent;
    result.removed += removed;
    result.failed += outcomes.length - sent - removed;
    if (jobs.length < BATCH || sent + removed === 0) break;
  }
  return result;
}

/** The VAPID secrets (docs/hosted-deploy.md); null when any is missing or they are no usable pair. */
export function readVapidKeys(get: EnvGetter): VapidKeys | null {
  const keys = {
    publicKey: get('VAPID_PUBLIC_KEY')?.trim() ?? '',
    privateKey: get('VAPID_PRIVATE_KEY')?.trim() ?? '',
    subject: get('VAPID_SUBJECT')?.trim() ?? '',
  };
  if (!keys.publicKey && !keys.privateKey) return null;
  if (!isVapidKeys(keys)) {
    console.error('[push] VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (mailto: or https:) do not make a usable key; pushes wait');
    return null;
  }
  return keys;
}

/** The real sender: the push_jobs SQL functions through the service-role client, and fetch. */
export function createPushSender(admin: AdminClient, vapid: VapidKeys | null): PushSenderDeps {
  return {
    vapid,
    async claim(limit) {
      const { data, error } = await admin.rpc('claim_push_jobs', { p_limit: limit });
      if (error) throw new Error(`claiming push jobs failed: ${error.message}`);
      return data ?? [];
    },
    async finish(jobId, status, failure) {
      const { data, error } = await admin.rpc('finish_push_job', { p_id: jobId, p_status: status, p_error: failure });
      if (error) throw new Error(`recording a push job failed: ${error.message}`);
      return data;
    },
    send: (request) => fetch(request, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS), redirect: 'manual' }),
    now: () => Date.now(),
  };
}
