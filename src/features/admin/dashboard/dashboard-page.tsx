import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { formatPln } from '../../../domain/money.ts';
import { useAdminData } from '../orders/orders-data.tsx';
import { LoadError, Loading, PageTitle, SavedDataNotice, StatusBadge, formatDateTime } from '../admin-ui.tsx';
import { PaymentStateMark } from '../payments/payment-mark.tsx';
import { LAST_ORDERS_SHOWN, dashboardStats } from './dashboard-stats.ts';
import { RevenueChart } from './revenue-chart.tsx';

/** /admin: totals, the last orders, orders by status, revenue of 6 months (docs/spec.md §2, §9). */
export function DashboardPage() {
  const { load, orders, reload } = useAdminData();
  const stats = useMemo(
    () => (load.status === 'loaded' ? dashboardStats(orders, load.productCount, new Date(load.loadedAt)) : null),
    [load, orders],
  );

  return (
    <section aria-labelledby="dashboard-title">
      <PageTitle eyebrow="Pulpit">
        <span id="dashboard-title">Panel Administratora</span>
      </PageTitle>
      <div aria-live="polite">
        {load.status === 'loading' && <Loading label="Ładowanie danych..." />}
        {load.status === 'failed' && <LoadError message="Nie udało się pobrać danych pulpitu" onRetry={reload} />}
        {load.status === 'loaded' && load.savedAt && <SavedDataNotice savedAt={load.savedAt} onRetry={reload} />}
      </div>
      {stats && (
        <>
          <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Total label="Zamówienia" value={String(stats.orderCount)} />
            <Total label="Przychód" value={formatPln(stats.revenue)} />
            <Total label="Klienci" value={String(stats.customerCount)} />
            <Total label="Produkty" value={String(stats.productCount)} />
          </dl>

          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <div className="rounded-2xl border border-forest-100 bg-white p-4 sm:p-5">
              <div className="flex items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold text-forest-900">Ostatnie zamówienia</h2>
                <Link to="/admin/orders" className="text-sm font-semibold text-forest-800 underline">
                  Wszystkie zamówienia
                </Link>
              </div>
              {stats.lastOrders.length === 0 ? (
                <p className="mt-3 text-ink-muted">Nie znaleziono zamówień</p>
              ) : (
                <ul className="mt-3 divide-y divide-forest-100">
                  {stats.lastOrders.slice(0, LAST_ORDERS_SHOWN).map((order) => (
                    <li key={order.id}>
                      <Link
                        to="/admin/orders"
                        search={{ id: order.id }}
                        className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3 hover:bg-forest-50"
                      >
                        <span className="min-w-0">
                          <span className="block font-medium text-forest-900">{order.number}</span>
                          <span className="block truncate text-sm text-ink-muted">
                            {order.customerName} · {formatDateTime(order.createdAt)}
                          </span>
                        </span>
                        <span className="flex items-center gap-2">
                          <span className="font-semibold">{formatPln(order.total)}</span>
                          <StatusBadge status={order.status} />
                          <PaymentStateMark order={order} />
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>

            <div className="rounded-2xl border border-forest-100 bg-white p-4 sm:p-5">
              <h2 className="text-lg font-semibold text-forest-900">Zamówienia według statusu</h2>
              <ul className="mt-3 space-y-2">
                {stats.byStatus.map((row) => (
                  <li key={row.status} className="flex items-center justify-between gap-3">
                    <StatusBadge status={row.status} label={row.label} />
                    <span className="font-semibold">
                      <span className="sr-only">{row.label}: </span>
                      {row.count}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </div>

          <div className="mt-6 rounded-2xl border border-forest-100 bg-white p-4 sm:p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold text-forest-900">Przychód – ostatnie 6 miesięcy</h2>
              <Link to="/admin/payments" className="text-sm font-semibold text-forest-800 underline">
                Płatności
              </Link>
            </div>
            <div className="mt-3 max-w-lg">
              <RevenueChart months={stats.revenueByMonth} />
            </div>
          </div>
        </>
      )}
    </section>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-forest-100 bg-white p-4">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-xl font-bold break-words text-forest-900 sm:text-2xl">{value}</dd>
    </div>
  );
}
