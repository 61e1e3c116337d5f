import { md5 } from './md5.ts';
import { sameText } from './payu-fields.ts';

/**
 * PayU classic's status protocol, as the real gateway speaks it: the
 * gateway's report (UrlOnline) only names a session, signed with key2; the
 * shop then asks Payment/get for that session, signed with key1, and trusts
 * only the gateway's answer, signed with key2. Every signature covers a
 * fixed, named list of fields, so no field can be added, dropped or re-split
 * without breaking it. Shared by the notification function and the local
 * gateway simulator.
 */

/**
 * The fields and signature order of the report, md5(pos_id + session_id + ts + key2),
 * and of the status request, the same fields signed with key1.
 */
export const NOTIFICATION_FIELDS = ['pos_id', 'session_id', 'ts'] as const;
/** The status answer's: md5(trans_pos_id + … + trans_ts + key2). */
export const STATUS_ANSWER_SIGNED_FIELDS = [
  'trans_pos_id',
  'trans_session_id',
  'trans_order_id',
  'trans_status',
  'trans_amount',
  'trans_desc',
  'trans_ts',
] as const;

/** A report or an answer older than this (or this far ahead of the shop's clock) is refused. */
export const GATEWAY_MESSAGE_MAX_AGE_MS = 15 * 60_000;

/** Field formats of the signed messages: nothing else is accepted, so no value can carry another. */
export const POS_ID_FORMAT = /^\d{1,12}$/;
/** The shop's session ids: the order number, a dash, the start time (ms). */
export const SESSION_ID_FORMAT = /^KT\d{9}-\d{10,16}$/;
export const TIMESTAMP_FORMAT = /^\d{10,16}$/;
export const SIGNATURE_FORMAT = /^[0-9a-f]{32}$/;

type Fields = Readonly<Record<string, string | undefined>>;

/** md5 of the named fields' values in the given order, then the key. */
export function signFields(params: Fields, fields: readonly string[], key: string): string {
  return md5(fields.map((field) => params[field] ?? '').join('') + key);
}

export function verifyFields(params: Fields, fields: readonly string[], key: string, sig: string | undefined): boolean {
  return key !== '' && typeof sig === 'string' && SIGNATURE_FORMAT.test(sig) && sameText(sig, signFields(params, fields, key));
}

/** Exactly these keys, none more, none fewer. */
export function hasExactFields(params: Fields, fields: readonly string[]): boolean {
  const keys = Object.keys(params);
  return keys.length === fields.length && fields.every((field) => typeof params[field] === 'string');
}

/** Milliseconds since the epoch within the allowed age of `now`. */
export function isFreshTimestamp(ts: string, now: number): boolean {
  if (!TIMESTAMP_FORMAT.test(ts)) return false;
  const age = now - Number(ts);
  return age <= GATEWAY_MESSAGE_MAX_AGE_MS && age >= -GATEWAY_MESSAGE_MAX_AGE_MS;
}

export type GatewayMessageCheck = { ok: true } | { ok: false; reason: 'shape' | 'signature' | 'stale' };

/** The gateway's report (or a status request): exact fields, formats, pos, signature, age. */
export function checkSessionMessage(params: Fields, posId: string, key: string, now: number): GatewayMessageCheck {
  const fields = [...NOTIFICATION_FIELDS, 'sig'];
  if (!hasExactFields(params, fields)) return { ok: false, reason: 'shape' };
  if (!POS_ID_FORMAT.test(params.pos_id!) || !SESSION_ID_FORMAT.test(params.session_id!) || !TIMESTAMP_FORMAT.test(params.ts!)) {
    return { ok: false, reason: 'shape' };
  }
  if (params.pos_id !== posId || !verifyFields(params, NOTIFICATION_FIELDS, key, params.sig)) return { ok: false, reason: 'signature' };
  if (!isFreshTimestamp(params.ts!, now)) return { ok: false, reason: 'stale' };
  return { ok: true };
}

/** A signed { pos_id, session_id, ts, sig } message: the report (key2) or the status request (key1). */
export function signedSessionMessage(posId: string, sessionId: string, now: number, key: string): Record<string, string> {
  const message = { pos_id: posId, session_id: sessionId, ts: String(Math.trunc(now)) };
  return { ...message, sig: signFields(message, NOTIFICATION_FIELDS, key) };
}

// ------------------------------------------------------------------ the status answer

/** PayU classic transaction states (trans_status). */
export const TRANSACTION_STATUS = {
  new: '1',
  cancelled: '2',
  rejected: '3',
  started: '4',
  awaitingCollection: '5',
  rejectedAfterCancel: '7',
  finished: '99',
  error: '888',
} as const;

export type PaymentOutcome = 'COMPLETED' | 'CANCELED' | 'REJECTED' | 'PENDING';

