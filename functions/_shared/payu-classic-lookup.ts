import {
  checkStatusAnswer,
  parseStatusAnswer,
  signedSessionMessage,
  type GatewayTransaction,
  type PaymentOutcome,
} from '../../src/domain/payu-status.ts';
import { HttpError } from './http.ts';
import type { GatewaySettings } from './payments.ts';

export interface ClassicLookupDeps {
  fetch(input: string, init: RequestInit): Promise<Response>;
  now(): number;
}

const STATUS_TIMEOUT_MS = 10_000;

/**
 * Asks the classic gateway (Payment/get, signed with key1) what happened in
 * the session, and returns the transaction only if the answer is signed
 * with key2 and is about that very session. Used on a report and by the
 * reconciliation, so both trust exactly the same answer.
 */
export async function queryClassicTransaction(
  deps: ClassicLookupDeps,
  settings: GatewaySettings,
  sessionId: string,
): Promise<{ transaction: GatewayTransaction; outcome: PaymentOutcome | null }> {
  const request = signedSessionMessage(settings.posId, sessionId, deps.now(), settings.authKey);
  let text: string;
  try {
    const response = await deps.fetch(settings.statusUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(request).toString(),
      signal: AbortSignal.timeout(STATUS_TIMEOUT_MS),
    });
    text = await response.text();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    console.error('[payu-classic] the gateway status query failed', error);
    throw new HttpError(502, 'gateway_unreachable', 'Nie udało się sprawdzić stanu płatności u operatora.');
  }
  const checked = checkStatusAnswer(parseStatusAnswer(text), { posId: settings.posId, sessionId }, settings.key2, deps.now());
  if (!checked.ok) {
    console.error(`[payu-classic] refused the gateway's status answer: ${checked.reason}`);
    throw new HttpError(502, 'gateway_answer_refused', 'Nie udało się potwierdzić odpowiedzi operatora płatności.');
  }
  return { transaction: checked.transaction, outcome: checked.outcome };
}
