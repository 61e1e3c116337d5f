-- Sizes of a product ('Mały / Średni / Duży', '15 / 25 / 35 róż'): each with its own price, promotion and
-- Omnibus price, stock or 'na zamówienie', and optionally one of the product's photos. Decision 035.
--
-- A product with sizes is sold only as one of them: place_order prices, checks and reserves the size's row,
-- and the order line keeps the size's id and label (the label as it was, like product_name).

-- ---------------------------------------------------------------- sizes
create table public.product_sizes (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  label text not null check (length(btrim(label)) between 1 and 40),
  position smallint not null default 0 check (position between 0 and 99),
  price numeric(10, 2) not null check (price > 0),
  promo_price numeric(10, 2) check (promo_price is null or promo_price > 0),
  promo_starts_at timestamptz,
  promo_ends_at timestamptz,
  -- Written only by the trigger below, as products.lowest_price_30d is.
  lowest_price_30d numeric(10, 2),
  stock integer not null default 0 check (stock >= 0),
  made_to_order boolean not null default false,
  -- One of the product's photos (products.photos[].id) shown when the size is chosen; null: the product's own.
  photo_id text check (photo_id is null or photo_id ~ '^[0-9a-f-]{36}$'),
  created_at timestamptz not null default now(),
  unique (product_id, label),
  constraint product_sizes_promo_below_price check (promo_price is null or promo_price < price),
  constraint product_sizes_promo_period check (promo_starts_at is null or promo_ends_at is null or promo_starts_at < promo_ends_at)
);
create index product_sizes_product_idx on public.product_sizes (product_id, position);

alter table public.product_sizes enable row level security;

create policy "sizes are readable with their product" on public.product_sizes for select to anon, authenticated
  using (exists (select 1 from public.products p where p.id = product_id and (p.active or (select public.is_admin()))));
create policy "the owner adds sizes" on public.product_sizes for insert to authenticated
  with check ((select public.is_admin()));
create policy "the owner edits sizes" on public.product_sizes for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "the owner deletes sizes" on public.product_sizes for delete to authenticated
  using ((select public.is_admin()));

revoke all on public.product_sizes from public, anon, authenticated;
grant select on public.product_sizes to anon, authenticated;
grant insert, update, delete on public.product_sizes to authenticated;
grant all on public.product_sizes to service_role;

-- The size's price in force now, by the server's clock (as product_current_price for a product).
create function public.product_size_current_price(s public.product_sizes) returns numeric
  language sql stable
  set search_path = ''
as $$
  select case
    when s.promo_price is not null
      and (s.promo_starts_at is null or s.promo_starts_at <= now())
      and (s.promo_ends_at is null or now() < s.promo_ends_at)
    then s.promo_price
    else s.price
  end
$$;
grant execute on function public.product_size_current_price(public.product_sizes) to anon, authenticated, service_role;

-- ---------------------------------------------------------------- Omnibus per size
-- A size's prices are kept in the same history, marked with its id; the product's own rows have none.
alter table public.product_price_history
  add column size_id uuid references public.product_sizes (id) on delete cascade deferrable initially deferred;
create index product_price_history_size_idx on public.product_price_history (size_id, recorded_at, id) where size_id is not null;

-- The rule of 20261125000400 (src/domain/omnibus.ts), over the rows of one product or one of its sizes.
create function private.price_lowest_30d(p_product_id uuid, p_size_id uuid) returns numeric
  language sql stable
  set search_path = ''
