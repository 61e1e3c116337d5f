-- Orders the owner enters herself: by phone and in the shop (docs/florist-day.md, decision 032).
--
-- They go through the same place_order as the shop's orders, so they are
-- priced, booked and checked by the same rules. What differs is passed in
-- p_owner and recorded on the order:
--   source             'phone' or 'shop' (the shop's own orders stay 'online')
--   capacity_override  the owner confirmed booking a full window; the time she did is kept
--   custom_line        'Bukiet na zamówienie': her description and price, as a line of the
--                      hidden custom product (so every list, print and mail shows it as a line)
--   discount           grosz off the total, with a reason
--   payment            'cash' or 'terminal': paid at the counter, entered in the ledger as paid
-- A walk-in customer may leave no email or phone.

alter table public.orders add column source text not null default 'online' check (source in ('online', 'phone', 'shop'));
alter table public.orders add column capacity_override_at timestamptz;
alter table public.orders add column discount numeric(10, 2) not null default 0 check (discount >= 0);
alter table public.orders add column discount_reason text
  check (discount_reason is null or length(btrim(discount_reason)) between 3 and 300);
alter table public.orders add constraint orders_discount_has_reason check (discount = 0 or discount_reason is not null);
-- Only the owner books past a full window.
alter table public.orders add constraint orders_override_by_owner check (capacity_override_at is null or source <> 'online');

alter table public.orders drop constraint orders_total_adds_up;
alter table public.orders add constraint orders_total_adds_up check (total = subtotal + shipping_cost + services_cost - discount);

-- A walk-in may give no email or phone ('' then; the mail trigger skips an empty recipient). Online orders still need both.
alter table public.orders drop constraint orders_customer_email_check;
alter table public.orders drop constraint orders_customer_phone_check;
alter table public.orders add constraint orders_customer_email_check
  check (length(customer_email) between 3 and 320 or (customer_email = '' and source <> 'online'));
alter table public.orders add constraint orders_customer_phone_check
  check (length(customer_phone) between 9 and 40 or (customer_phone = '' and source <> 'online'));

-- The custom bouquet's product: never active, so the shop never lists or sells it; only p_owner prices it.
insert into public.products (id, name, description, price, category, active, made_to_order)
  values ('b0b0e7a0-0000-4000-8000-000000000001', 'Bukiet na zamówienie', 'Pozycja zamówień przyjętych przez kwiaciarnię', 0,
    'live-flowers', false, true)
  on conflict (id) do nothing;

drop function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb, text,
  jsonb, numeric, jsonb, text);

-- Unchanged from 20261128000200 except what p_owner adds (null for the shop's own orders).
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
      v_price := public.product_current_price(v_product);
      -- The caller priced the order from the catalogue (promotions included); refuse if a price moved since.
      if v_price <> v_item.price then
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
        values (v_order.id, v_product.id, v_item.quantity, v_price, v_product.name, not v_product.made_to_order);
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

revoke execute on function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb, text,
  jsonb, numeric, jsonb, text, jsonb) from public, anon, authenticated;
grant execute on function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb, text,
  jsonb, numeric, jsonb, text, jsonb) to service_role;

-- A payment link the owner mailed waits for the customer she spoke to, not the checkout's 40 minutes:
-- unchanged from 20261127000200 except that only the shop's own orders expire.
create or replace function public.expire_unpaid_online_orders(p_minutes integer, p_reason text) returns setof uuid
  language plpgsql security invoker
  set search_path = ''
as $$
begin
  if p_minutes is null or p_minutes < 30 then
    raise exception 'expiry_minutes' using errcode = '22023';
  end if;
  return query
    update public.orders o
      set status = 'cancelled', cancel_reason = p_reason
      where o.status = 'pending'
        and o.source = 'online'
        and o.payment_method in ('payu', 'blik', 'card', 'stripe')
        and o.amount_paid = 0
        and o.created_at < now() - make_interval(mins => p_minutes)
        -- No attempt still open at a gateway, and none started within the window.
        and not exists (select 1 from public.payments p where p.order_id = o.id
          and (p.state in ('pending', 'completed') or p.created_at >= now() - make_interval(mins => p_minutes)))
      returning o.id;
end
$$;

-- An order the owner typed in herself needs no push to her own phone; the shop's own orders still push.
create or replace function private.order_wants_push(p_order public.orders) returns boolean
  language sql stable security invoker
  set search_path = ''
as $$
  select p_order.source = 'online';
$$;
