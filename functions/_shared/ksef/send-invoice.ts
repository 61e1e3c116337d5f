import { type KsefApi, KsefApiError, KsefUnavailableError, type StatusInfo } from './api.ts';
import { utf8 } from './bytes.ts';
import { encryptInvoice, newSessionEncryption, pickSymmetricKeyCertificate } from './encryption.ts';
import { authTokenRequest, signEnveloped, type SigningCredentials } from './xades.ts';

/**
 * One invoice through KSeF 2.0: XAdES authentication (challenge, signed
 * AuthTokenRequest, status polling, token redemption), an online FA(3)
 * session, the encrypted invoice, its status until KSeF decides, the UPO,
 * and the session closed. See docs/decisions/037-ksef-client.md.
 */

export type KsefSendResult =
  | {
      outcome: 'accepted';
      ksefNumber: string;
      sessionReferenceNumber: string;
      invoiceReferenceNumber: string;
      invoiceHash: string;
      /** Null when KSeF had not produced it yet; fetch it later with the two reference numbers. */
      upo: string | null;
    }
  | { outcome: 'rejected'; stage: 'auth' | 'invoice'; code: number; description: string; details: string[] }
  | { outcome: 'unavailable'; reason: string };

export interface SendDependencies {
  api: KsefApi;
  credentials: SigningCredentials;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** How often and how many times a status is asked before the send counts as 'try later'. */
  pollMs?: number;
  polls?: number;
}

/** Status codes that mean 'still working' (auth: 100; invoice: 100, 150). */
const IN_PROGRESS = new Set([100, 150]);
/** Final codes that ask to try again rather than fix the invoice (500 unknown, 550 cancelled by the system). */
const TRY_AGAIN = new Set([500, 550]);

async function poll<T extends { status: StatusInfo }>(ask: () => Promise<T>, deps: SendDependencies): Promise<T | null> {
  const polls = deps.polls ?? 30;
  for (let i = 0; i < polls; i++) {
    const answer = await ask();
    if (!IN_PROGRESS.has(answer.status.code)) return answer;
    await deps.sleep(deps.pollMs ?? 1_000);
  }
  return null;
}

function rejected(stage: 'auth' | 'invoice', status: StatusInfo): KsefSendResult {
  return { outcome: 'rejected', stage, code: status.code, description: status.description, details: status.details ?? [] };
}

async function accessToken(nip: string, deps: SendDependencies): Promise<{ token: string } | KsefSendResult> {
  const { challenge } = await deps.api.challenge();
  const signed = await signEnveloped(authTokenRequest(challenge, nip), deps.credentials, deps.now());
  const started = await deps.api.submitXades(signed);
  const operation = started.authenticationToken.token;
  const status = await poll(() => deps.api.authStatus(started.referenceNumber, operation), deps);
  if (!status) return { outcome: 'unavailable', reason: 'authentication still in progress' };
  if (status.status.code !== 200)
    return TRY_AGAIN.has(status.status.code)
      ? { outcome: 'unavailable', reason: status.status.description }
      : rejected('auth', status.status);
  const tokens = await deps.api.redeem(operation);
  return { token: tokens.accessToken.token };
}

/** Sends `invoiceXml` (FA(3), UTF-8) for the seller `nip`. Never throws for KSeF's answers or outages. */
export async function sendInvoice(invoiceXml: string, nip: string, deps: SendDependencies): Promise<KsefSendResult> {
  let stage: 'auth' | 'invoice' = 'auth';
  try {
    const auth = await accessToken(nip, deps);
    if ('outcome' in auth) return auth;
    stage = 'invoice';
    const certificate = pickSymmetricKeyCertificate(await deps.api.publicKeyCertificates(), deps.now());
    const encryption = await newSessionEncryption(certificate);
    const session = await deps.api.openOnlineSession(auth.token, encryption.info);
    try {
      const body = await encryptInvoice(utf8(invoiceXml), encryption);
      const sent = await deps.api.sendInvoice(auth.token, session.referenceNumber, body);
      const status = await poll(() => deps.api.invoiceStatus(auth.token, session.referenceNumber, sent.referenceNumber), deps);
      if (!status) return { outcome: 'unavailable', reason: 'invoice still being processed' };
      if (status.status.code !== 200 || !status.ksefNumber) {
        return TRY_AGAIN.has(status.status.code)
          ? { outcome: 'unavailable', reason: status.status.description }
          : rejected('invoice', status.status);
      }
      const upo = await deps.api.invoiceUpo(auth.token, session.referenceNumber, sent.referenceNumber).catch(() => null);
      return {
        outcome: 'accepted',
        ksefNumber: status.ksefNumber,
        sessionReferenceNumber: session.referenceNumber,
        invoiceReferenceNumber: sent.referenceNumber,
        invoiceHash: body.invoiceHash,
        upo,
      };
    } finally {
      await deps.api.closeOnlineSession(auth.token, session.referenceNumber).catch(() => undefined);
    }
  } catch (error) {
    if (error instanceof KsefUnavailableError) return { outcome: 'unavailable', reason: error.message };
    if (error instanceof KsefApiError) {
      return { outcome: 'rejected', stage, code: error.code ?? error.status, description: error.description, details: error.details };
    }
    throw error;
  }
}
