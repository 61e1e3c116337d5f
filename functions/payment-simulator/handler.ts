import { formatPln, grosz } from '../../src/domain/money.ts';
import { verifyGatewaySignature } from '../../src/domain/payu-classic.ts';
import { HttpError, type Handler } from '../_shared/http.ts';
import { applyPaymentReport, readParams, searchParamsRecord, type PaymentStore } from '../_shared/payments.ts';

export interface PaymentSimulatorDeps {
  store: PaymentStore;
}

export const SIMULATOR_TITLE = 'Symulator płatności (lokalny)';
export const INVALID_SIGNATURE_TITLE = 'Nieprawidłowy podpis płatności';
const MAX_FORM_BYTES = 16 * 1024;
/** Gateway fields the page needs; everything else is carried along untouched. */
const NEEDED = ['pos_id', 'session_id', 'order_id', 'amount', 'pow_url', 'pow_url_blad', 'sig'] as const;

// No script, no external resources: the page can only show data and post its form.
const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...SECURITY_HEADERS } });
}

function errorPage(status: number, title: string, text: string): Response {
  return page(status, title, `<p>${escapeHtml(text)}</p>`);
}

/** Only absolute http(s) addresses may be redirect targets. */
function httpTarget(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

async function authKeyFor(store: PaymentStore, posId: string | undefined): Promise<string | null> {
  const settings = await store.loadSettings(['payu_classic_pos_id', 'payu_classic_pos_auth_key']);
  const expectedPos = settings.payu_classic_pos_id?.trim() ?? '';
  const authKey = settings.payu_classic_pos_auth_key?.trim() ?? '';
  if (!expectedPos || !authKey || posId !== expectedPos) return null;
  return authKey;
}

/** Parameters that are complete, correctly signed and carry valid return addresses; null otherwise. */
async function verified(store: PaymentStore, params: Record<string, string>): Promise<Record<string, string> | null> {
  if (NEEDED.some((field) => !params[field])) return null;
  if (!/^\d{1,12}$/.test(params.amount!)) return null;
  if (!httpTarget(params.pow_url) || !httpTarget(params.pow_url_blad)) return null;
  const authKey = await authKeyFor(store, params.pos_id);
  if (!authKey || !verifyGatewaySignature(params, authKey)) return null;
  return params;
}

function invalidSignature(): Response {
  return errorPage(400, INVALID_SIGNATURE_TITLE, 'Dane płatności są niekompletne lub zostały zmienione. Wróć do sklepu i spróbuj ponownie.');
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

async function showPayment(deps: PaymentSimulatorDeps, request: Request): Promise<Response> {
  const params = await verified(deps.store, searchParamsRecord(new URL(request.url).searchParams));
  return params ? paymentPage(params) : invalidSignature();
}

async function finishPayment(deps: PaymentSimulatorDeps, request: Request): Promise<Response> {
  const form = await readParams(request, MAX_FORM_BYTES);
  const { action, ...gatewayParams } = form;
  if (action !== 'pay' && action !== 'cancel') return errorPage(400, SIMULATOR_TITLE, 'Nieznana akcja płatności.');
  const params = await verified(deps.store, gatewayParams);
  if (!params) return invalidSignature();

  const outcome = await applyPaymentReport(deps.store, {
    orderNumber: params.order_id!,
    amount: params.amount!,
    status: action === 'pay' ? 'COMPLETED' : 'CANCELED',
  });
  if (outcome.kind === 'order_not_found') return errorPage(404, SIMULATOR_TITLE, 'Nie znaleziono zamówienia.');
  if (outcome.kind === 'amount_mismatch') return errorPage(400, SIMULATOR_TITLE, 'Kwota płatności nie zgadza się z zamówieniem.');

  const target = httpTarget(action === 'pay' ? params.pow_url : params.pow_url_blad)!;
  return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
}

/**
 * A stand-in for the PayU classic payment page, for local use: GET shows
 * the signed payment with 'Zapłać' / 'Anuluj'; the POST re-verifies the
 * signature, records the result like a gateway notification and sends the
 * browser to pow_url or pow_url_blad with 303. Answers HTML, never JSON.
 */
export function createPaymentSimulatorHandler(deps: PaymentSimulatorDeps): Handler {
  return async (request) => {
    try {
      if (request.method === 'GET') return await showPayment(deps, request);
      if (request.method === 'POST') return await finishPayment(deps, request);
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
