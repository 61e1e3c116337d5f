import { useMemo, useState } from 'react';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useNavigate } from '@tanstack/react-router';
import { formatPln } from '../../../domain/money.ts';
import { orderStatusLabel } from '../../../domain/order-status.ts';
import { useAdminData } from '../orders/orders-data.tsx';
import { searchCustomers, searchOrders } from '../admin-search.ts';

type Hit =
  | { kind: 'order'; key: string; id: string; title: string; detail: string }
  | { kind: 'customer'; key: string; email: string; title: string; detail: string };

const MAX_ORDERS = 6;
const MAX_CUSTOMERS = 4;

/**
 * The top bar's search: orders by number, customer name, email or phone, and
 * customers (one per email). An order opens its detail; a customer opens the
 * order list searched by their email; `onOpened` then lets the header fold it away.
 */
export function AdminSearchBox({ onOpened }: { onOpened?: () => void }) {
  const { orders } = useAdminData();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  const hits = useMemo<Hit[]>(() => {
    if (query.trim() === '') return [];
    const orderHits: Hit[] = searchOrders(orders, query)
      .slice(0, MAX_ORDERS)
      .map((order) => ({
        kind: 'order',
        key: `o-${order.id}`,
        id: order.id,
        title: `Zamówienie ${order.number}`,
        detail: `${order.customerName} · ${formatPln(order.total)} · ${orderStatusLabel(order.status)}`,
      }));
    const customerHits: Hit[] = searchCustomers(orders, query)
      .slice(0, MAX_CUSTOMERS)
      .map((customer) => ({
        kind: 'customer',
        key: `c-${customer.email}`,
        email: customer.email,
        title: `Klient: ${customer.name}`,
        detail: `${customer.email} · ${customer.phone} · zamówień: ${customer.orderCount}`,
      }));
    return [...orderHits, ...customerHits];
  }, [orders, query]);

  const open = (hit: Hit | null) => {
    if (!hit) return;
    setQuery('');
    if (hit.kind === 'order') void navigate({ to: '/admin/orders', search: { id: hit.id } });
    else void navigate({ to: '/admin/orders', search: { q: hit.email } });
    onOpened?.();
  };

  return (
    <div className="relative w-full min-w-0 sm:max-w-md" role="search">
      <Combobox<Hit | null> value={null} onChange={open} onClose={() => setQuery('')}>
        <ComboboxInput
          aria-label="Szukaj zamówień i klientów"
          placeholder="Szukaj: numer, klient, email, telefon"
          className="block w-full rounded-full border border-forest-200 bg-white px-4 py-2.5 text-base text-ink placeholder:text-ink-muted/70 focus:border-forest-700"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
        {query.trim() !== '' && (
          <ComboboxOptions
            static
            className="absolute top-full right-0 left-0 z-30 mt-2 max-h-[70vh] overflow-auto rounded-2xl border border-forest-100 bg-white p-1 shadow-header empty:hidden"
          >
            {hits.length === 0 ? (
              <p className="px-3 py-2 text-sm text-ink-muted">Nic nie znaleziono</p>
            ) : (
              hits.map((hit) => (
                <ComboboxOption key={hit.key} value={hit} className="cursor-pointer rounded-xl px-3 py-2 data-focus:bg-forest-50">
                  <span className="block font-medium text-forest-900">{hit.title}</span>
                  <span className="block truncate text-sm text-ink-muted">{hit.detail}</span>
                </ComboboxOption>
              ))
            )}
          </ComboboxOptions>
        )}
      </Combobox>
    </div>
  );
}
