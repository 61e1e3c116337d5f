-- The owner's own phone and walk-in orders (orders.source <> 'online') send her no
-- 'owner-new-order' mail: she typed them in herself. The customer's mails are unchanged.
-- The rest of the function is as in 20261125000050_cancel_reason.sql.

create or replace function private.orders_enqueue_mail() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_owner_email text;
begin
  if tg_op = 'INSERT' then
    perform private.enqueue_order_mail(new.id, 'order-confirmation', new.customer_email);
    if new.source = 'online' then
      -- No company_email in the settings → no owner mail (nobody to send it to).
      select value into v_owner_email from public.app_settings where key = 'company_email';
      perform private.enqueue_order_mail(new.id, 'owner-new-order', v_owner_email);
    end if;
    return null;
  end if;

  if new.status is distinct from old.status then
    -- A gateway payment moves the order to processing right after it is
    -- recorded; its 'payment-received' mail already says so, so one mail, not two.
    if new.status = 'processing' and new.payu_status is distinct from 'COMPLETED' then
      perform private.enqueue_order_mail(new.id, 'status-processing', new.customer_email);
    elsif new.status = 'cancelled' then
      perform private.enqueue_order_mail(new.id, 'status-cancelled', new.customer_email);
    elsif new.status = 'completed' then
      -- 'completed' is what the owner picks as 'Opłacone' (src/domain/order-status.ts).
      perform private.enqueue_order_mail(new.id, 'payment-received', new.customer_email);
    end if;
  end if;
  -- A gateway's COMPLETED notification (functions/_shared/payments.ts) sets payu_status.
  if new.payu_status = 'COMPLETED' and old.payu_status is distinct from 'COMPLETED' then
    perform private.enqueue_order_mail(new.id, 'payment-received', new.customer_email);
  end if;
  if new.fulfilment_state is distinct from old.fulfilment_state
    and new.fulfilment_state in ('out-for-delivery', 'delivered', 'failed-attempt') then
    perform private.enqueue_order_mail(new.id, 'fulfilment-' || new.fulfilment_state, new.customer_email);
  end if;
  return null;
end
$$;
