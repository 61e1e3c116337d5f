import { formatPln, grosz } from '../../../src/domain/money.ts';
import { escapeHtml, simulatorPage } from './simulator-page.ts';

/**
 * The stand-in for Stripe's hosted Checkout page (stripe-simulator.ts), in
 * Polish, without script or outside resources: it only shows the session and
 * posts the buyer's choice.
 */

export const STRIPE_PAGE_TITLE = 'Płatność – lokalny symulator Stripe';

export interface PageSession {
  orderLabel: string;
  amountTotal: number;
  email: string | null;
  lines: { name: string; quantity: number; amount: number }[];
}

const STYLE = `
  body{margin:0;font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;line-height:1.5}
  main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(0,0,0,.08)}
  h1{font-size:1.3rem;margin:0 0 .5rem}
  .note{color:#697386;font-size:.9rem}
  table{width:100%;border-collapse:collapse;margin:1rem 0}
  td{padding:.25rem 0}td.amount{text-align:right;white-space:nowrap}
  tr.total td{font-weight:700;border-top:1px solid #e3e8ee}
  .actions{display:flex;flex-direction:column;gap:.6rem}
  button{min-height:48px;font-size:1rem;font-weight:600;border-radius:8px;border:2px solid #635bff;cursor:pointer}
  button.pay{background:#635bff;color:#fff}button.cancel{background:#fff;color:#635bff}
  button:focus-visible{outline:3px solid #1a1f36;outline-offset:2px}
`;

export function htmlPage(status: number, title: string, body: string): Response {
  return simulatorPage(status, title, body, STYLE);
}

export function messagePage(status: number, text: string): Response {
  return htmlPage(status, STRIPE_PAGE_TITLE, `<p>${escapeHtml(text)}</p>`);
}

/** The session with 'Zapłać kartą', 'Zapłać BLIK-iem' and 'Anuluj', posted back to the same address. */
export function checkoutPage(session: PageSession): Response {
  const rows = session.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)} × ${line.quantity}</td><td class="amount">${escapeHtml(formatPln(grosz(line.amount * line.quantity)))}</td></tr>`,
    )
    .join('\n');
  return htmlPage(
    200,
    STRIPE_PAGE_TITLE,
    `<p class="note">To lokalna symulacja Stripe Checkout – żadne pieniądze nie zostaną pobrane.</p>
<p>Zamówienie: <strong>${escapeHtml(session.orderLabel)}</strong>${session.email ? `<br>E-mail: ${escapeHtml(session.email)}` : ''}</p>
<table>
${rows}
<tr class="total"><td>Do zapłaty</td><td class="amount">${escapeHtml(formatPln(grosz(session.amountTotal)))}</td></tr>
</table>
<form method="post">
<div class="actions">
<button class="pay" type="submit" name="action" value="card">Zapłać kartą</button>
<button class="pay" type="submit" name="action" value="blik">Zapłać BLIK-iem</button>
<button class="cancel" type="submit" name="action" value="cancel">Anuluj</button>
</div>
</form>`,
  );
}
