-- 'Zwróciliśmy pieniądze' (docs/payments.md): one mail per refund once it is
-- completed, whether a gateway confirmed it or the owner recorded one made by
-- hand, carrying that refund's amount. An order may have several refunds, so
-- this kind is outside the one-per-order rule, as the withdrawal mails are.
-- A completed refund for an accepted withdrawal moves that withdrawal to
-- 'Zwrócono pieniądze', so the owner never marks it by hand without money sent.

alter table public.mail_jobs drop constraint mail_jobs_kind_check;
alter table public.mail_jobs add constraint mail_jobs_kind_check check (kind in ('order-confirmation', 'owner-new-order',
  'payment-received', 'refund-completed', 'status-processing', 'status-cancelled', 'fulfilment-out-for-delivery',
  'fulfilment-delivered', 'fulfilment-failed-attempt', 'order-link', 'withdrawal-received', 'owner-withdrawal'));

drop index public.mail_jobs_once_per_order_kind;
create unique index mail_jobs_once_per_order_kind on public.mail_jobs (order_id, kind)
  where kind not in ('order-link', 'withdrawal-received', 'owner-withdrawal', 'refund-completed');

create or replace function private.enqueue_order_mail(p_order_id uuid, p_kind text, p_recipient text) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  insert into public.mail_jobs (order_id, kind, recipient)
    select p_order_id, p_kind, btrim(p_recipient)
    where length(btrim(coalesce(p_recipient, ''))) >= 3
  on conflict (order_id, kind) where kind not in ('order-link', 'withdrawal-received', 'owner-withdrawal', 'refund-completed')
    do nothing;
$$;
revoke execute on function private.enqueue_order_mail(uuid, text, text) from public, anon, authenticated;

create function private.refunds_enqueue_mail() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_email text;
begin
  if new.state = 'completed' and (tg_op = 'INSERT' or old.state is distinct from 'completed') then
    select customer_email into v_email from public.orders where id = new.order_id;
    insert into public.mail_jobs (order_id, kind, recipient, details)
      select new.order_id, 'refund-completed', btrim(v_email),
        jsonb_build_object('amount', new.amount_grosz, 'manual', new.manual, 'refundedOn', new.refunded_on)
      where length(btrim(coalesce(v_email, ''))) >= 3;
    if new.withdrawal_id is not null then
      update public.withdrawal_requests set state = 'refunded' where id = new.withdrawal_id and state = 'accepted';
    end if;
  end if;
  return null;
end
$$;
revoke execute on function private.refunds_enqueue_mail() from public, anon, authenticated;

create trigger refunds_enqueue_mail after insert or update of state on public.refunds
  for each row execute function private.refunds_enqueue_mail();