/** What a transaction state means for the order; null for states that change nothing. */
export function outcomeOfTransaction(status: string): PaymentOutcome | null {
  switch (status) {
    case TRANSACTION_STATUS.finished:
      return 'COMPLETED';
    case TRANSACTION_STATUS.cancelled:
      return 'CANCELED';
    case TRANSACTION_STATUS.rejected:
    case TRANSACTION_STATUS.rejectedAfterCancel:
      return 'REJECTED';
    case TRANSACTION_STATUS.new:
    case TRANSACTION_STATUS.started:
    case TRANSACTION_STATUS.awaitingCollection:
      return 'PENDING';
    default:
      return null;
  }
}

export interface GatewayTransaction {
  id: string;
  posId: string;
  sessionId: string;
  /** The shop's order number (order_id of the payment start). */
  orderId: string;
  /** Grosz as integer text. */
  amount: string;
  status: string;
  desc: string;
  ts: string;
}

/** Payment/get/txt's body: `key: value` lines; status OK carries the signed trans_* fields. */
export function formatStatusAnswer(transaction: GatewayTransaction, key2: string): string {
  const fields: Record<string, string> = {
    trans_id: transaction.id,
    trans_pos_id: transaction.posId,
    trans_session_id: transaction.sessionId,
    trans_order_id: transaction.orderId,
    trans_amount: transaction.amount,
    trans_status: transaction.status,
    trans_desc: transaction.desc,
    trans_ts: transaction.ts,
  };
  fields.trans_sig = signFields(fields, STATUS_ANSWER_SIGNED_FIELDS, key2);
  return ['status: OK', ...Object.entries(fields).map(([name, value]) => `${name}: ${value}`)].join('\n') + '\n';
}

export function formatStatusError(code: string): string {
  return `status: ERROR\nerror_nr: ${code}\n`;
}

export function parseStatusAnswer(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const cut = line.indexOf(':');
    if (cut <= 0) continue;
    const name = line.slice(0, cut).trim();
    // A repeated name makes the answer ambiguous: the first one wins and the signature decides.
    if (name && !Object.hasOwn(out, name)) out[name] = line.slice(cut + 1).trim();
  }
  return out;
}

export type StatusAnswerCheck =
  | { ok: true; transaction: GatewayTransaction; outcome: PaymentOutcome | null }
  | { ok: false; reason: 'gateway_error' | 'shape' | 'signature' | 'mismatch' | 'stale' };

/**
 * The gateway's answer about `sessionId`: status OK, every signed field
 * present and well-formed, the key2 signature right, the same POS and
 * session that were asked about, and a fresh timestamp.
 */
export function checkStatusAnswer(
  answer: Record<string, string>,
  expected: { posId: string; sessionId: string },
  key2: string,
  now: number,
): StatusAnswerCheck {
  if (answer.status !== 'OK') return { ok: false, reason: 'gateway_error' };
  if (STATUS_ANSWER_SIGNED_FIELDS.some((field) => typeof answer[field] !== 'string')) return { ok: false, reason: 'shape' };
  if (!/^\d{1,12}$/.test(answer.trans_amount!) || !/^\d{1,3}$/.test(answer.trans_status!) || !TIMESTAMP_FORMAT.test(answer.trans_ts!)) {
    return { ok: false, reason: 'shape' };
  }
  if (!verifyFields(answer, STATUS_ANSWER_SIGNED_FIELDS, key2, answer.trans_sig)) return { ok: false, reason: 'signature' };
  if (answer.trans_pos_id !== expected.posId || answer.trans_session_id !== expected.sessionId) return { ok: false, reason: 'mismatch' };
  if (!isFreshTimestamp(answer.trans_ts!, now)) return { ok: false, reason: 'stale' };
  const transaction: GatewayTransaction = {
    id: answer.trans_id ?? '',
    posId: answer.trans_pos_id!,
    sessionId: answer.trans_session_id!,
    orderId: answer.trans_order_id!,
    amount: answer.trans_amount!,
    status: answer.trans_status!,
    desc: answer.trans_desc!,
    ts: answer.trans_ts!,
  };
  return { ok: true, transaction, outcome: outcomeOfTransaction(transaction.status) };
}

/** The order number a session belongs to: the part before the dash. */
export function orderNumberOfSession(sessionId: string): string | null {
  return SESSION_ID_FORMAT.test(sessionId) ? sessionId.slice(0, sessionId.indexOf('-')) : null;
}

/** Where Payment/get lives beside the new-payment address (…/UTF/NewPayment → …/UTF/Payment/get/txt). */
export function statusUrlOf(gatewayUrl: string): string {
  const base = gatewayUrl.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return `${base.replace(/\/NewPayment$/i, '')}/Payment/get/txt`;
}
