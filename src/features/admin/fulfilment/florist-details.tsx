import { formatDestinationAddress } from '../../../domain/delivery-address.ts';
import { OCCASION_LABELS, SUBSTITUTION_LABELS, SUBSTITUTION_QUESTION } from '../../../domain/florist-order.ts';
import { describeCemetery, describeGrave, describeServices, describeVenue } from '../../../domain/order-choices.ts';
import type { AdminOrder } from '../orders/order.ts';
import { contactLinkClass } from '../admin-ui.tsx';
import { isFuneral } from '../orders/delivery-schedule.ts';
import { FulfilmentBadge } from './fulfilment-control.tsx';
import { deliveryWhen } from './print-ticket.ts';
import { floristLineName } from '../../../domain/product-addons.ts';

export function FuneralBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-forest-900 px-3 py-1 text-sm font-semibold whitespace-nowrap text-white">
      Pogrzeb
    </span>
  );
}

/** The order's delivery slot and marks, for a list row: '25.11 · 9:00–12:00', Pogrzeb, fulfilment state. */
export function DeliveryMarks({ order }: { order: AdminOrder }) {
  return (
    <>
      {isFuneral(order) && <FuneralBadge />}
      {order.florist.deliveryDate && <FulfilmentBadge state={order.florist.fulfilmentState} />}
    </>
  );
}

function Item({ term, children }: { term: string; children: React.ReactNode }) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2 py-1 sm:grid-cols-[9rem_1fr]">
      <dt className="text-ink-muted">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Everything the florist and the driver need of one order: when,
 * for whom, where, the occasion and ceremony, the grave, the card, the
 * ribbon, the services and the substitution choice.
 */
export function FloristDetailsList({ order, showItems = false }: { order: AdminOrder; showItems?: boolean }) {
  const florist = order.florist;
  const recipientPhone = florist.recipientPhone || (florist.recipientKind === 'self' ? order.customerPhone : '');
  return (
    <dl className="divide-y divide-forest-50 text-sm">
      {showItems && (
        <Item term="Produkty">
          <ul>
            {order.items.map((item) => (
              <li key={item.id} className={item.isAddon ? 'pl-4' : undefined} data-addon={item.isAddon || undefined}>
                <span className="font-medium">{floristLineName(item)}</span> × {item.quantity}
              </li>
            ))}
          </ul>
        </Item>
      )}
      <Item term="Termin">{deliveryWhen(order)}</Item>
      <Item term="Odbiorca">
        {florist.recipientName || order.customerName}
        {florist.recipientKind === 'self' && <span className="text-ink-muted"> (osoba zamawiająca)</span>}
      </Item>
      <Item term="Telefon odbiorcy">
        {recipientPhone && (
          <a className={contactLinkClass} href={telHref(recipientPhone)}>
            {recipientPhone}
          </a>
        )}
      </Item>
      <Item term="Adres">{order.deliveryAddress ? formatDestinationAddress(order.deliveryAddress) : null}</Item>
      <Item term="Cmentarz">{describeCemetery(florist.cemetery)}</Item>
      <Item term="Grób">{describeGrave(florist.cemetery)}</Item>
      <Item term="Uwagi do dostawy">{florist.deliveryNotes}</Item>
      <Item term="Okazja">{florist.occasion ? OCCASION_LABELS[florist.occasion] : null}</Item>
      <Item term="Uroczystość">{describeVenue(florist.venue)}</Item>
      <Item term="Bilecik">
        {(florist.cardMessage || florist.cardSignature || florist.cardAnonymous) && (
          <>
            {florist.cardMessage && <q className="block whitespace-pre-wrap italic">{florist.cardMessage}</q>}
            {florist.cardSignature && <span className="block">— {florist.cardSignature}</span>}
            {florist.cardAnonymous && (
              <span className="mt-1 inline-block rounded-full bg-blush-100 px-2 py-0.5 text-xs font-semibold text-blush-700">
                anonimowo
              </span>
            )}
          </>
        )}
      </Item>
      <Item term="Napis na szarfie">{florist.ribbonText && <span className="font-semibold">{florist.ribbonText}</span>}</Item>
      <Item term="Usługi">{describeServices(florist.services)}</Item>
      <Item term={SUBSTITUTION_QUESTION}>
        {florist.deliveryDate || florist.occasion ? SUBSTITUTION_LABELS[florist.substitution] : null}
      </Item>
    </dl>
  );
}
