import { formatPln, grosz } from '../../../src/domain/money.ts';
import { verifyPaymentStart } from '../../../src/domain/payu-classic-validation.ts';
import { isHttpUrl } from '../../../src/domain/payu-fields.ts';
import {
  TRANSACTION_STATUS,
  checkSessionMessage,
  formatStatusAnswer,
  formatStatusError,
  signedSessionMessage,
  type GatewayTransaction,
} from '../../../src/domain/payu-status.ts';
import { HttpError, type Handler } from '../../../functions/_shared/http.ts';
import { escapeHtml, simulatorPage } from './simulator-page.ts';
import { readParams, searchParamsRecord, type PaymentStore } from '../../../functions/_shared/payments.ts';

/**
 * A stand-in for the PayU classic gateway, for the local backend only: it
 * lives in server/local-backend/, never in functions/, so nothing deploys it, and the
 * gateway serves it only when LOCAL_PAYMENT_SIMULATOR=1. Like the real
 * gateway it keeps its own transactions (in memory), reports a payment to
 * the shop's payment-notification (signed with key2) and answers the shop's
 * Payment/get status query (signed with key1) with a key2-signed answer.
 */
export interface PaymentSimulatorDeps {
  /** Only for the POS settings (pos id, key1, key2): the simulator never reads or writes orders. */
  store: PaymentStore;
  /** Where the shop's payment-notification function listens (PayU's UrlOnline). */
  notificationUrl: string;
  fetch(input: string, init: RequestInit): Promise<Response>;
  now(): number;
}

export const STATUS_PATH = '/Payment/get/txt';

