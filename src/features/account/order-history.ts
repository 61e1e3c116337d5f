import { fromPln, type Grosz } from '../../domain/money.ts';
import { ORDER_STATUS_LABELS, isOrderStatus } from '../../domain/order-status.ts';
import { getSupabase } from '../../lib/supabase.ts';

export interface HistoryItem {
  id: string;
  name: string;
  quantity: number;
  price: Grosz;
}

export interface HistoryOrder {
  id: string;
  number: string;
  createdAt: string;
  statusLabel: string;
  deliveryMethod: string;
  paymentMethod: string;
  total: Grosz;
  items: HistoryItem[];
}

interface OrderItemRow {
  id: string;
  quantity: number;
  price: number | string;
  product_name: string | null;
  products: { name: string; image_url: string | null } | null;
}

interface OrderRow {
  id: string;
  payu_order_id: string;
  created_at: string;
  status: string;
  delivery_method: string;
  payment_method: string;
  total: number | string;
  order_items: OrderItemRow[] | null;
}

export const DELIVERY_LABELS: Record<string, string> = {
  home: 'Dostawa do domu',
  store: 'Odbiór osobisty w kwiaciarni',
  cemetery: 'Dostawa na cmentarz',
  dpd: 'Kurier DPD',
  'dpd-pickup': 'DPD Pickup',
  'dpd-cod': 'Kurier DPD (za pobraniem)',
  inpost: 'Paczkomat InPost',
  gls: 'Kurier GLS',
  'gls-pickup': 'GLS ParcelShop',
  'gls-cod': 'Kurier GLS (za pobraniem)',
  poczta: 'Poczta Polska',
  'poczta-cod': 'Poczta Polska (za pobraniem)',
  dhl: 'Kurier DHL',
  'dhl-cod': 'Kurier DHL (za pobraniem)',
};

export const PAYMENT_LABELS: Record<string, string> = {
  payu: 'PayU',
  stripe: 'Karta płatnicza',
  blik: 'BLIK',
  card: 'Karta płatnicza',
  transfer: 'Przelew tradycyjny',
  cash: 'Gotówka',
  cod: 'Za pobraniem',
};

export function toHistoryOrder(row: OrderRow): HistoryOrder {
  return {
    id: row.id,
    number: row.payu_order_id,
    createdAt: row.created_at,
    statusLabel: isOrderStatus(row.status) ? ORDER_STATUS_LABELS[row.status] : row.status,
    deliveryMethod: DELIVERY_LABELS[row.delivery_method] ?? row.delivery_method,
    paymentMethod: PAYMENT_LABELS[row.payment_method] ?? row.payment_method,
    total: fromPln(row.total),
    items: (row.order_items ?? []).map((item) => ({
      id: item.id,
      name: item.products?.name ?? item.product_name ?? '',
      quantity: item.quantity,
      price: fromPln(item.price),
    })),
  };
}

/** The signed-in customer's own orders (RLS), newest first. */
export async function fetchOrderHistory(): Promise<HistoryOrder[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('orders')
    .select('*, order_items(*, products(name, image_url))')
    .order('created_at', { ascending: false });
  if (error) throw error;
  return (data as OrderRow[]).map(toHistoryOrder);
}
