import { Dexie, type EntityTable } from 'dexie';
import type { ProductRow } from '../domain/product.ts';

/**
 * The device's copy of the catalog keeps rows exactly as the server sends
 * them: the whole catalog from a sync (meta 'catalogSyncedAt'), plus single
 * rows the cart checked with the server for lines the copy lacked.
 */
export type ProductRecord = ProductRow;

export interface CartRecord {
  productId: string;
  quantity: number;
  addedAt: string;
}

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface OutboxRecord {
  /** The idempotency key sent to place-order: retrying never duplicates an order. */
  clientRequestId: string;
  status: OutboxStatus;
  payload: unknown;
  createdAt: string;
  attempts: number;
  lastError?: string;
  orderNumber?: string;
  /** Epoch ms before which the sender leaves a queued order alone (retry backoff). */
  nextAttemptAt?: number;
}

/** A product the customer hearted; kept on the device only. */
export interface FavouriteRecord {
  productId: string;
  addedAt: string;
}

export interface MetaRecord {
  key: string;
  value: unknown;
}

export class KwiaciarniaDb extends Dexie {
  products!: EntityTable<ProductRecord, 'id'>;
  cart!: EntityTable<CartRecord, 'productId'>;
  outbox!: EntityTable<OutboxRecord, 'clientRequestId'>;
  meta!: EntityTable<MetaRecord, 'key'>;
  favourites!: EntityTable<FavouriteRecord, 'productId'>;

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
  }
}

/** The one database; features import this module dynamically so Dexie stays out of the first load of `/`. */
export const db = new KwiaciarniaDb();
