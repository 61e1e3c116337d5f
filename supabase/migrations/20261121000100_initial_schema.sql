-- Kwiaciarnia: catalogue, orders, settings, contact messages, shop owners.
-- Runs unchanged on hosted Supabase and on the local embedded backend.
-- Grants are explicit: every table first loses whatever default privileges the
-- platform gave anon/authenticated, then gets exactly what its policies need.

-- ---------------------------------------------------------------- tables

create table public.products (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  description text not null default '' check (length(description) <= 4000),
  price numeric(10, 2) not null check (price >= 0),
  category text not null default 'live-flowers'
    check (category in ('live-flowers', 'artificial-flowers', 'candles', 'souvenirs', 'seasonal-gifts')),
  image_url text not null default '' check (length(image_url) <= 2048),
  is_featured boolean not null default false,
  stock integer not null default 0 check (stock >= 0),
  -- A product that appears in past orders is deactivated, never deleted.
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index products_created_at_idx on public.products (created_at desc);
create index products_category_idx on public.products (category);

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  -- Client-generated idempotency key: the same key never makes a second order.
  client_request_id uuid not null unique,
  user_id uuid references auth.users (id) on delete set null,
  status text not null default 'pending'
    check (status in ('pending', 'processing', 'completed', 'cancelled')),
  subtotal numeric(10, 2) not null check (subtotal >= 0),
  shipping_cost numeric(10, 2) not null check (shipping_cost >= 0),
  total numeric(10, 2) not null check (total >= 0),
  delivery_method text not null
    check (delivery_method in ('home', 'store', 'cemetery', 'dpd', 'dpd-pickup', 'dpd-cod', 'inpost',
      'gls', 'gls-pickup', 'gls-cod', 'poczta', 'poczta-cod', 'dhl', 'dhl-cod')),
  delivery_address jsonb,
  customer_name text not null check (length(btrim(customer_name)) between 2 and 200),
  customer_email text not null check (length(customer_email) between 3 and 320),
  customer_phone text not null check (length(customer_phone) between 9 and 40),
  payment_method text not null
    check (payment_method in ('payu', 'stripe', 'blik', 'card', 'transfer', 'cash', 'cod')),
  -- Holds the shop's order number (KT…), as the older shop did.
  payu_order_id text not null unique,
  payu_status text,
  tracking_number text,
  tracking_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((delivery_method = 'store') = (delivery_address is null)),
  check (total = subtotal + shipping_cost)
);
create index orders_user_created_idx on public.orders (user_id, created_at desc);
create index orders_created_at_idx on public.orders (created_at desc);
create index orders_status_idx on public.orders (status);

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete restrict,
  quantity integer not null check (quantity > 0 and quantity <= 999),
  price numeric(10, 2) not null check (price >= 0),
  -- The name at the time of purchase, so history reads right after renames.
  product_name text not null,
  unique (order_id, product_id)
);
create index order_items_order_idx on public.order_items (order_id);
create index order_items_product_idx on public.order_items (product_id);

create table public.app_settings (
  key text primary key check (key ~ '^[a-z][a-z0-9_]{1,62}$'),
  value text not null default '',
  updated_at timestamptz not null default now()
);

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  email text not null check (length(email) between 3 and 320),
  phone text check (length(phone) <= 40),
  subject text not null check (subject in ('order', 'info', 'complaint', 'cooperation', 'other')),
  message text not null check (length(btrim(message)) between 1 and 5000),
  created_at timestamptz not null default now()
);
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

