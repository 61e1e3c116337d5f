import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withDatabase } from '../support/test-backend.ts';

/**
 * Keeps the RLS matrix (rls-matrix.test.ts) honest: every table, view and SQL
 * function in schema public must be listed here with exactly the access the
 * API roles have, and every table must have RLS on and be exercised by the
 * matrix. A new table or function fails this test until someone decides
 * (and tests) who may use it.
 */

type Privilege = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';
type Role = 'anon' | 'authenticated';

interface RelationAccess {
  kind: 'table' | 'view';
  grants: Record<Role, Privilege[]>;
  /** Policies as `COMMAND:role,role` (tables only). */
  policies?: string[];
}

const RELATIONS: Record<string, RelationAccess> = {
  products: {
    kind: 'table',
    grants: { anon: ['SELECT'], authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] },
    policies: ['SELECT:anon,authenticated', 'INSERT:authenticated', 'UPDATE:authenticated', 'DELETE:authenticated'],
  },
  orders: {
    kind: 'table',
    // UPDATE only on status, payu_status, the tracking columns and fulfilment_state (column grants).
    grants: { anon: [], authenticated: ['SELECT', 'UPDATE'] },
    policies: ['SELECT:authenticated', 'UPDATE:authenticated'],
  },
  order_items: { kind: 'table', grants: { anon: [], authenticated: ['SELECT'] }, policies: ['SELECT:authenticated'] },
  // Sizes follow their product: read with it (all of them by the owner), written by the owner (product-sizes.test.ts).
  product_sizes: {
    kind: 'table',
    grants: { anon: ['SELECT'], authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] },
    policies: ['SELECT:anon,authenticated', 'INSERT:authenticated', 'UPDATE:authenticated', 'DELETE:authenticated'],
  },
  app_settings: {
    kind: 'table',
    grants: { anon: ['SELECT'], authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] },
    policies: ['SELECT:anon,authenticated', 'INSERT:authenticated', 'UPDATE:authenticated', 'DELETE:authenticated'],
  },
  contact_messages: { kind: 'table', grants: { anon: [], authenticated: ['SELECT'] }, policies: ['SELECT:authenticated'] },
  shop_owners: { kind: 'table', grants: { anon: ['SELECT'], authenticated: ['SELECT'] }, policies: ['SELECT:anon,authenticated'] },
  // Read only by the payment functions (service role); a restrictive policy refuses every API role.
  order_access_keys: { kind: 'table', grants: { anon: [], authenticated: [] }, policies: ['ALL:anon,authenticated'] },
  // The shop's mail queue: the owner reads it (admin); only the service role (mail-dispatch, the triggers' definer) writes.
  // The order page's link tokens (hashes), read and written only by mail-dispatch and order-page (service role).
  order_link_tokens: { kind: 'table', grants: { anon: [], authenticated: [] }, policies: ['ALL:anon,authenticated'] },
  mail_jobs: { kind: 'table', grants: { anon: [], authenticated: ['SELECT'] }, policies: ['SELECT:authenticated'] },
  // The shop's invoices and their queue: the owner reads them; owner-invoices and the KSeF sender (service role) write.
  invoices: { kind: 'table', grants: { anon: [], authenticated: ['SELECT'] }, policies: ['SELECT:authenticated'] },
  invoice_jobs: { kind: 'table', grants: { anon: [], authenticated: ['SELECT'] }, policies: ['SELECT:authenticated'] },
  // The invoice numbering counters: no API role reads or writes them, and no policy lets one.
  invoice_counters: { kind: 'table', grants: { anon: [], authenticated: [] }, policies: ['ALL:anon,authenticated'] },
  // Withdrawal requests (issue 19): stored by withdrawal-request (service role); the owner reads them and changes the state column only.
  withdrawal_requests: {
    kind: 'table',
    grants: { anon: [], authenticated: ['SELECT', 'UPDATE'] },
    policies: ['SELECT:authenticated', 'UPDATE:authenticated'],
  },
  // Written only by the products trigger (private.products_record_price, its definer); the owner reads it.
  product_price_history: { kind: 'table', grants: { anon: [], authenticated: ['SELECT'] }, policies: ['SELECT:authenticated'] },
  payments: { kind: 'table', grants: { anon: [], authenticated: ['SELECT'] }, policies: ['SELECT:authenticated'] },
  refunds: { kind: 'table', grants: { anon: [], authenticated: ['SELECT'] }, policies: ['SELECT:authenticated'] },
  payment_events: { kind: 'table', grants: { anon: [], authenticated: ['SELECT'] }, policies: ['SELECT:authenticated'] },
  // The owner's devices for pushes: the owner reads, adds (under her own account), renews and removes them; push-dispatch records results.
  push_subscriptions: {
    kind: 'table',
    grants: { anon: [], authenticated: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] },
    policies: ['SELECT:authenticated', 'INSERT:authenticated', 'UPDATE:authenticated', 'DELETE:authenticated'],
  },
  // The push queue: written by the triggers' definer and push-devices (service role); the owner reads it.
  push_jobs: { kind: 'table', grants: { anon: [], authenticated: ['SELECT'] }, policies: ['SELECT:authenticated'] },
  // The photo the customer paid for: the owner reads, adds and removes them (never changes one); order-page signs them (service role).
  order_photos: {
    kind: 'table',
    grants: { anon: [], authenticated: ['SELECT', 'INSERT', 'DELETE'] },
    policies: ['SELECT:authenticated', 'INSERT:authenticated', 'DELETE:authenticated'],
  },
  // Why a promised photo was not taken: the owner records and corrects it.
  order_photo_skips: {
    kind: 'table',
    grants: { anon: [], authenticated: ['SELECT', 'INSERT', 'UPDATE'] },
    policies: ['SELECT:authenticated', 'INSERT:authenticated', 'UPDATE:authenticated'],
  },
  public_settings: { kind: 'view', grants: { anon: ['SELECT'], authenticated: ['SELECT'] } },
};