as $$
  with rows as (
    select h.price, h.promo_price, h.promo_starts_at, h.promo_ends_at, h.recorded_at,
      lead(h.recorded_at) over (order by h.recorded_at, h.id) as next_at
    from public.product_price_history h
    where h.product_id = p_product_id and h.size_id is not distinct from p_size_id
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
revoke all on function private.price_lowest_30d(uuid, uuid) from public;

-- The product's own history: its rows without a size, so a size's prices never count for the product.
create or replace function private.product_lowest_price_30d(p_product_id uuid) returns numeric
  language sql stable
  set search_path = ''
as $$
  select private.price_lowest_30d(p_product_id, null)
$$;

-- Records a size's price settings when they change (or the size is new) and keeps its lowest_price_30d in step;
-- security definer for the reason products_record_price is.
create function private.product_sizes_record_price() returns trigger
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
    insert into public.product_price_history (product_id, size_id, price, promo_price, promo_starts_at, promo_ends_at)
      values (new.product_id, new.id, new.price, new.promo_price, new.promo_starts_at, new.promo_ends_at);
  end if;
  new.lowest_price_30d := private.price_lowest_30d(new.product_id, new.id);
  return new;
end
$$;
revoke all on function private.product_sizes_record_price() from public;

create trigger product_sizes_record_price
  before insert or update of price, promo_price, promo_starts_at, promo_ends_at, lowest_price_30d, product_id
  on public.product_sizes
  for each row execute function private.product_sizes_record_price();

-- ---------------------------------------------------------------- order lines
-- The size's label as it was when ordered; the id for stock (null once the owner removes the size).
alter table public.order_items
  add column size_id uuid references public.product_sizes (id) on delete set null,
  add column size_label text check (size_label is null or length(size_label) between 1 and 40);
alter table public.order_items drop constraint order_items_order_id_product_id_key;
alter table public.order_items add constraint order_items_order_product_size_key unique nulls not distinct (order_id, product_id, size_label);

-- Cancelling returns the reserved pieces to the size's stock, or the product's for a line without a size;
-- otherwise as in 20261123000300. A line whose size was removed since returns nothing.
create or replace function public.order_status_moves_stock() returns trigger
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_line record;
  v_short text := '';
begin
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    update public.products p set stock = p.stock + i.quantity
      from public.order_items i
      where i.order_id = new.id and i.stock_reserved and i.size_label is null and p.id = i.product_id;
    update public.product_sizes s set stock = s.stock + i.quantity
      from public.order_items i
      where i.order_id = new.id and i.stock_reserved and s.id = i.size_id;
  elsif old.status = 'cancelled' and new.status <> 'cancelled' then
    for v_line in
      select p.name, p.stock, i.quantity
      from public.order_items i join public.products p on p.id = i.product_id
      where i.order_id = new.id and i.stock_reserved and i.size_label is null
      order by p.id
      for update of p
    loop
      if v_line.stock < v_line.quantity then
        v_short := v_short || format('%s„%s” (dostępne: %s szt.)', case when v_short = '' then '' else ', ' end, v_line.name, v_line.stock);
      end if;
    end loop;
    for v_line in
      select i.product_name || ' (' || s.label || ')' as name, s.stock, i.quantity
      from public.order_items i join public.product_sizes s on s.id = i.size_id
      where i.order_id = new.id and i.stock_reserved
      order by s.id
      for update of s
    loop
      if v_line.stock < v_line.quantity then
        v_short := v_short || format('%s„%s” (dostępne: %s szt.)', case when v_short = '' then '' else ', ' end, v_line.name, v_line.stock);
      end if;
    end loop;
    if v_short <> '' then
      raise exception 'Nie można przywrócić zamówienia: za mało w magazynie: %', v_short
        using errcode = 'P0001', hint = 'stock_unavailable';
    end if;
    update public.products p set stock = p.stock - i.quantity
      from public.order_items i
      where i.order_id = new.id and i.stock_reserved and i.size_label is null and p.id = i.product_id;
    update public.product_sizes s set stock = s.stock - i.quantity
      from public.order_items i
      where i.order_id = new.id and i.stock_reserved and s.id = i.size_id;
  end if;
  return new;
end
$$;

-- ---------------------------------------------------------------- place_order
-- As in 20261130000100, except that a line may name a size (size_id): a product with sizes must, one without
-- must not; the size's price in force, stock and label are used.
create or replace function public.place_order(
  p_client_request_id uuid,
  p_user_id uuid,
  p_order_number text,
  p_customer_name text,
  p_customer_email text,
  p_customer_phone text,
  p_delivery_method text,
  p_delivery_address jsonb,
  p_payment_method text,
  p_subtotal numeric,
  p_shipping_cost numeric,
  p_items jsonb,
  p_access_key_hash text,
  p_details jsonb,
  p_services_cost numeric,
  p_capacity jsonb,
  p_request_hash text,
  p_owner jsonb default null
) returns jsonb
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_order public.orders;
  v_item record;
  v_product public.products;
  v_size public.product_sizes;
  v_has_sizes boolean;
  v_made_to_order boolean;
  v_stock integer;
  v_line_name text;
  v_price numeric(10, 2);
  v_subtotal numeric(10, 2) := 0;
  v_replayed boolean := false;
  v_short jsonb := '[]'::jsonb;
  v_details jsonb := coalesce(p_details, '{}'::jsonb);
  v_date date := nullif(v_details ->> 'delivery_date', '')::date;
  v_window text := nullif(v_details ->> 'delivery_window', '');
  v_services jsonb := coalesce(v_details -> 'services', '[]'::jsonb);
  v_services_cost numeric(10, 2);
  v_books_place boolean;
  v_window_taken integer;
  v_day_taken integer;
  v_custom_id constant uuid := 'b0b0e7a0-0000-4000-8000-000000000001';
  v_custom jsonb := nullif(p_owner -> 'custom_line', 'null'::jsonb);
  v_discount numeric(10, 2) := coalesce((p_owner ->> 'discount')::numeric, 0);
  v_override boolean := coalesce((p_owner ->> 'capacity_override')::boolean, false);
  v_paid_with text := p_owner ->> 'payment';
begin
  v_books_place := p_delivery_method in ('home', 'cemetery') and v_date is not null and p_capacity is not null;

  -- Serialise the checkouts of one date; released at commit or rollback.
  if v_books_place then
    perform pg_advisory_xact_lock(hashtext('place_order:delivery_date'), v_date - date '2000-01-01');
  end if;

  insert into public.orders (client_request_id, user_id, subtotal, shipping_cost, services_cost, total,
    delivery_method, delivery_address, customer_name, customer_email, customer_phone,
    payment_method, payu_order_id,
    recipient_kind, recipient_name, recipient_phone, delivery_notes, delivery_date, delivery_window,
    delivery_window_label, pickup_time, occasion, venue, ribbon_text, cemetery, card_message, card_signature,
    card_anonymous, substitution, services, invoice, request_hash, source, discount, discount_reason)
  values (p_client_request_id, p_user_id, p_subtotal, p_shipping_cost, coalesce(p_services_cost, 0),
    p_subtotal + p_shipping_cost + coalesce(p_services_cost, 0) - v_discount,
    p_delivery_method, p_delivery_address, p_customer_name, p_customer_email, p_customer_phone,
    p_payment_method, p_order_number,
    coalesce(nullif(v_details ->> 'recipient_kind', ''), 'self'),
    nullif(v_details ->> 'recipient_name', ''),
    nullif(v_details ->> 'recipient_phone', ''),
    nullif(v_details ->> 'delivery_notes', ''),
    v_date,
    v_window,
    nullif(v_details ->> 'delivery_window_label', ''),
    nullif(v_details ->> 'pickup_time', ''),
    nullif(v_details ->> 'occasion', ''),
    nullif(v_details -> 'venue', 'null'::jsonb),
    nullif(v_details ->> 'ribbon_text', ''),
    nullif(v_details -> 'cemetery', 'null'::jsonb),
    nullif(v_details ->> 'card_message', ''),
    nullif(v_details ->> 'card_signature', ''),
    coalesce((v_details ->> 'card_anonymous')::boolean, false),
    coalesce(nullif(v_details ->> 'substitution', ''), 'similar'),
    v_services,
    nullif(v_details -> 'invoice', 'null'::jsonb),
    p_request_hash,
    coalesce(p_owner ->> 'source', 'online'),
    v_discount,
    nullif(btrim(coalesce(p_owner ->> 'discount_reason', '')), ''))
  on conflict (client_request_id) do nothing
  returning * into v_order;

  if v_order.id is null then
    select * into v_order from public.orders where client_request_id = p_client_request_id;
    v_replayed := true;
    -- Another body under a known key (or an order from before hashes were kept) gets neither the order nor a key.
    if v_order.request_hash is distinct from p_request_hash then
      raise exception 'request_mismatch' using errcode = 'P0001';
    end if;
  else
    if v_books_place then
      select count(*) filter (where o.delivery_window = v_window), count(*)
        into v_window_taken, v_day_taken
        from public.orders o
        where o.delivery_date = v_date and o.delivery_method in ('home', 'cemetery') and o.status <> 'cancelled'
          and o.id <> v_order.id;
      if v_window_taken >= (p_capacity ->> 'window')::integer or v_day_taken >= (p_capacity ->> 'day')::integer then
        -- The owner may book past a full window once she confirmed it; the order keeps when she did.
        if v_override and p_owner is not null then
          update public.orders set capacity_override_at = now() where id = v_order.id returning * into v_order;
        elsif v_window_taken >= (p_capacity ->> 'window')::integer then
          raise exception 'slot_full' using errcode = 'P0001', detail = 'window';
        else
          raise exception 'slot_full' using errcode = 'P0001', detail = 'day';
        end if;
      end if;
    end if;

    -- The services' prices were read from the settings by the caller; the cost must be their sum.
    select coalesce(sum((value ->> 'price')::numeric), 0) into v_services_cost from jsonb_array_elements(v_services);
    if v_services_cost <> coalesce(p_services_cost, 0) then
      raise exception 'services_cost_mismatch' using errcode = '22023';
    end if;

    if jsonb_typeof(p_items) <> 'array' or (jsonb_array_length(p_items) = 0 and v_custom is null) then
      raise exception 'order has no items' using errcode = '22023';
    end if;

    -- Rows are locked in product id order, then size id, so two orders never wait on each other crosswise.
    for v_item in
      select (value ->> 'product_id')::uuid as product_id, nullif(value ->> 'size_id', '')::uuid as size_id,
        (value ->> 'quantity')::integer as quantity, (value ->> 'price')::numeric as price
      from jsonb_array_elements(p_items) order by 1, 2
    loop
      select * into v_product from public.products where id = v_item.product_id and active for update;
      if v_product.id is null then
        raise exception 'product_unavailable:%', v_item.product_id using errcode = 'P0001';
      end if;
      -- A product sold in sizes is sold only as one of them; one without sizes takes none (decision 038).
      v_has_sizes := exists (select 1 from public.product_sizes s where s.product_id = v_product.id);
      v_size := null;
      if v_item.size_id is not null then
        select * into v_size from public.product_sizes s
          where s.id = v_item.size_id and s.product_id = v_product.id for update;
      end if;
      if v_has_sizes is distinct from (v_size.id is not null) then
        raise exception 'size_unavailable:%', v_item.product_id using errcode = 'P0001';
      end if;
      if v_size.id is not null then
        v_price := public.product_size_current_price(v_size);
        v_made_to_order := v_size.made_to_order;
        v_stock := v_size.stock;
        v_line_name := v_product.name || ' (' || v_size.label || ')';
      else
        v_price := public.product_current_price(v_product);
        v_made_to_order := v_product.made_to_order;
        v_stock := v_product.stock;
        v_line_name := v_product.name;
      end if;
      -- The caller priced the order from the catalogue (promotions included); refuse if a price moved since.
      if v_price <> v_item.price then
        raise exception 'price_changed:%', v_product.id using errcode = 'P0001';
      end if;
      if not v_made_to_order and v_stock < v_item.quantity then
        v_short := v_short || jsonb_build_object('product_id', v_product.id, 'size_id', v_size.id, 'name', v_line_name,
          'available', v_stock);
        continue;
      end if;
      if not v_made_to_order and v_size.id is not null then
        update public.product_sizes set stock = stock - v_item.quantity where id = v_size.id;
      elsif not v_made_to_order then
        update public.products set stock = stock - v_item.quantity where id = v_product.id;
      end if;
      insert into public.order_items (order_id, product_id, quantity, price, product_name, stock_reserved, size_id, size_label)
        values (v_order.id, v_product.id, v_item.quantity, v_price, v_product.name, not v_made_to_order, v_size.id, v_size.label);
      v_subtotal := v_subtotal + v_price * v_item.quantity;
    end loop;

    -- The owner's own line: her description and her price, one piece.
    if p_owner is not null and v_custom is not null then
      v_price := (v_custom ->> 'price')::numeric;
      if v_price is null or v_price <= 0 or length(btrim(coalesce(v_custom ->> 'description', ''))) < 3 then
        raise exception 'custom_line' using errcode = '22023';
      end if;
      insert into public.order_items (order_id, product_id, quantity, price, product_name, stock_reserved)
        values (v_order.id, v_custom_id, 1, v_price, btrim(v_custom ->> 'description'), false);
      v_subtotal := v_subtotal + v_price;
    end if;

    -- Every short line at once, so the customer can fix them in one go; nothing is written.
    if jsonb_array_length(v_short) > 0 then
      raise exception 'insufficient_stock' using errcode = 'P0001', detail = v_short::text;
    end if;

    if v_subtotal <> p_subtotal then
      raise exception 'subtotal_mismatch' using errcode = 'P0001';
    end if;

    -- Paid at the counter: the ledger records it as paid today (Warsaw), in the order's transaction.
    if p_owner is not null and v_paid_with in ('cash', 'terminal') and v_order.total > 0 then
      perform public.ledger_record_manual_payment(v_order.id, v_paid_with, round(v_order.total * 100)::bigint,
        (now() at time zone 'Europe/Warsaw')::date, 'Zapłacono w sklepie', nullif(p_owner ->> 'owner_id', '')::uuid);
      select * into v_order from public.orders where id = v_order.id;
    end if;
  end if;

  if p_access_key_hash is not null then
    insert into public.order_access_keys (order_id, key_hash) values (v_order.id, p_access_key_hash)
      on conflict do nothing;
  end if;

  return jsonb_build_object('order', to_jsonb(v_order), 'replayed', v_replayed);
end
$$;


-- Same signature: the grants of 20261130000100 stay.
