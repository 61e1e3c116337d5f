-- Florist orders (issue 17): who receives the flowers, on which day and in
-- which window (or at which pickup hour), for which occasion, where the
-- ceremony is, the card's words, the ribbon, the grave, the paid services at
-- the grave, what to do when a flower runs out, and how far the delivery has
-- got. place_order now writes all of it and reserves a delivery place in the
-- same transaction as the order, so concurrent checkouts never overbook a
-- window or a day. The names and limits mirror src/domain/florist-order.ts.

-- ---------------------------------------------------------------- columns

alter table public.orders
  add column recipient_kind text not null default 'self' check (recipient_kind in ('self', 'other')),
  -- For 'self' they hold the buyer's own name and phone, so the driver's slip always has someone to ask for.
  add column recipient_name text check (length(recipient_name) <= 200),
  add column recipient_phone text check (length(recipient_phone) <= 40),
  add column delivery_notes text check (length(delivery_notes) <= 300),
  -- Warsaw calendar date: home, cemetery and store pickup; couriers have none.
  add column delivery_date date,
  -- A window id ('09:00-12:00', 'all-day' on a peak day), stable across label changes; home and cemetery only.
  add column delivery_window text check (delivery_window ~ '^(\d{2}:\d{2}-\d{2}:\d{2}|all-day)$'),
  -- The label the customer chose ('9:00–12:00', 'w ciągu dnia'), kept as shown then.
  add column delivery_window_label text check (length(delivery_window_label) <= 40),
  -- 'H:MM'; store pickup only.
  add column pickup_time text check (pickup_time ~ '^\d{1,2}:\d{2}$'),
  add column occasion text check (occasion in ('birthday', 'name-day', 'anniversary', 'wedding', 'funeral', 'remembrance',
    'thanks', 'other')),
  -- {type, name, address, eventTime}: weddings and funerals only.
  add column venue jsonb check (jsonb_typeof(venue) = 'object'),
  add column ribbon_text text check (length(ribbon_text) <= 50),
  -- {name, locality, section, row, number, description}: cemetery delivery only.
  add column cemetery jsonb check (jsonb_typeof(cemetery) = 'object'),
  add column card_message text check (length(card_message) <= 250),
  add column card_signature text check (length(card_signature) <= 60),
  add column card_anonymous boolean not null default false,
  add column substitution text not null default 'similar' check (substitution in ('similar', 'call-first')),
  -- [{id, label, price}] with the price in PLN as the settings said when ordered.
  add column services jsonb not null default '[]' check (jsonb_typeof(services) = 'array'),
  add column services_cost numeric(10, 2) not null default 0 check (services_cost >= 0),
  -- Beside the order's payment status: where the delivery stands.
  add column fulfilment_state text not null default 'to-do'
    check (fulfilment_state in ('to-do', 'ready', 'out-for-delivery', 'delivered', 'failed-attempt')),
  add constraint orders_window_needs_date check (delivery_window is null or delivery_date is not null),
  add constraint orders_window_only_delivered check (delivery_window is null or delivery_method in ('home', 'cemetery')),
  add constraint orders_pickup_time_only_store check (pickup_time is null or delivery_method = 'store'),
  add constraint orders_date_not_courier check (delivery_date is null or delivery_method in ('home', 'cemetery', 'store'));

-- The total now includes the services. The old check was unnamed; find it by what it says.
do $$
declare
  v_name text;
begin
  select conname into v_name from pg_constraint
    where conrelid = 'public.orders'::regclass and contype = 'c'
      and pg_get_constraintdef(oid) = 'CHECK ((total = (subtotal + shipping_cost)))';
  if v_name is not null then
    execute format('alter table public.orders drop constraint %I', v_name);
  end if;
end
$$;
alter table public.orders add constraint orders_total_adds_up check (total = subtotal + shipping_cost + services_cost);

-- The day view ('Realizacja') and the capacity count read orders by date and window.
create index orders_delivery_day_idx on public.orders (delivery_date, delivery_window) where delivery_date is not null;

-- The owner moves a delivery along; customers still change nothing (the update policy is the owner's only).
grant update (fulfilment_state) on public.orders to authenticated;

-- ---------------------------------------------------------------- place_order

drop function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb, text);

