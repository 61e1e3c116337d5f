import { countByMethod, sumToMake } from '../../../domain/day-overview.ts';
import { formatLongDay } from '../../../domain/polish-date.ts';
import type { AdminOrder } from '../orders/order.ts';
import type { DayPlan } from '../orders/delivery-schedule.ts';
import { printTicket } from './print-ticket.ts';
import { cartLineKey } from '../../../domain/product-sizes.ts';
import { floristLineName } from '../../../domain/product-addons.ts';

/**
 * The first printed page of 'Drukuj' for the whole day: how many deliveries,
 * pickups and cemetery orders, each window and pickup hour with its orders,
 * and 'Do zrobienia', the products to make summed across the day. The
 * recipient comes from the driver's slip, so an anonymous buyer is not named.
 */
export function DayOverviewSheet({ plan }: { plan: DayPlan }) {
  const orders = [...plan.windows.flatMap((group) => group.orders), ...plan.pickups.flatMap((group) => group.orders), ...plan.unscheduled];
  const counts = countByMethod(orders.map((order) => order.deliveryMethod));
  const toMake = sumToMake(
    orders.flatMap((order) =>
      order.items.map((item) => ({ key: cartLineKey(item.productId, item.sizeLabel), name: item.name, quantity: item.quantity })),
    ),
  );
  const groups = [
    ...plan.windows
      .filter((group) => group.orders.length > 0)
      .map((group) => ({ key: group.id, title: `Okno ${group.label}`, orders: group.orders })),
    ...plan.pickups.map((group) => ({
      key: `pickup-${group.hour}`,
      title: `Odbiór w sklepie, godz. ${group.label}`,
      orders: group.orders,
    })),
    ...(plan.unscheduled.length > 0 ? [{ key: 'unscheduled', title: 'Bez okna dostawy', orders: plan.unscheduled }] : []),
  ];
  return (
    <section className="print-compact" aria-label="Przegląd dnia" data-testid="day-overview">
      <h1>Przegląd dnia: {formatLongDay(plan.date)}</h1>
      <p>
        Dostawy do domu: {counts.home} · Na cmentarz: {counts.cemetery} · Odbiór w sklepie: {counts.store}
        {counts.other > 0 && ` · Inne: ${counts.other}`}
      </p>
      <h2>Do zrobienia</h2>
      <ul>
        {toMake.map((line) => (
          <li key={line.key}>
            {line.name} × {line.quantity}
          </li>
        ))}
      </ul>
      {groups.map((group) => (
        <div key={group.key}>
          <h2>{group.title}</h2>
          <table>
            <tbody>
              {group.orders.map((order) => (
                <OverviewRow key={order.id} order={order} />
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}

function OverviewRow({ order }: { order: AdminOrder }) {
  const { driver, work } = printTicket(order);
  return (
    <tr>
      <td>
        {order.number}
        {order.florist.pickupTime && ` · ${order.florist.pickupTime}`}
      </td>
      <td>{driver.recipient}</td>
      <td>{driver.address ?? driver.cemetery ?? 'odbiór w sklepie'}</td>
      <td>{work.items.map((item) => `${floristLineName(item)} × ${item.quantity}`).join(', ')}</td>
      <td>{driver.payment}</td>
    </tr>
  );
}
