import { createPortal } from 'react-dom';
import type { AdminOrder } from '../admin-order.ts';
import { printTicket, type PrintTicket } from './print-ticket.ts';

/**
 * The printed tickets (issue 17): one A4 page per order, cut into three parts
 * along dashed lines — the florist's work sheet, the driver's slip and the
 * card at business-card size (85 × 55 mm). Rendered beside the app (a portal
 * into <body>) and shown only in print; on screen it is not there at all.
 */
const PRINT_CSS = `
.print-sheet { display: none; }
@media print {
  @page { size: A4; margin: 10mm; }
  body > *:not(.print-sheet) { display: none !important; }
  .print-sheet { display: block; color: #000; font: 11pt/1.35 system-ui, sans-serif; }
  .print-ticket { height: 276mm; display: flex; flex-direction: column; overflow: hidden; break-after: page; page-break-after: always; }
  .print-ticket:last-child { break-after: auto; page-break-after: auto; }
  .print-part { padding: 4mm 2mm; overflow: hidden; }
  .print-part h2 { font-size: 9pt; letter-spacing: .08em; text-transform: uppercase; margin: 0 0 2mm; color: #444; }
  .print-work { flex: 1 1 auto; }
  .print-driver { flex: 0 0 auto; }
  .print-cut { border: 0; border-top: 0.4mm dashed #000; margin: 0; position: relative; }
  .print-cut::after { content: '✂'; position: absolute; left: 0; top: -3.2mm; font-size: 10pt; background: #fff; padding-right: 1mm; }
  .print-head { display: flex; justify-content: space-between; gap: 4mm; font-weight: 700; font-size: 12pt; margin-bottom: 2mm; }
  .print-ticket dl { display: grid; grid-template-columns: 34mm 1fr; gap: 1mm 3mm; margin: 0; }
  .print-ticket dt { color: #444; }
  .print-ticket dd { margin: 0; font-weight: 600; }
  .print-items { margin: 0 0 2mm; padding-left: 5mm; font-size: 12pt; }
  .print-ribbon { border: 0.3mm solid #000; padding: 1.5mm 3mm; font-size: 13pt; font-weight: 700; display: inline-block; }
  .print-card-area { flex: 0 0 auto; padding-top: 5mm; display: flex; gap: 6mm; align-items: flex-start; }
  .print-card { width: 85mm; height: 55mm; box-sizing: border-box; border: 0.4mm dashed #000; padding: 5mm; display: flex; flex-direction: column; justify-content: center; gap: 3mm; overflow: hidden; font-family: Georgia, 'Times New Roman', serif; }
  .print-card-message { font-size: 11pt; line-height: 1.3; text-align: center; white-space: pre-wrap; overflow-wrap: anywhere; }
  .print-card-signature { font-size: 10.5pt; font-style: italic; text-align: right; }
  .print-card-note { font-size: 9pt; color: #444; max-width: 80mm; }
}
`;

export function PrintSheet({ orders }: { orders: readonly AdminOrder[] }) {
  if (typeof document === 'undefined') return null;
  return createPortal(
    <div className="print-sheet" data-testid="print-sheet">
      <style>{PRINT_CSS}</style>
      {orders.map((order) => (
        <Ticket key={order.id} ticket={printTicket(order)} />
      ))}
    </div>,
    document.body,
  );
}

function Row({ term, value }: { term: string; value: string | null }) {
  if (!value) return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}

function Ticket({ ticket }: { ticket: PrintTicket }) {
  const { work, driver, card } = ticket;
  return (
    <article className="print-ticket" aria-label={`Bilet zamówienia ${ticket.number}`}>
      <section className="print-part print-work" aria-label="Karta florysty">
        <div className="print-head">
          <span>Zamówienie {ticket.number}</span>
          <span>{ticket.when}</span>
        </div>
        <h2>Karta florysty</h2>
        <ul className="print-items">
          {work.items.map((item, index) => (
            <li key={index}>
              {item.name} × {item.quantity}
            </li>
          ))}
        </ul>
        <dl>
          <Row term="Okazja" value={work.occasion} />
          <Row term="Uroczystość" value={work.venue} />
          <Row term="Zamiana kwiatów" value={work.substitution} />
          <Row term="Telefon przed zamianą" value={work.callBeforeSubstitution} />
          <Row term="Usługi" value={work.services.join(', ') || null} />
          <Row term="Dostawa" value={ticket.method} />
        </dl>
        {work.ribbon && (
          <p>
            Napis na szarfie: <span className="print-ribbon">{work.ribbon}</span>
          </p>
        )}
      </section>
      <hr className="print-cut" />
      <section className="print-part print-driver" aria-label="Dla kierowcy">
        <div className="print-head">
          <span>Zamówienie {ticket.number}</span>
          <span>{ticket.when}</span>
        </div>
        <h2>Dla kierowcy</h2>
        <dl>
          <Row term="Odbiorca" value={driver.recipient} />
          <Row term="Telefon" value={driver.phone} />
          <Row term="Adres" value={driver.address} />
          <Row term="Uroczystość" value={driver.venue} />
          <Row term="Cmentarz" value={driver.cemetery} />
          <Row term="Grób" value={driver.grave} />
          <Row term="Uwagi" value={driver.notes} />
          <Row term="Usługi" value={driver.services.join(', ') || null} />
        </dl>
      </section>
      <hr className="print-cut" />
      <div className="print-card-area">
        <section className="print-card" aria-label="Bilecik">
          {card ? (
            <>
              {card.message && <p className="print-card-message">{card.message}</p>}
              {card.signature && <p className="print-card-signature">{card.signature}</p>}
            </>
          ) : null}
        </section>
        <p className="print-card-note">
          Bilecik {ticket.number}: wytnij wzdłuż linii.{!card && ' Klient nie dołączył treści bilecika.'}
          {ticket.anonymous && ' Zamówienie anonimowe: nie podawaj odbiorcy danych zamawiającego.'}
        </p>
      </div>
    </article>
  );
}
