import * as v from 'valibot';
import {
  WITHDRAWAL_REQUEST_FUNCTION,
  withdrawalLookupAnswerSchema,
  withdrawalReceiptSchema,
  type WithdrawalLookup,
  type WithdrawalLookupAnswer,
  type WithdrawalReceipt,
  type WithdrawalSubmit,
} from '../../domain/withdrawal-request.ts';
import { NetworkError, bodyField, callFunction } from '../../lib/functions-client.ts';

export const OFFLINE_MESSAGE = 'Jesteś offline. To, co wpisano, zostaje w formularzu – wyślij je, gdy wróci połączenie.';
const FAILED_MESSAGE = 'Nie udało się połączyć ze sklepem. Spróbuj ponownie za chwilę – wpisane dane zostają w formularzu.';

/** A refused call: the shop's message, the fields it names, and whether the device was offline. */
export interface CallFailure {
  ok: false;
  message: string;
  fields: Record<string, string>;
  offline: boolean;
}

type Outcome<T> = { ok: true; value: T } | CallFailure;

function fieldsOf(body: unknown): Record<string, string> {
  const fields = typeof body === 'object' && body !== null ? (body as { fields?: unknown }).fields : undefined;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

async function call<T>(payload: unknown, answer: v.GenericSchema<unknown, T>): Promise<Outcome<T>> {
  try {
    const response = await callFunction(WITHDRAWAL_REQUEST_FUNCTION, payload, { timeoutMs: 15_000 });
    if (!response.ok) {
      return { ok: false, message: bodyField(response.body, 'message') ?? FAILED_MESSAGE, fields: fieldsOf(response.body), offline: false };
    }
    const parsed = v.safeParse(answer, response.body);
    return parsed.success ? { ok: true, value: parsed.output } : { ok: false, message: FAILED_MESSAGE, fields: {}, offline: false };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const offline = error.reason === 'offline';
    return { ok: false, message: offline ? OFFLINE_MESSAGE : FAILED_MESSAGE, fields: {}, offline };
  }
}

/** Step 1: the order's lines, each with how many pieces may go back or why none. */
export function lookupOrder(lookup: WithdrawalLookup): Promise<Outcome<WithdrawalLookupAnswer>> {
  return call({ action: 'lookup', ...lookup }, withdrawalLookupAnswerSchema);
}

/** Step 2: the request; the answer is the receipt the confirmation shows (and the mail repeats). */
export function submitWithdrawal(request: WithdrawalSubmit): Promise<Outcome<WithdrawalReceipt>> {
  return call({ action: 'submit', ...request }, withdrawalReceiptSchema);
}
