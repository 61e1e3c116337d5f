import type { Row } from '../../domain/database.ts';
import { fromPln, type Grosz } from '../../domain/money.ts';
import { DELIVERY_METHOD_LABELS } from '../../domain/delivery.ts';
import { orderStatusLabel } from '../../domain/order-status.ts';
import { PAYMENT_METHOD_LABELS } from '../../domain/payment-methods.ts';
import type { PicturedProduct } from '../../lib/product-image.tsx';
import { getSupabase } from '../../lib/supabase.ts';
import { lineName } from '../../domain/product-sizes.ts';

export interface HistoryItem {
  id: string;
  name: string;
  quantity: number;
  price: Grosz;
  /** The product's picture (photo or illustration); null when the product is gone. Absent in copies saved before pictures. */
  picture?: PicturedProduct | null;
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

/** What the history selects: the customer's orders with their lines and the lines' products. */
const HISTORY_SELECT = '*, order_items(*, products(name, image_url, photos))';

type OrderItemRow = Pick<Row<'order_items'>, 'id' | 'product_id' | 'quantity' | 'price' | 'product_name'> &
  Partial<Pick<Row<'order_items'>, 'size_label'>> & {
    products: Pick<Row<'products'>, 'name' | 'image_url' | 'photos'> | null;
  };

type OrderRow = Pick<Row<'orders'>, 'id' | 'payu_order_id' | 'created_at' | 'status' | 'delivery_method' | 'payment_method' | 'total'> & {
  order_items: OrderItemRow[] | null;
};

export function toHistoryOrder(row: OrderRow): HistoryOrder {
  return {
    id: row.id,
    number: row.payu_order_id,
    createdAt: row.created_at,
    statusLabel: orderStatusLabel(row.status),
    deliveryMethod: (DELIVERY_METHOD_LABELS as Record<string, string>)[row.delivery_method] ?? row.delivery_method,
    paymentMethod: (PAYMENT_METHOD_LABELS as Record<string, string>)[row.payment_method] ?? row.payment_method,
    total: fromPln(row.total),
    items: (row.order_items ?? []).map((item) => ({
      id: item.id,
      name: lineName(item.products?.name ?? item.product_name ?? '', item.size_label),
      quantity: item.quantity,
      price: fromPln(item.price),
      picture:
        item.products && item.product_id ? { id: item.product_id, image_url: item.products.image_url, photos: item.products.photos } : null,
    })),
  };
}

/** The signed-in customer's own orders (RLS), newest first. */
/** The customer's own orders; filtered explicitly, since the owner's RLS would show every order. */
export async function fetchOrderHistory(userId: string): Promise<HistoryOrder[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('orders')
    .select(HISTORY_SELECT)
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data.map(toHistoryOrder);
}
