import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '../../../domain/order-status.ts';
import { searchOrders } from '../admin-search.ts';
import { deliveryDateRange, deliversWithin, sortByDeliveryTime } from './delivery-schedule.ts';
import type { AdminOrder } from './order.ts';

/**
 * The orders list's filters, each described once: its URL search key, its
 * Polish label, its values and the rule an order must meet. The page draws a
 * control for each, parses the URL with them and filters with them.
 *
 * A new filter is one entry in ORDERS_FILTERS, and its key in the route's
 * `textSearchParams` (src/routes/admin/orders.tsx: the route table ships in
 * every visitor's first load, so it names the keys without importing this).
 * tests/unit/orders-filters.test.ts sends every filter through that route.
 */

interface FilterBase {
  /** The control's label. */
  label: string;
}

/** One of a few values: a row of buttons ('buttons') or a select ('select'), with 'Wszystkie' for none. */
export interface ChoiceFilter<Value extends string> extends FilterBase {
  kind: 'buttons' | 'select';
  values: readonly Value[];
  valueLabels: Record<Value, string>;
  /** Read out after 'Wszystkie' to a screen reader, when the label alone would not say what 'all' means. */
  allHint?: string;
  matches: (order: AdminOrder, value: Value, today: string) => boolean;
}

/** Free text. */
export interface TextFilter extends FilterBase {
  kind: 'text';
  placeholder: string;
  /** All the orders at once, so the rule may rank or match across fields. */
  filter: (orders: AdminOrder[], text: string) => AdminOrder[];
}

const choice = <Value extends string>(filter: ChoiceFilter<Value>) => filter;

/** In the order the page shows them: the row of buttons first, then the selects, then the text. */
export const ORDERS_FILTERS = {
  when: choice({
    kind: 'buttons',
    label: 'Dzień dostawy',
    values: ['today', 'tomorrow', 'week'],
    valueLabels: { today: 'Dziś', tomorrow: 'Jutro', week: 'Ten tydzień' },
    allHint: 'terminy',
    // The shop's today; 'week' is Monday to Sunday.
    matches: (order, when, today) => deliversWithin(order, deliveryDateRange(when, today)),
  }),
  status: choice({
    kind: 'select',
    label: 'Status',
    values: ORDER_STATUSES,
    valueLabels: ORDER_STATUS_LABELS,
    matches: (order, status) => order.status === status,
  }),
  q: {
    kind: 'text',
    label: 'Szukaj zamówień',
    placeholder: 'Numer, klient, odbiorca, email lub telefon',
    filter: searchOrders,
  } satisfies TextFilter,
};

type Filters = typeof ORDERS_FILTERS;
export type OrdersFilterKey = keyof Filters;
type FilterValue<Filter> = Filter extends ChoiceFilter<infer Value> ? Value : string;

export const ORDER_SORTS = ['newest', 'delivery'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const ORDER_SORT_LABELS: Record<OrderSort, string> = { newest: 'Najnowsze zamówienia', delivery: 'Termin dostawy' };

/**
 * /admin/orders?id=&status=&q=&when=&sort=&nowe= : the filters' values, the
 * detail to open, the order of the list and whether 'Nowe zamówienie' is open.
 */
export type OrdersSearch = { [Key in OrdersFilterKey]?: FilterValue<Filters[Key]> } & { id?: string; sort?: OrderSort; nowe?: string };

/** The URL's text params (the route's textSearchParams) as the page's search: a value the filter does not know means no filter. */
export function parseOrdersSearch(params: Record<string, unknown>): OrdersSearch {
  const search: Record<string, string | undefined> = {
    id: text(params.id),
    sort: oneOf(ORDER_SORTS, params.sort),
    nowe: text(params.nowe),
  };
  for (const [key, filter] of filterEntries()) {
    search[key] = filter.kind === 'text' ? text(params[key]) : oneOf(filter.values, params[key]);
  }
  return search as OrdersSearch;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filters with their URL keys, in the page's order; typed loosely, for code that treats them alike. */
export function filterEntries(): [OrdersFilterKey, ChoiceFilter<string> | TextFilter][] {
  return Object.entries(ORDERS_FILTERS) as [OrdersFilterKey, ChoiceFilter<string> | TextFilter][];
}

/** The sort in effect: the chosen one, else by delivery time when a delivery day is filtered, else newest first. */
export function effectiveSort(search: OrdersSearch): OrderSort {
  return search.sort ?? (search.when ? 'delivery' : 'newest');
}

/** The orders the list shows for its search (the shop's `today`): every filter set, then the sort. */
export function ordersShown(orders: readonly AdminOrder[], search: OrdersSearch, today: string): AdminOrder[] {
  let shown = [...orders];
  for (const [key, filter] of filterEntries()) {
    const value = search[key];
    if (value === undefined) continue;
    shown = filter.kind === 'text' ? filter.filter(shown, value) : shown.filter((order) => filter.matches(order, value, today));
  }
  // The loaded orders are newest first already.
  return effectiveSort(search) === 'delivery' ? sortByDeliveryTime(shown) : shown;
}