/** Every function in public, by its signature, with the API roles that may execute it. */
const FUNCTIONS: Record<string, Role[]> = {
  'is_admin()': ['anon', 'authenticated'],
  'is_public_setting(setting_key text)': ['anon', 'authenticated'],
  'touch_updated_at()': [],
  'order_status_moves_stock()': [],
  // Rate limits (private.rate_limit_hits): the service role only; rate-limits.test.ts checks that the API roles are refused.
  'rate_limit_hit(p_keys text[], p_limit integer, p_window_seconds integer)': [],
  'rate_limit_reset(p_key text)': [],
  'place_order(p_client_request_id uuid, p_user_id uuid, p_order_number text, p_customer_name text, p_customer_email text, p_customer_phone text, p_delivery_method text, p_delivery_address jsonb, p_payment_method text, p_subtotal numeric, p_shipping_cost numeric, p_items jsonb, p_access_key_hash text, p_details jsonb, p_services_cost numeric, p_capacity jsonb, p_request_hash text, p_owner jsonb)':
    [],
  // Places taken per date and window, for the delivery-availability and place-order functions (service role).
  'delivery_booked_counts(p_from date, p_to date)': [],
  // A computed column (select=current_price:product_current_price): the price in force on the server's clock.
  'product_current_price(p products)': ['anon', 'authenticated'],
  // The shop's Warsaw date on the server's clock, for the home page's seasonal prompt.
  'shop_today()': ['anon', 'authenticated'],
  'product_size_current_price(s product_sizes)': ['anon', 'authenticated'],
  // The mail queue's dispatch steps, for mail-dispatch (service role).
  'claim_mail_jobs(p_limit integer)': [],
  'finish_mail_job(p_id uuid, p_error text)': [],
  // Invoices (docs/decisions/036-vat-rates.md): issuing and the queue, for owner-invoices (service role).
  'claim_invoice_jobs(p_limit integer)': [],
  'invoice_issue(p_order_id uuid, p_kind text, p_corrects uuid, p_series text, p_issue_date date, p_xml text, p_summary jsonb)': [],
  // Invoices due for KSeF, for ksef-send (service role; docs/decisions/040-ksef-send.md).
  'claim_ksef_invoices(p_limit integer)': [],
  // The push queue's dispatch steps, for push-dispatch and push-devices (service role).
  'claim_push_jobs(p_limit integer)': [],
  'finish_push_job(p_id uuid, p_status integer, p_error text)': [],
  // Stores a withdrawal request with its mails, for withdrawal-request (service role).
  'record_withdrawal_request(p_order_id uuid, p_accepted jsonb, p_refused jsonb, p_reason text, p_period_note text)': [],
  'revoke_order_links(p_order_id uuid)': [],
  // Attaches an uploaded photo to a product (issue 20): the owner's upload queue; security invoker, refuses a customer itself.
  'attach_product_photo(p_product_id uuid, p_photo jsonb, p_order uuid[])': ['authenticated'],
  'ledger_start_payment(p_order_id uuid, p_provider text, p_provider_payment_id text, p_method text, p_amount bigint)': [],
  'ledger_apply_payment_event(p_provider text, p_event_id text, p_order_id uuid, p_provider_payment_id text, p_method text, p_amount bigint, p_currency text, p_state text, p_charge_id text, p_content jsonb)':
    [],
  'ledger_apply_refund_event(p_provider text, p_event_id text, p_refund_id uuid, p_provider_refund_id text, p_amount bigint, p_currency text, p_state text, p_content jsonb)':
    [],
  'ledger_open_refund(p_payment_id uuid, p_amount bigint, p_reason text, p_withdrawal_id uuid, p_recorded_by uuid)': [],
  'ledger_record_manual_payment(p_order_id uuid, p_method text, p_amount bigint, p_received_on date, p_note text, p_recorded_by uuid)': [],
  'expire_unpaid_online_orders(p_minutes integer, p_reason text)': [],
  'remind_unpaid_transfer(p_order_id uuid, p_pay_by timestamp with time zone)': [],
  'cancel_unpaid_transfer(p_order_id uuid, p_reason text)': [],
  'ledger_record_manual_refund(p_order_id uuid, p_amount bigint, p_refunded_on date, p_reason text, p_withdrawal_id uuid, p_recorded_by uuid)':
    [],
};

