import type { CategoryId } from './categories.ts';
import type { Database as Generated } from './database.types.ts';
import type { DeliveryAddress } from './delivery-address.ts';
import type { OrderInvoice } from './invoice.ts';
import type { InvoiceKind, InvoiceState } from './invoice/model.ts';
import type { VatRate } from './invoice/vat.ts';
import type { LedgerProvider } from './payment-ledger.ts';
import type { ProductPhoto } from './product-photo.ts';
import type { PushKind } from './push-notification.ts';
import type { DecidedLine, RefusedLine } from './withdrawal-request.ts';
import type { WithdrawalRule } from './withdrawal-right.ts';

/*
 * The database's shapes for the typed clients: the generated file
 * (database.types.ts, `npm run db:types`), with what the catalogue cannot
 * tell the generator written here, once. A jsonb column holds `Json` as far
 * as SQL knows; a text column with a CHECK list holds any text. Where the
 * code relies on more (a photo list, a category), the narrower type is
 * declared below and every select, insert and update of the column gets it.
 * This is what Supabase's docs do with type-fest's MergeDeep, without the
 * dependency. Columns the code reads as unknown and parses stay `Json`.
 */

/** What a column holds beyond its SQL type, null included where the column takes it. */
interface ColumnShapes {
  products: {
    category: CategoryId;
    photos: ProductPhoto[];
    withdrawal_rule: WithdrawalRule;
    /** The computed field: the promotion's price while it runs, else the price; never null, though a function's result may be. */
    product_current_price: number;
    vat_rate: VatRate | null;
  };
  order_items: { vat_rate: VatRate | null };
  invoices: { kind: InvoiceKind; state: InvoiceState };
  orders: { delivery_address: Partial<DeliveryAddress> | null };
  payments: { provider: LedgerProvider };
  push_jobs: { kind: PushKind };
  withdrawal_requests: {
    accepted_lines: DecidedLine[];
    refused_lines: RefusedLine[];
    /** Generated from the request's sequence ('ODS-12'), so never null, though Postgres reports a generated column as nullable. */
    number: string;
  };
}

/**
 * SQL functions' arguments beyond what the catalogue says: the generator
 * types every argument as required and not null (Postgres does not record
 * which ones a function accepts null for), and jsonb ones as `Json`.
 */
interface ArgumentShapes {
  attach_product_photo: { p_photo: ProductPhoto };
  finish_mail_job: { p_error: string | null };
  /** A VAT invoice corrects nothing; the summary is the issuing function's own JSON. */
  invoice_issue: { p_corrects: string | null; p_summary: unknown };
  /** No status: the push service never answered. */
  finish_push_job: { p_status: number | null; p_error: string | null };
  // The gateway's verified answer, kept as evidence: whatever JSON it sent.
  ledger_apply_payment_event: { p_charge_id: string | null; p_content: unknown };
  ledger_apply_refund_event: { p_provider_refund_id: string | null; p_content: unknown };
  ledger_open_refund: { p_reason: string | null; p_withdrawal_id: string | null };
  ledger_record_manual_payment: { p_note: string | null };
  ledger_record_manual_refund: { p_reason: string | null; p_withdrawal_id: string | null };
  place_order: {
    p_user_id: string | null;
    /** The florist columns of the new order, by column name; the jsonb ones as the order is written. */
    p_details: Partial<
      Shaped<
        Generated['public']['Tables']['orders']['Insert'],
        { invoice: OrderInvoice | null; services: readonly { id: string; label: string; price: number }[] }
      >
    >;
  };
  record_withdrawal_request: { p_accepted: DecidedLine[]; p_refused: RefusedLine[] };
}

/** What a SQL function returning jsonb returns. */
interface ReturnShapes {
  attach_product_photo: ProductPhoto[];
  place_order: { order: Row<'orders'>; replayed: boolean };
  /** How many link tokens and access keys were revoked. */
  revoke_order_links: { links: number; keys: number };
}

type Shaped<Columns, Shapes> = {
  [K in keyof Columns]: K extends keyof Shapes ? Shapes[K] : Columns[K];
};

type Public = Generated['public'];

type ShapedTables = {
  [Name in keyof Public['Tables']]: Name extends keyof ColumnShapes
    ? {
        Row: Shaped<Public['Tables'][Name]['Row'], ColumnShapes[Name]>;
        Insert: Shaped<Public['Tables'][Name]['Insert'], ColumnShapes[Name]>;
        Update: Shaped<Public['Tables'][Name]['Update'], ColumnShapes[Name]>;
        Relationships: Public['Tables'][Name]['Relationships'];
      }
    : Public['Tables'][Name];
};

type ShapedFunctions = {
  [Name in keyof Public['Functions']]: {
    Args: Name extends keyof ArgumentShapes
      ? Shaped<Public['Functions'][Name]['Args'], ArgumentShapes[Name]>
      : Public['Functions'][Name]['Args'];
    Returns: Name extends keyof ReturnShapes ? ReturnShapes[Name] : Public['Functions'][Name]['Returns'];
  } & Omit<Public['Functions'][Name], 'Args' | 'Returns'>;
};

/** The type createClient<Database> takes in the app and the Edge Functions. */
export type Database = Omit<Generated, 'public'> & {
  public: Omit<Public, 'Tables' | 'Functions'> & { Tables: ShapedTables; Functions: ShapedFunctions };
};

/** A table's or view's row as a `select('*')` returns it: Row<'orders'>. */
export type Row<Name extends keyof Database['public']['Tables'] | keyof Database['public']['Views']> =
  Name extends keyof Database['public']['Tables']
    ? Database['public']['Tables'][Name]['Row']
    : Name extends keyof Database['public']['Views']
      ? Database['public']['Views'][Name]['Row']
      : never;

/** What an update takes: Update<'orders'>. */
export type Update<Name extends keyof Database['public']['Tables']> = Database['public']['Tables'][Name]['Update'];

/** A SQL function's arguments as the typed client's `rpc` takes them: FunctionArgs<'place_order'>. */
export type FunctionArgs<Name extends keyof Database['public']['Functions']> = Database['public']['Functions'][Name]['Args'];
