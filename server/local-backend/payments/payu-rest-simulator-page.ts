import { formatPln, grosz } from '../../../src/domain/money.ts';
import type { PayuOrderCreateRequest } from '../../../src/domain/payu-rest.ts';
import { escapeHtml, simulatorPage } from './simulator-page.ts';

/** The stand-in for PayU's payment page (payu-rest-simulator.ts), in Polish as the shop's customers see it. */

const PAYU_REST_SIMULATOR_TITLE = 'Symulator PayU REST (lokalny)';

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;background:#f3f5f7;color:#1d2329;margin:0}' +
  'main{max-width:30rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:10px}' +
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dd{margin:0;font-weight:600}' +
  'label{display:block;margin:1rem 0 .3rem;font-weight:600}input{font-size:1.4rem;letter-spacing:.3em;width:8em;padding:.4rem}' +
  '.actions{display:flex;gap:.75rem;margin-top:1.5rem}button{flex:1;min-height:48px;font-size:1rem;border-radius:8px;border:2px solid #a6c307}' +
  '.pay{background:#a6c307;color:#fff}.reject{background:#fff}.error{color:#b00020;font-weight:600}';

export function htmlPage(status: number, body: string): Response {
  return simulatorPage(status, PAYU_REST_SIMULATOR_TITLE, body, PAGE_STYLE);
}

export function paymentPage(order: { request: PayuOrderCreateRequest; blikOnPage: boolean }, error?: string): Response {
  const rows: [string, string][] = [
    ['Zamówienie', order.request.description],
    ['Kwota', formatPln(grosz(Number(order.request.totalAmount)))],
    ['E-mail', order.request.buyer?.email ?? ''],
  ];
  const list = rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  const blik = order.blikOnPage
    ? '<label for="blikCode">Kod BLIK</label><input id="blikCode" name="blikCode" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required>'
    : '';
  return htmlPage(
    error ? 400 : 200,
    `<p>To lokalna symulacja bramki PayU – żadne pieniądze nie zostaną pobrane.</p>
${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}<dl>${list}</dl>
<form method="post">${blik}
<div class="actions"><button class="pay" type="submit" name="action" value="pay">Zapłać</button>
<button class="reject" type="submit" name="action" value="reject" formnovalidate>Odrzuć</button></div></form>`,
  );
}
