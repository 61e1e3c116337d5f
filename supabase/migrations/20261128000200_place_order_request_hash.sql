-- Replays of place-order must repeat the request (docs/order-links.md).
--
-- place-order is idempotent on client_request_id. Until now any body under a
-- known key was answered with that order and a fresh device key, so whoever
-- learnt another order's key got its number, totals and a key to pay it.
-- The order now keeps the SHA-256 of its canonical request (request_hash,
-- computed by the function from the parsed body); a replay with another hash
-- is refused with 'request_mismatch', and one with the same hash stores no new
-- key (the function derives the same key for the same request). Orders placed
-- before this migration have no hash: a replay of one is refused too.

alter table public.orders add column request_hash text check (request_hash ~ '^[0-9a-f]{64}$');

drop function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb, text,
  jsonb, numeric, jsonb);

-- Unchanged from 20261125000100 except: request_hash stored, and compared on a replay.
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
  p_request_hash text
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
    card_anonymous, substitution, services, invoice, request_hash)
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
    v_services,
    nullif(v_details -> 'invoice', 'null'::jsonb),
    p_request_hash)
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
  jsonb, numeric, jsonb, text) from public, anon, authenticated;
grant execute on function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb, text,
  jsonb, numeric, jsonb, text) to service_role;
