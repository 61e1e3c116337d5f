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

-- place_order also records the key of the device that placed the order, in
-- the same transaction, on the first call and on every replay.
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
  v_item jsonb;
  v_product public.products;
  v_subtotal numeric(10, 2) := 0;
  v_replayed boolean := false;
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