/** Functions PostgREST exposes as columns of a table; the matrix selects them instead of calling rpc. */
const COMPUTED_COLUMNS = new Set(['product_current_price', 'product_size_current_price']);
const PRIVILEGES: Privilege[] = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];
const ROLES: Role[] = ['anon', 'authenticated'];

interface RelationRow {
  name: string;
  kind: string;
  rls: boolean;
  forced: boolean;
}

async function relations(): Promise<RelationRow[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<RelationRow>(`
      select c.relname as name, c.relkind as kind, c.relrowsecurity as rls, c.relforcerowsecurity as forced
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
      order by c.relname`);
    return rows;
  });
}

describe('RLS matrix coverage', () => {
  it('lists every table and view of schema public, and every table has RLS enabled', async () => {
    const rows = await relations();
    expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(RELATIONS).sort());
    for (const row of rows) {
      const expected = RELATIONS[row.name]!;
      expect(row.kind, row.name).toBe(expected.kind === 'table' ? 'r' : 'v');
      if (expected.kind === 'table') expect(row.rls, `${row.name} has RLS`).toBe(true);
    }
  });

  it('gives anon and authenticated exactly the listed privileges, and never TRUNCATE, REFERENCES or TRIGGER', async () => {
    const actual = await withDatabase(async (db) => {
      const result: Record<string, Record<Role, Privilege[]>> = {};
      for (const name of Object.keys(RELATIONS)) {
        result[name] = { anon: [], authenticated: [] };
        for (const role of ROLES) {
          for (const privilege of PRIVILEGES) {
            // Column grants count: orders' UPDATE is granted on four columns only.
            const check = privilege === 'DELETE' ? 'has_table_privilege' : 'has_any_column_privilege';
            const { rows } = await db.query<{ ok: boolean }>(`select ${check}($1, $2::regclass, $3) as ok`, [
              role,
              `public.${name}`,
              privilege,
            ]);
            if (rows[0]!.ok) result[name]![role].push(privilege);
          }
          const { rows } = await db.query<{ ok: boolean }>(
            `select has_table_privilege($1, $2::regclass, 'TRUNCATE') or has_table_privilege($1, $2::regclass, 'REFERENCES')
               or has_table_privilege($1, $2::regclass, 'TRIGGER') as ok`,
            [role, `public.${name}`],
          );
          expect(rows[0]!.ok, `${role} has TRUNCATE/REFERENCES/TRIGGER on ${name}`).toBe(false);
        }
      }
      return result;
    });
    expect(actual).toEqual(Object.fromEntries(Object.entries(RELATIONS).map(([name, access]) => [name, access.grants])));
  });

  it('has exactly the listed policies on each table (command and roles)', async () => {
    const actual = await withDatabase(async (db) => {
      const { rows } = await db.query<{ table: string; policy: string }>(`
        select tablename as table, cmd || ':' || array_to_string(array(select unnest(roles) order by 1), ',') as policy
        from pg_catalog.pg_policies where schemaname = 'public' order by tablename, policy`);
      const byTable: Record<string, string[]> = {};
      for (const row of rows) (byTable[row.table] ??= []).push(row.policy);
      return byTable;
    });
    const expected = Object.fromEntries(
      Object.entries(RELATIONS)
        .filter(([, access]) => access.kind === 'table')
        .map(([name, access]) => [name, [...access.policies!].sort()]),
    );
    expect(Object.fromEntries(Object.entries(actual).map(([name, list]) => [name, [...list].sort()]))).toEqual(expected);
  });

  it('lists every SQL function of schema public with the API roles that may execute it; none is SECURITY DEFINER', async () => {
    const rows = await withDatabase(async (db) => {
      const { rows } = await db.query<{ signature: string; definer: boolean; anon: boolean; authenticated: boolean }>(`
        select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as signature, p.prosecdef as definer,
          has_function_privilege('anon', p.oid, 'EXECUTE') as anon,
          has_function_privilege('authenticated', p.oid, 'EXECUTE') as authenticated
        from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        left join pg_catalog.pg_depend d on d.objid = p.oid and d.deptype = 'e'
        where n.nspname = 'public' and d.objid is null`);
      return rows;
    });
    const actual = Object.fromEntries(rows.map((row) => [row.signature, ROLES.filter((role) => row[role])]));
    expect(actual).toEqual(FUNCTIONS);
    expect(rows.filter((row) => row.definer).map((row) => row.signature)).toEqual([]);
  });

  it('the RLS matrix exercises every table and view, and every function an API role may call', () => {
    const matrix = readFileSync(resolve(import.meta.dirname, 'rls-matrix.test.ts'), 'utf8');
    for (const name of Object.keys(RELATIONS)) expect(matrix, `rls-matrix.test.ts uses ${name}`).toContain(`from('${name}')`);
    for (const [signature, roles] of Object.entries(FUNCTIONS)) {
      const name = signature.slice(0, signature.indexOf('('));
      // Callable ones are checked per actor; place_order is checked to be refused. Triggers are not callable at all.
      if (COMPUTED_COLUMNS.has(name)) expect(matrix, `rls-matrix.test.ts selects ${name}`).toContain(`:${name}'`);
      else if (roles.length > 0 || name === 'place_order') expect(matrix, `rls-matrix.test.ts calls ${name}`).toContain(`rpc('${name}'`);
    }
  });
});
