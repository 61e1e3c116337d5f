-- Real stock. Until now products.stock was only shown. Now an order
-- reserves its pieces in the same transaction that writes it, under row
-- locks, so concurrent orders cannot sell more than there is; cancelling an
-- order returns them, and reopening a cancelled order takes them again (or
-- is refused). Products made to order (bouquets, wreaths, arrangements) do
-- not count stock.

alter table public.products add column made_to_order boolean not null default false;

-- Whether this line took pieces from stock when it was ordered, so a later
-- change of made_to_order never returns pieces that were never taken.
alter table public.order_items add column stock_reserved boolean not null default false;

-- place_order also records the access key of the device that placed the
-- order (order_access_keys), in the same transaction, on the first call and
-- on every replay.
drop function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb);

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
  p_access_key_hash text
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
    v_replayed := true;
  else
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

revoke execute on function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb, text)
  from public, anon, authenticated;
grant execute on function public.place_order(uuid, uuid, text, text, text, text, text, jsonb, text, numeric, numeric, jsonb, text)
  to service_role;

-- Cancelling returns the reserved pieces; leaving 'cancelled' takes them
-- again, or refuses the change when they are gone. In the database, so it
-- holds for the admin app and for a direct data-API update alike.
create function public.order_status_moves_stock() returns trigger
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
      where i.order_id = new.id and i.stock_reserved and p.id = i.product_id;
  elsif old.status = 'cancelled' and new.status <> 'cancelled' then
    for v_line in
      select p.id, p.name, p.stock, i.quantity
      from public.order_items i join public.products p on p.id = i.product_id
      where i.order_id = new.id and i.stock_reserved
      order by p.id
      for update of p
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
      where i.order_id = new.id and i.stock_reserved and p.id = i.product_id;
  end if;
  return new;
end
$$;

revoke execute on function public.order_status_moves_stock() from public, anon, authenticated;

create trigger orders_status_moves_stock before update of status on public.orders
  for each row when (old.status is distinct from new.status)
  execute function public.order_status_moves_stock();