export const SIMULATOR_TITLE = 'Symulator płatności (lokalny)';
export const INVALID_SIGNATURE_TITLE = 'Nieprawidłowy podpis płatności';
const MAX_FORM_BYTES = 16 * 1024;
/** Gateway fields the page needs; everything else is carried along untouched. */
const NEEDED = ['pos_id', 'session_id', 'order_id', 'amount', 'pow_url', 'pow_url_blad', 'sig'] as const;

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f3ef;color:#222;line-height:1.5}
  main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(0,0,0,.08)}
  h1{font-size:1.35rem;margin:0 0 .5rem}
  p.note{color:#6b5e52;font-size:.9rem;margin:0 0 1rem}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1.5rem}
  dt{color:#6b5e52}
  dd{margin:0;font-weight:600;overflow-wrap:anywhere}
  .actions{display:flex;gap:.75rem;flex-wrap:wrap}
  button{flex:1 1 8rem;min-height:48px;font-size:1rem;font-weight:600;border-radius:8px;border:2px solid #3f6b3a;cursor:pointer}
  button.pay{background:#3f6b3a;color:#fff}
  button.cancel{background:#fff;color:#3f6b3a}
  button:focus-visible{outline:3px solid #c98a2b;outline-offset:2px}
  @media (max-width:420px){main{margin:0;border-radius:0;min-height:100vh}}
`;

function page(status: number, title: string, body: string): Response {
  return simulatorPage(status, title, body, STYLE);
}

function errorPage(status: number, title: string, text: string): Response {
  return page(status, title, `<p>${escapeHtml(text)}</p>`);
}

/** Only absolute http(s) addresses may be redirect targets. */
function httpTarget(value: string | undefined): string | null {
  return isHttpUrl(value) ? new URL(value).toString() : null;
}

interface PosKeys {
  posId: string;
  key1: string;
  key2: string;
}

async function posKeys(store: PaymentStore): Promise<PosKeys | null> {
  const settings = await store.loadSettings(['payu_classic_pos_id', 'payu_classic_pos_auth_key', 'payu_classic_key2']);
  const posId = settings.payu_classic_pos_id?.trim() ?? '';
  const key1 = settings.payu_classic_pos_auth_key?.trim() ?? '';
  const key2 = settings.payu_classic_key2?.trim() ?? '';
  return posId && key1 && key2 ? { posId, key1, key2 } : null;
}

/** A payment start that is the exact field set, signed with key1 for this POS, with valid return addresses; null otherwise. */
async function verified(
  store: PaymentStore,
  params: Record<string, string>,
): Promise<{ params: Record<string, string>; keys: PosKeys } | null> {
  if (NEEDED.some((field) => !params[field])) return null;
  if (!httpTarget(params.pow_url) || !httpTarget(params.pow_url_blad)) return null;
  const keys = await posKeys(store);
  if (!keys || params.pos_id !== keys.posId || !verifyPaymentStart(params, keys.key1)) return null;
  return { params, keys };
}

function invalidSignature(): Response {
  return errorPage(
    400,
    INVALID_SIGNATURE_TITLE,
    'Dane płatności są niekompletne lub zostały zmienione. Wróć do sklepu i spróbuj ponownie.',
  );
}

function paymentPage(params: Record<string, string>): Response {
  const hidden = Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const rows: [string, string][] = [
    ['Zamówienie', params.order_id!],
    ['Kwota', formatPln(grosz(Number(params.amount)))],
    ['E-mail', params.client_email ?? ''],
  ];
  if (params.desc) rows.push(['Opis', params.desc]);
  const list = rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  return page(
    200,
    SIMULATOR_TITLE,
    `<p class="note">To lokalna symulacja bramki płatności – żadne pieniądze nie zostaną pobrane.</p>
<dl>${list}</dl>
<form method="post">
${hidden}
<div class="actions">
<button class="pay" type="submit" name="action" value="pay">Zapłać</button>
<button class="cancel" type="submit" name="action" value="cancel">Anuluj</button>
</div>
</form>`,
  );
}

/** The gateway's own record of each payment session, as the real gateway keeps it. */
type Transactions = Map<string, GatewayTransaction>;

function openTransaction(transactions: Transactions, params: Record<string, string>, now: number): GatewayTransaction {
  const sessionId = params.session_id!;
  const known = transactions.get(sessionId);
  if (known) return known;
  const transaction: GatewayTransaction = {
    id: String(transactions.size + 1),
    posId: params.pos_id!,
    sessionId,
    orderId: params.order_id!,
    amount: params.amount!,
    status: TRANSACTION_STATUS.new,
    desc: params.desc ?? '',
    ts: String(now),
  };
  transactions.set(sessionId, transaction);
  return transaction;
}

async function showPayment(deps: PaymentSimulatorDeps, transactions: Transactions, request: Request): Promise<Response> {
  const checked = await verified(deps.store, searchParamsRecord(new URL(request.url).searchParams));
  if (!checked) return invalidSignature();
  openTransaction(transactions, checked.params, deps.now());
  return paymentPage(checked.params);
}

/** Tells the shop to look (UrlOnline), as the gateway does after a payment changes; a failure is logged, the gateway would retry. */
async function reportToShop(deps: PaymentSimulatorDeps, keys: PosKeys, sessionId: string): Promise<void> {
  try {
    const response = await deps.fetch(deps.notificationUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(signedSessionMessage(keys.posId, sessionId, deps.now(), keys.key2)).toString(),
    });
    const answer = await response.text();
    if (answer.trim() !== 'OK')
      console.error(`[payment-simulator] the shop answered the report with ${response.status}: ${answer.slice(0, 200)}`);
  } catch (error) {
    console.error('[payment-simulator] the shop could not be told about the payment', error);
  }
}

async function finishPayment(deps: PaymentSimulatorDeps, transactions: Transactions, request: Request): Promise<Response> {
  const form = await readParams(request, MAX_FORM_BYTES);
  const { action, ...gatewayParams } = form;
  if (action !== 'pay' && action !== 'cancel') return errorPage(400, SIMULATOR_TITLE, 'Nieznana akcja płatności.');
  const checked = await verified(deps.store, gatewayParams);
  if (!checked) return invalidSignature();
  const { params, keys } = checked;

  const transaction = openTransaction(transactions, params, deps.now());
  // A finished payment stays finished, as at the real gateway.
  if (transaction.status !== TRANSACTION_STATUS.finished) {
    transaction.status = action === 'pay' ? TRANSACTION_STATUS.finished : TRANSACTION_STATUS.cancelled;
  }
  await reportToShop(deps, keys, transaction.sessionId);

  const target = httpTarget(action === 'pay' ? params.pow_url : params.pow_url_blad)!;
  return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
}

function statusText(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** Payment/get/txt: the shop's key1-signed question about a session, answered with the transaction signed with key2. */
async function answerStatus(deps: PaymentSimulatorDeps, transactions: Transactions, request: Request): Promise<Response> {
  const keys = await posKeys(deps.store);
  if (!keys) return statusText(200, formatStatusError('200'));
  const query = await readParams(request, MAX_FORM_BYTES);
  const checked = checkSessionMessage(query, keys.posId, keys.key1, deps.now());
  if (!checked.ok) return statusText(200, formatStatusError(checked.reason === 'signature' ? '103' : '100'));
  const transaction = transactions.get(query.session_id!);
  if (!transaction) return statusText(200, formatStatusError('500'));
  return statusText(200, formatStatusAnswer({ ...transaction, ts: String(deps.now()) }, keys.key2));
}

/**
 * GET shows the signed payment with 'Zapłać' / 'Anuluj'; the POST
 * re-verifies it, settles the gateway's transaction, reports it to the shop
 * and sends the browser to pow_url or pow_url_blad with 303 (HTML answers).
 * POST …/Payment/get/txt answers the shop's status query (text, as PayU).
 */
export function createPaymentSimulatorHandler(deps: PaymentSimulatorDeps): Handler {
  const transactions: Transactions = new Map();
  return async (request) => {
    try {
      if (new URL(request.url).pathname.endsWith(STATUS_PATH)) {
        return request.method === 'POST' ? await answerStatus(deps, transactions, request) : statusText(405, formatStatusError('405'));
      }
      if (request.method === 'GET') return await showPayment(deps, transactions, request);
      if (request.method === 'POST') return await finishPayment(deps, transactions, request);
      return errorPage(405, SIMULATOR_TITLE, 'Nieobsługiwana metoda żądania.');
    } catch (error) {
      // A malformed parameter set (e.g. a key given twice) cannot carry a trustworthy signature.
      if (error instanceof HttpError && error.status === 400) return invalidSignature();
      if (error instanceof HttpError) return errorPage(error.status, SIMULATOR_TITLE, error.message);
      console.error('[payment-simulator] unexpected error', error);
      return errorPage(500, SIMULATOR_TITLE, 'Wystąpił błąd serwera. Spróbuj ponownie za chwilę.');
    }
  };
}
