import type { DeliveryAddress } from '../../domain/delivery-address.ts';
import { fromPln, type Grosz } from '../../domain/money.ts';

/** One order as the back office shows it; money in grosz. Pure: no fetching here. */
export interface AdminOrderItem {
  id: string;
  productId: string;
  name: string;
  quantity: number;
  price: Grosz;
}

export interface AdminOrder {
  id: string;
  number: string;
  createdAt: string;
  status: string;
  subtotal: Grosz;
  shippingCost: Grosz;
  total: Grosz;
  deliveryMethod: string;
  deliveryAddress: DeliveryAddress | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  paymentMethod: string;
  payuStatus: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  items: AdminOrderItem[];
}

export interface OrderItemRow {
  id: string;
  product_id: string;
  quantity: number;
  price: number | string;
  product_name: string | null;
  products: { name: string } | null;
}

export interface OrderRow {
  id: string;
  payu_order_id: string;
  created_at: string;
  status: string;
  subtotal?: number | string | null;
  shipping_cost?: number | string | null;
  total: number | string;
  delivery_method: string;
  delivery_address: Partial<DeliveryAddress> | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  payment_method: string;
  payu_status: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  order_items?: OrderItemRow[] | null;
}

function toAddress(value: Partial<DeliveryAddress> | null): DeliveryAddress | null {
  if (!value || typeof value !== 'object') return null;
  return {
    street: value.street ?? '',
    houseNumber: value.houseNumber ?? '',
    apartment: value.apartment ?? '',
    city: value.city ?? '',
    postalCode: value.postalCode ?? '',
  };
}

export function toAdminOrder(row: OrderRow): AdminOrder {
  const total = fromPln(row.total);
  const shippingCost = row.shipping_cost == null ? (0 as Grosz) : fromPln(row.shipping_cost);
  return {
    id: row.id,
    number: row.payu_order_id,
    createdAt: row.created_at,
    status: row.status,
    subtotal: row.subtotal == null ? ((total - shippingCost) as Grosz) : fromPln(row.subtotal),
    shippingCost,
    total,
    deliveryMethod: row.delivery_method,
    deliveryAddress: toAddress(row.delivery_address),
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    paymentMethod: row.payment_method,
    payuStatus: row.payu_status,
    trackingNumber: row.tracking_number,
    trackingUrl: row.tracking_url,
    items: (row.order_items ?? []).map((item) => ({
      id: item.id,
      productId: item.product_id,
      name: item.products?.name ?? item.product_name ?? '',
      quantity: item.quantity,
      price: fromPln(item.price),
    })),
  };
}
