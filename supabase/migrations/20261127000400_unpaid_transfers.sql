-- Unpaid bank transfers (docs/payments.md): the payments-reconcile function
-- decides, by src/domain/payment-deadlines.ts (working days, Polish public
-- holidays, the delivery date), when an order waiting for a transfer gets a
-- reminder and when it is given up. These two functions only act, and only on
-- an order that is still pending with nothing paid.

alter table public.mail_jobs drop constraint mail_jobs_kind_check;
alter table public.mail_jobs add constraint mail_jobs_kind_check check (kind in ('order-confirmation', 'owner-new-order',
  'payment-received', 'refund-completed', 'transfer-reminder', 'status-processing', 'status-cancelled',
  'fulfilment-out-for-delivery', 'fulfilment-delivered', 'fulfilment-failed-attempt', 'order-link', 'withdrawal-received',
  'owner-withdrawal'));

-- One reminder per order: the one-per-order index makes a repeat do nothing.
create function public.remind_unpaid_transfer(p_order_id uuid, p_pay_by timestamptz) returns boolean
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_inserted integer;
begin
  insert into public.mail_jobs (order_id, kind, recipient, details)
    select o.id, 'transfer-reminder', btrim(o.customer_email), jsonb_build_object('payBy', p_pay_by)
    from public.orders o
    where o.id = p_order_id and o.status = 'pending' and o.payment_method = 'transfer' and o.amount_paid = 0
      and length(btrim(o.customer_email)) >= 3
  on conflict (order_id, kind) where kind not in ('order-link', 'withdrawal-received', 'owner-withdrawal', 'refund-completed')
    do nothing;
  get diagnostics v_inserted = row_count;
  return v_inserted > 0;
end
$$;

create function public.cancel_unpaid_transfer(p_order_id uuid, p_reason text) returns boolean
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_updated integer;
begin
  update public.orders set status = 'cancelled', cancel_reason = p_reason
    where id = p_order_id and status = 'pending' and payment_method = 'transfer' and amount_paid = 0;
  get diagnostics v_updated = row_count;
  return v_updated > 0;
end
$$;

revoke execute on function public.remind_unpaid_transfer(uuid, timestamptz) from public, anon, authenticated;
revoke execute on function public.cancel_unpaid_transfer(uuid, text) from public, anon, authenticated;
grant execute on function public.remind_unpaid_transfer(uuid, timestamptz) to service_role;
grant execute on function public.cancel_unpaid_transfer(uuid, text) to service_role;

insert into public.app_settings (key, value) values ('transfer_payment_days', '3') on conflict (key) do nothing;
