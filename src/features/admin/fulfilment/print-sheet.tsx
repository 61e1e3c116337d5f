import { createPortal } from 'react-dom';
// A stylesheet file, not a <style> element: the shop's CSP allows styles from 'self' only.
import './print-sheet.css';
import type { AdminOrder } from '../orders/order.ts';
import type { DayPlan } from '../orders/delivery-schedule.ts';
import { DayOverviewSheet } from './day-overview-sheet.tsx';
import { printTicket, type PrintTicket } from './print-ticket.ts';
import { floristLineName } from '../../../domain/product-addons.ts';

/**
 * The printed tickets: one A4 page per order, cut into three parts
 * along dashed lines — the florist's work sheet, the driver's slip and the
 * card at business-card size (85 × 55 mm); for the whole day, a one-page
 * overview first. Rendered beside the app (a portal
 * into <body>) and shown only in print; on screen it is not there at all.
 */

export function PrintSheet({ orders, overview = null }: { orders: readonly AdminOrder[]; overview?: DayPlan | null }) {
  if (typeof document === 'undefined') return null;
  return createPortal(
    <div className="print-sheet" data-testid="print-sheet">
      {overview && <DayOverviewSheet plan={overview} />}
      {orders.map((order) => (
        <Ticket key={order.id} ticket={printTicket(order)} />
      ))}
    </div>,
    document.body,
  );
}

/** A message near the 250-character limit, or of many short lines, is set smaller so it stays inside 85 × 55 mm. */
const longCard = (message: string) => [...message].length > 150 || message.split('\n').length > 4;

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
            <li key={index} className={item.isAddon ? 'print-addon' : undefined}>
              {floristLineName(item)} × {item.quantity}
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
      <div className="print-cut" aria-hidden="true" />
      <section className="print-part print-driver" aria-label="Dla kierowcy">
        <div className="print-head">
          <span>Zamówienie {ticket.number}</span>
          <span>{ticket.when}</span>
        </div>
        <h2>Dla kierowcy</h2>
        <dl>
          <Row term="Płatność" value={driver.payment} />
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
      <div className="print-cut" aria-hidden="true" />
      <div className="print-card-area">
        {card && (
          <section className="print-card" aria-label="Bilecik">
            {card.message && (
              <p className={longCard(card.message) ? 'print-card-message print-card-message-long' : 'print-card-message'}>{card.message}</p>
            )}
            {card.signature && <p className="print-card-signature">{card.signature}</p>}
          </section>
        )}
        <p className="print-card-note">
          {card ? `Bilecik ${ticket.number}: wytnij wzdłuż linii.` : `Zamówienie ${ticket.number}: bez bilecika.`}
          {ticket.anonymous && ' Zamówienie anonimowe: nie podawaj odbiorcy danych zamawiającego.'}
        </p>
      </div>
    </article>
  );
}
