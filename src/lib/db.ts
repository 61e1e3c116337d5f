import { Dexie, type EntityTable } from 'dexie';
import type { ProductRow } from '../domain/product.ts';
import type { OutboxItem } from './outbox/outbox.ts';

/**
 * The device's copy of the catalog keeps rows exactly as the server sends
 * them: the whole catalog from a sync (meta 'catalogSyncedAt'), plus single
 * rows the cart checked with the server for lines the copy lacked.
 */
export type ProductRecord = ProductRow;

/** A cart line: a product, in one of its sizes when it has sizes (key: cartLineKey of the two). */
export interface CartRecord {
  key: string;
  productId: string;
  sizeId?: string;
  quantity: number;
  addedAt: string;
}

/** An order placed on this device: the shop's outbox (features/orders-sync). */
export interface OutboxRecord extends OutboxItem {
  /** The idempotency key sent to place-order: retrying never duplicates an order. */
  clientRequestId: string;
  payload: unknown;
  orderNumber?: string;
}

/** A change of an order the owner made in the back office, waiting to be sent: the admin's outbox (features/admin/orders). */
export interface AdminChangeRecord extends OutboxItem {
  /** One waiting change per user, order and field ('<user> <order> <field>'); a refused one is kept under its own key. */
  key: string;
  userId: string;
  change: unknown;
  /** Epoch ms the server accepted it; the change stays shown until orders read after it replace it. */
  sentAt?: number;
}

/** A product the customer hearted; kept on the device only. */
export interface FavouriteRecord {
  productId: string;
  addedAt: string;
}

/** An order the owner entered without a connection ('Nowe zamówienie'), waiting to be sent to owner-order under its idempotency key. */
export interface OwnerOrderRecord extends OutboxItem {
  /** The body's clientRequestId: resending never makes a second order. */
  key: string;
  /** The owner who entered it; only her session sends it. */
  userId: string;
  /** The owner-order body (src/domain/owner-order.ts). */
  payload: unknown;
  /** The form as she typed it (features/admin/new-order), put back in the form when the server refuses the order. */
  draft?: unknown;
  /** The shop's KT number once sent. */
  orderNumber?: string;
}

export interface MetaRecord {
  key: string;
  value: unknown;
}

export class KwiaciarniaDb extends Dexie {
  products!: EntityTable<ProductRecord, 'id'>;
  cartLines!: EntityTable<CartRecord, 'key'>;
  outbox!: EntityTable<OutboxRecord, 'clientRequestId'>;
  meta!: EntityTable<MetaRecord, 'key'>;
  favourites!: EntityTable<FavouriteRecord, 'productId'>;
  adminChanges!: EntityTable<AdminChangeRecord, 'key'>;
  ownerOrders!: EntityTable<OwnerOrderRecord, 'key'>;

  constructor(name = 'kwiaciarnia') {
    super(name);
    this.version(1).stores({
      products: 'id, category, created_at',
      cart: 'productId',
      outbox: 'clientRequestId, status',
      meta: 'key',
    });
    // v2: the wishlist. Dexie keeps the v1 tables (cart, outbox) as they are.
    this.version(2).stores({
      favourites: 'productId, addedAt',
    });
    // v3: the owner's order changes waiting for a connection, moved here from localStorage (one outbox design for both).
    this.version(3).stores({
      adminChanges: 'key, userId, status',
    });
    this.version(4).stores({
      ownerOrders: 'key, userId, status',
    });
    // v5: a cart line is a product and its size, so the lines move to a table keyed by both (a key cannot change in
    // place); v6 drops the old table once its lines are copied.
    this.version(5)
      .stores({ cartLines: 'key' })
      .upgrade(async (tx) => {
        const old = await tx.table<{ productId: string; quantity: number; addedAt: string }>('cart').toArray();
        await tx.table<CartRecord>('cartLines').bulkPut(old.map((line) => ({ ...line, key: line.productId })));
      });
    this.version(6).stores({ cart: null });
  }
}

/** The one database; features import this module dynamically so Dexie stays out of the first load of `/`. */
export const db = new KwiaciarniaDb();