-- p_details: the florist fields, by column name (recipient_kind, recipient_name,
-- recipient_phone, delivery_notes, delivery_date, delivery_window,
-- delivery_window_label, pickup_time, occasion, venue, ribbon_text, cemetery,
-- card_message, card_signature, card_anonymous, substitution, services).
-- p_capacity: {"window": n, "day": n}, the places the settings give the
-- order's date (place-order reads them); null for orders that book no place.
--
-- Capacity: a home or cemetery order with a date takes a transaction lock on
-- its date before it counts the places already taken (every non-cancelled
-- home and cemetery order of that date), so two checkouts for the same date
-- count one after the other and the second sees the first. A full window or
-- day raises 'slot_full' with detail 'window' or 'day' and nothing is
-- written. A replay (same client_request_id) answers the first order without
-- counting. A cancelled order stops counting, which frees its place.
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
  p_items jsonb,
  p_access_key_hash text,
  p_details jsonb,
  p_services_cost numeric,
  p_capacity jsonb
) returns jsonb
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_order public.orders;
  v_item record;
  v_product public.products;
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
    card_anonymous, substitution, services)
  values (p_client_request_id, p_user_id, p_subtotal, p_shipping_cost, coalesce(p_services_cost, 0),
    p_subtotal + p_shipping_cost + coalesce(p_services_cost, 0),
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
    v_services)
  on conflict (client_request_id) do nothing
  returning * into v_order;

  if v_order.id is null then
    select * into v_order from public.orders where client_request_id = p_client_request_id;
    v_replayed := true;
  else
    if v_books_place then
      select count(*) filter (where o.delivery_window = v_window), count(*)
        into v_window_taken, v_day_taken
        from public.orders o
        where o.delivery_date = v_date and o.delivery_method in ('home', 'cemetery') and o.status <> 'cancelled'
          and o.id <> v_order.id;
      if v_window_taken >= (p_capacity ->> 'window')::integer then
        raise exception 'slot_full' using errcode = 'P0001', detail = 'window';
      end if;
      if v_day_taken >= (p_capacity ->> 'day')::integer then
        raise exception 'slot_full' using errcode = 'P0001', detail = 'day';
      end if;
    end if;

    -- The services' prices were read from the settings by the caller; the cost must be their sum.
    select coalesce(sum((value ->> 'price')::numeric), 0) into v_services_cost from jsonb_array_elements(v_services);
    if v_services_cost <> coalesce(p_services_cost, 0) then
      raise exception 'services_cost_mismatch' using errcode = '22023';
    end if;

    if jsonb_typeof(p_items) <> 'array' or jsonb_array_length(p_items) = 0 then
      raise exception 'order has no items' using errcode = '22023';
    end if;

    -- Rows are locked in product id order, so two orders never wait on each other crosswise.
    for v_item in
      select (value ->> 'product_id')::uuid as product_id, (value ->> 'quantity')::integer as quantity,
        (value ->> 'price')::numeric as price
      from jsonb_array_elements(p_items) order by 1
    loop
      select * into v_product from public.products where id = v_item.product_id and active for update;
      if v_product.id is null then
        raise exception 'product_unavailable:%', v_item.product_id using errcode = 'P0001';
      end if;
      -- The caller priced the order from the catalogue; refuse if a price moved since.
      if v_product.price <> v_item.price then
        raise exception 'price_changed:%', v_product.id using errcode = 'P0001';
      end if;
      if not v_product.made_to_order and v_product.stock < v_item.quantity then
        v_short := v_short || jsonb_build_object('product_id', v_product.id, 'name', v_product.name, 'available', v_product.stock);
        continue;
      end if;
      if not v_product.made_to_order then
        update public.products set stock = stock - v_item.quantity where id = v_product.id;
      end if;
      insert into public.order_items (order_id, product_id, quantity, price, product_name, stock_reserved)
        values (v_order.id, v_product.id, v_item.quantity, v_product.price, v_product.name, not v_product.made_to_order);
      v_subtotal := v_subtotal + v_product.price * v_item.quantity;
    end loop;

    -- Every short line at once, so the customer can fix them in one go; nothing is written.
    if jsonb_array_length(v_short) > 0 then
      raise exception 'insufficient_stock' using errcode = 'P0001', detail = v_short::text;
    end if;

    if v_subtotal <> p_subtotal then
      raise exception 'subtotal_mismatch' using errcode = 'P0001';
    end if;
  end if;

  if p_access_key_hash is not null then
    insert into public.order_access_keys (order_id, key_hash) values (v_order.id, p_access_key_hash)
      on conflict do nothing;
  end if;

  return jsonb_build_object('order', to_jsonb(v_order), 'replayed', v_replayed);
end
$$;

revoke execute on function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb, text,
  jsonb, numeric, jsonb) from public, anon, authenticated;
grant execute on function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb, text,
  jsonb, numeric, jsonb) to service_role;

-- ---------------------------------------------------------------- booked places

-- The places taken per date and window between two dates (both included):
-- non-cancelled home and cemetery orders, the same count place_order makes.
-- The delivery-availability and place-order functions call it with the
-- service role (which bypasses RLS); no API role may.
create function public.delivery_booked_counts(p_from date, p_to date)
  returns table (day date, window_id text, booked integer)
  language sql stable security invoker
  set search_path = ''
as $$
  select o.delivery_date, o.delivery_window, count(*)::integer
  from public.orders o
  where o.delivery_date between p_from and p_to
    and o.delivery_method in ('home', 'cemetery')
    and o.delivery_window is not null
    and o.status <> 'cancelled'
  group by o.delivery_date, o.delivery_window
  order by o.delivery_date, o.delivery_window
$$;

revoke execute on function public.delivery_booked_counts(date, date) from public, anon, authenticated;
grant execute on function public.delivery_booked_counts(date, date) to service_role;
