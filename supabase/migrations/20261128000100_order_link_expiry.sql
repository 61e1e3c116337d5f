-- Order links expire and the owner can revoke them (docs/order-links.md).
--
-- A link token opens the order page for order_link_days (default 90) after
-- the mail that carried it was rendered; order-page and the payment
-- functions check the age against this setting. revoke_order_links() lets
-- the shop owner cut every link of one order at once.

insert into public.app_settings (key, value) values ('order_link_days', '90') on conflict (key) do nothing;

-- ---------------------------------------------------------------- revoking
-- Deletes the order's link tokens and the device access keys handed out
-- after it was placed (the order page minted one per view before links could
-- be revoked). The key place_order stored for the device that placed the
-- order stays: it was written in the order's own transaction, so it shares
-- the order's created_at, and it is the customer's own device, not a link
-- that travelled. The service role only: the revoke-order-links function
-- calls it after checking that the caller is the shop owner.
create function public.revoke_order_links(p_order_id uuid) returns jsonb
  language plpgsql volatile security invoker
  set search_path = ''
as $$
declare
  v_created timestamptz;
  v_links integer;
  v_keys integer;
begin
  select created_at into v_created from public.orders where id = p_order_id for update;
  if v_created is null then
    raise exception 'order_not_found' using errcode = 'P0002';
  end if;
  delete from public.order_link_tokens where order_id = p_order_id;
  get diagnostics v_links = row_count;
  delete from public.order_access_keys where order_id = p_order_id and created_at <> v_created;
  get diagnostics v_keys = row_count;
  return jsonb_build_object('links', v_links, 'keys', v_keys);
end
$$;

revoke execute on function public.revoke_order_links(uuid) from public, anon, authenticated;
grant execute on function public.revoke_order_links(uuid) to service_role;
