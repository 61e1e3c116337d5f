-- Who may pay for an order. A payment start shows the buyer's name, email
-- and phone and signs a gateway request, so it needs more than the order's
-- id: the signed-in customer who owns it (orders.user_id), the shop owner,
-- or the device that placed it, which keeps the access key place-order
-- returned. Only the key's SHA-256 is stored. A repeated place-order (same
-- idempotency key, e.g. after a lost answer) adds a fresh key for the same
-- device, so several rows per order are normal.

create table public.order_access_keys (
  order_id uuid not null references public.orders (id) on delete cascade,
  key_hash text not null check (key_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  primary key (order_id, key_hash)
);

alter table public.order_access_keys enable row level security;

-- Only the payment functions (service role, which bypasses RLS) read these.
create policy "access keys are never read or written through the API"
  on public.order_access_keys as restrictive for all to anon, authenticated
  using (false) with check (false);

revoke all on public.order_access_keys from anon, authenticated;
grant all on public.order_access_keys to service_role;

-- place_order records the key of the device that placed the order (next
-- migration, which redefines place_order once for keys and stock).
