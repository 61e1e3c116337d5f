-- Issue 19, promotions with the Omnibus price (art. 4 ust. 2-3 of the ustawa o
-- informowaniu o cenach towarów i usług): next to a reduced price the shop
-- shows the lowest price in force during the 30 days before the reduction
-- began (over the product's lifetime when it is younger).
--
-- The database keeps the history, never the client: a trigger records the
-- product's price settings on every insert and on every change of them, and
-- stores the Omnibus price of the current promotion on the row
-- (products.lowest_price_30d). The value depends only on the history, which
-- only this trigger writes, so it is exact until the next price change, which
-- recomputes it. Whether the promotion is in force now is the server clock's
-- question, answered by product_current_price (20261125000100).
-- Why stored and not a computed column: docs/decisions/010-omnibus-price.md.
-- The rule is written once in TypeScript (src/domain/omnibus.ts); the SQL
-- below mirrors it and tests/integration/omnibus-price.test.ts checks both on
-- the same histories.

-- ---------------------------------------------------------------- history
-- One row = the product's price settings from recorded_at until the next row.
create table public.product_price_history (
  id bigint generated always as identity primary key,
  -- Deferred: the row is written by the products row's BEFORE INSERT trigger, before that row exists.
  product_id uuid not null references public.products (id) on delete cascade deferrable initially deferred,
  price numeric(10, 2) not null check (price >= 0),
  promo_price numeric(10, 2) check (promo_price is null or promo_price >= 0),
  promo_starts_at timestamptz,
  promo_ends_at timestamptz,
  recorded_at timestamptz not null default now()
);
create index product_price_history_product_idx on public.product_price_history (product_id, recorded_at, id);

alter table public.product_price_history enable row level security;

-- The owner may read it (admin); nobody writes it through the API: only the trigger (its definer) does.
create policy "the owner reads the price history" on public.product_price_history for select to authenticated
  using ((select public.is_admin()));

revoke all on public.product_price_history from public, anon, authenticated;
grant select on public.product_price_history to authenticated;
grant select on public.product_price_history to service_role;

-- The Omnibus price of the product's current promotion, from its history;
-- null without a promotion, or when no other price was ever in force before
-- it (then there is no reduction to show). Mirrors omnibusReferencePrice in
-- src/domain/omnibus.ts step by step:
--   1. each history row covers [recorded_at, next row's recorded_at); within
--      it the promotional price is in force over [max(recorded_at, start),
--      min(row end, promo end)), the regular price before and after;
--   2. touching pieces with the same price are one run (an edited end date
--      does not start a new reduction);
--   3. the reduction began where the run holding the latest row's promotion
--      began;
--   4. the answer is the lowest price of any piece in force during the 30
--      Warsaw calendar days before that moment (in force at the window's
--      first instant counts; ended at it does not).
create function private.product_lowest_price_30d(p_product_id uuid) returns numeric
  language sql stable
  set search_path = ''
as $$
  with rows as (
    select h.price, h.promo_price, h.promo_starts_at, h.promo_ends_at, h.recorded_at,
      lead(h.recorded_at) over (order by h.recorded_at, h.id) as next_at
    from public.product_price_history h
    where h.product_id = p_product_id
  ),
  spans as (
    select r.*, coalesce(r.next_at, 'infinity'::timestamptz) as until,
      greatest(r.recorded_at, coalesce(r.promo_starts_at, '-infinity'::timestamptz)) as promo_from,
      least(coalesce(r.next_at, 'infinity'::timestamptz), coalesce(r.promo_ends_at, 'infinity'::timestamptz)) as promo_to
    from rows r
    where r.next_at is null or r.next_at > r.recorded_at
  ),
  pieces as (
    select s.price, s.recorded_at as from_at,
      case when s.promo_price is not null and s.promo_from < s.promo_to then s.promo_from else s.until end as to_at
    from spans s
    union all
    select s.promo_price, s.promo_from, s.promo_to from spans s where s.promo_price is not null and s.promo_from < s.promo_to
    union all
    select s.price, s.promo_to, s.until from spans s where s.promo_price is not null and s.promo_from < s.promo_to
  ),
  marked as (
    select p.price, p.from_at, p.to_at,
      case when lag(p.price) over (order by p.from_at) = p.price then 0 else 1 end as starts_run
    from pieces p
    where p.from_at < p.to_at
  ),
  grouped as (
    select m.price, m.from_at, m.to_at, sum(m.starts_run) over (order by m.from_at) as run from marked m
  ),
  runs as (
    select min(g.price) as price, min(g.from_at) as from_at, max(g.to_at) as to_at from grouped g group by g.run
  ),
  current_promotion as (
    select s.promo_from from spans s where s.next_at is null and s.promo_price is not null and s.promo_from < s.promo_to
  ),
  reduction as (
    select r.from_at as began,
      ((r.from_at at time zone 'Europe/Warsaw') - interval '30 days') at time zone 'Europe/Warsaw' as window_from
    from runs r join current_promotion c on r.from_at <= c.promo_from and c.promo_from < r.to_at
  )
  select min(r.price)
  from runs r, reduction d
  where r.from_at < d.began and r.to_at > d.window_from
$$;
revoke all on function private.product_lowest_price_30d(uuid) from public;

-- Records the price settings when they change (or the row is new) and keeps
-- products.lowest_price_30d in step. Security definer: the owner edits
-- products as `authenticated`, which may not write the history. The trigger
-- also fires when lowest_price_30d is written directly, and overwrites it.
create function private.products_record_price() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT'
    or new.price is distinct from old.price
    or new.promo_price is distinct from old.promo_price
    or new.promo_starts_at is distinct from old.promo_starts_at
    or new.promo_ends_at is distinct from old.promo_ends_at
  then
    insert into public.product_price_history (product_id, price, promo_price, promo_starts_at, promo_ends_at)
      values (new.id, new.price, new.promo_price, new.promo_starts_at, new.promo_ends_at);
  end if;
  new.lowest_price_30d := private.product_lowest_price_30d(new.id);
  return new;
end
$$;
revoke all on function private.products_record_price() from public;

-- ---------------------------------------------------------------- products
-- Written only by the trigger; anyone who reads the product reads it.
alter table public.products add column lowest_price_30d numeric(10, 2);

-- What is on record for the existing products: the price they have, since they were added (nothing older is known).
insert into public.product_price_history (product_id, price, promo_price, promo_starts_at, promo_ends_at, recorded_at)
  select p.id, p.price, p.promo_price, p.promo_starts_at, p.promo_ends_at, least(p.created_at, now())
  from public.products p;
update public.products p set lowest_price_30d = private.product_lowest_price_30d(p.id);

create trigger products_record_price
  before insert or update of price, promo_price, promo_starts_at, promo_ends_at, lowest_price_30d on public.products
  for each row execute function private.products_record_price();