-- The shop owner's account(s). Filled server-side only (SQL editor on hosted
-- Supabase, the local backend's bootstrap locally); nothing a client sends
-- can add a row.
create table public.shop_owners (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------- functions

create function public.is_admin() returns boolean
  language sql stable security invoker
  set search_path = ''
as $$
  select exists (select 1 from public.shop_owners where user_id = (select auth.uid()))
$$;

create function public.is_public_setting(setting_key text) returns boolean
  language sql immutable security invoker
  set search_path = ''
as $$
  select setting_key in ('company_name', 'company_address', 'company_phone', 'company_email',
    'company_website', 'store_hours', 'free_shipping_threshold', 'delivery_rate_per_km')
$$;

create function public.touch_updated_at() returns trigger
  language plpgsql security invoker
  set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger products_touch before update on public.products
  for each row execute function public.touch_updated_at();
create trigger orders_touch before update on public.orders
  for each row execute function public.touch_updated_at();
create trigger app_settings_touch before update on public.app_settings
  for each row execute function public.touch_updated_at();

-- The one way an order is written: called by the place-order Edge Function
-- with the service role after it validated the request and priced it from
-- the database. Writes order and items in one transaction; the same
-- client_request_id returns the first order instead of making a second one.
create function public.place_order(
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
  p_items jsonb
) returns jsonb
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_order public.orders;
  v_item jsonb;
  v_product public.products;
  v_subtotal numeric(10, 2) := 0;
begin
  insert into public.orders (client_request_id, user_id, subtotal, shipping_cost, total,
    delivery_method, delivery_address, customer_name, customer_email, customer_phone,
    payment_method, payu_order_id)
  values (p_client_request_id, p_user_id, p_subtotal, p_shipping_cost, p_subtotal + p_shipping_cost,
    p_delivery_method, p_delivery_address, p_customer_name, p_customer_email, p_customer_phone,
    p_payment_method, p_order_number)
  on conflict (client_request_id) do nothing
  returning * into v_order;

  if v_order.id is null then
    select * into v_order from public.orders where client_request_id = p_client_request_id;
    return jsonb_build_object('order', to_jsonb(v_order), 'replayed', true);
  end if;

  if jsonb_typeof(p_items) <> 'array' or jsonb_array_length(p_items) = 0 then
    raise exception 'order has no items' using errcode = '22023';
  end if;

  for v_item in select * from jsonb_array_elements(p_items) loop
    select * into v_product from public.products
      where id = (v_item ->> 'product_id')::uuid and active
      for share;
    if v_product.id is null then
      raise exception 'product_unavailable:%', v_item ->> 'product_id' using errcode = 'P0001';
    end if;
    -- The caller priced the order from the catalogue; refuse if a price moved since.
    if v_product.price <> (v_item ->> 'price')::numeric then
      raise exception 'price_changed:%', v_product.id using errcode = 'P0001';
    end if;
    insert into public.order_items (order_id, product_id, quantity, price, product_name)
      values (v_order.id, v_product.id, (v_item ->> 'quantity')::integer, v_product.price, v_product.name);
    v_subtotal := v_subtotal + v_product.price * (v_item ->> 'quantity')::integer;
  end loop;

  if v_subtotal <> p_subtotal then
    raise exception 'subtotal_mismatch' using errcode = 'P0001';
  end if;

  return jsonb_build_object('order', to_jsonb(v_order), 'replayed', false);
end
$$;

-- ---------------------------------------------------------------- views

-- Non-secret settings for everyone; the invoker's RLS applies, so this view
-- can never show a key the policy hides.
create view public.public_settings with (security_invoker = true) as
  select key, value from public.app_settings where public.is_public_setting(key);

-- ---------------------------------------------------------------- RLS

alter table public.products enable row level security;
alter table public.orders enable row level security;
alter table public.order_items enable row level security;
alter table public.app_settings enable row level security;
alter table public.contact_messages enable row level security;
alter table public.shop_owners enable row level security;

create policy "products are readable while active, all of them by the owner"
  on public.products for select to anon, authenticated
  using (active or (select public.is_admin()));
create policy "the owner adds products" on public.products for insert to authenticated
  with check ((select public.is_admin()));
create policy "the owner edits products" on public.products for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "the owner deletes products" on public.products for delete to authenticated
  using ((select public.is_admin()));

create policy "customers read their own orders, the owner reads all"
  on public.orders for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "the owner updates orders" on public.orders for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "order items follow their order's visibility"
  on public.order_items for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id));

create policy "public settings for everyone, all settings for the owner"
  on public.app_settings for select to anon, authenticated
  using (public.is_public_setting(key) or (select public.is_admin()));
create policy "the owner adds settings" on public.app_settings for insert to authenticated
  with check ((select public.is_admin()));
create policy "the owner changes settings" on public.app_settings for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "the owner removes settings" on public.app_settings for delete to authenticated
  using ((select public.is_admin()));

create policy "the owner reads contact messages" on public.contact_messages for select to authenticated
  using ((select public.is_admin()));

create policy "a user sees only their own owner row" on public.shop_owners for select to anon, authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------- grants

revoke all on public.products, public.orders, public.order_items, public.app_settings,
  public.contact_messages, public.shop_owners, public.public_settings from anon, authenticated;

grant select on public.products to anon, authenticated;
grant insert, update, delete on public.products to authenticated;

grant select on public.orders to authenticated;
grant update (status, payu_status, tracking_number, tracking_url) on public.orders to authenticated;

grant select on public.order_items to authenticated;

grant select on public.app_settings to anon, authenticated;
grant insert, update, delete on public.app_settings to authenticated;

grant select on public.contact_messages to authenticated;

-- is_admin() reads this table as the caller; RLS shows each caller only their own row.
grant select on public.shop_owners to anon, authenticated;

grant select on public.public_settings to anon, authenticated;

grant all on public.products, public.orders, public.order_items, public.app_settings,
  public.contact_messages, public.shop_owners, public.public_settings to service_role;

revoke execute on function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb)
  from public, anon, authenticated;
grant execute on function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb)
  to service_role;

revoke execute on function public.touch_updated_at() from public, anon, authenticated;
revoke execute on function public.is_admin(), public.is_public_setting(text) from public;
grant execute on function public.is_admin(), public.is_public_setting(text) to anon, authenticated, service_role;
