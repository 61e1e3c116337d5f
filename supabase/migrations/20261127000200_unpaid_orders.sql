-- Unpaid orders do not hold the shop hostage (docs/payments.md): an order
-- paid online that nobody paid within the payment's validity is cancelled,
-- which gives back its stock and its delivery place (the status triggers do
-- that) and tells the customer why ('status-cancelled' with the reason).
-- Called by the payments-reconcile function after it has asked the gateways
-- about every pending payment, so a payment that did go through is never
-- mistaken for an abandoned one.

create function public.expire_unpaid_online_orders(p_minutes integer, p_reason text) returns setof uuid
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
        and o.payment_method in ('payu', 'blik', 'card', 'stripe')
        and o.amount_paid = 0
        and o.created_at < now() - make_interval(mins => p_minutes)
        -- No attempt still open at a gateway, and none started within the window.
        and not exists (select 1 from public.payments p where p.order_id = o.id
          and (p.state in ('pending', 'completed') or p.created_at >= now() - make_interval(mins => p_minutes)))
      returning o.id;
end
$$;

revoke execute on function public.expire_unpaid_online_orders(integer, text) from public, anon, authenticated;
grant execute on function public.expire_unpaid_online_orders(integer, text) to service_role;

-- ---------------------------------------------------------------- what the checkout may know

-- Whether PayU REST takes a BLIK code typed in the shop decides whether the
-- checkout shows the 'Kod BLIK' field: two public facts, never a key.
create or replace function public.is_public_setting(setting_key text) returns boolean
  language sql immutable security invoker
  set search_path = ''
as $$
  select setting_key in ('company_name', 'company_address', 'company_phone', 'company_email',
    'company_website', 'store_hours', 'free_shipping_threshold', 'delivery_rate_per_km',
    'bank_account_number', 'bank_name', 'bank_account_holder', 'bank_address', 'bank_swift',
    'payu_api', 'payu_blik_code')
$$;
