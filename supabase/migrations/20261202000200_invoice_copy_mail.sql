-- The customer's copy of an invoice (docs/invoices-ksef.md): once KSeF has
-- accepted it, the buyer gets a mail with the invoice's PDF, in the
-- transaction that records the acceptance (like every other mail, the job is
-- a row here; mail-dispatch renders the PDF when it sends). 'invoice' for
-- the VAT invoice (one per order), 'invoice-correction' for each accepted
-- correction, which an order may have several of: both carry the invoice's
-- id, and one job per invoice is the rule.

alter table public.mail_jobs drop constraint mail_jobs_kind_check;
alter table public.mail_jobs add constraint mail_jobs_kind_check check (kind in ('order-confirmation', 'owner-new-order',
  'payment-received', 'refund-completed', 'transfer-reminder', 'status-processing', 'status-cancelled',
  'fulfilment-out-for-delivery', 'fulfilment-delivered', 'fulfilment-failed-attempt', 'order-link', 'withdrawal-received',
  'owner-withdrawal', 'photo-before-dispatch', 'photo-after-delivery', 'invoice', 'invoice-correction'));

-- Corrections leave the one-per-(order, kind) rule; the functions that insert through it name the same predicate.
drop index public.mail_jobs_once_per_order_kind;
create unique index mail_jobs_once_per_order_kind on public.mail_jobs (order_id, kind)
  where kind not in ('order-link', 'withdrawal-received', 'owner-withdrawal', 'refund-completed', 'invoice-correction');
create unique index mail_jobs_once_per_invoice on public.mail_jobs ((details ->> 'invoiceId'))
  where kind in ('invoice', 'invoice-correction');

create or replace function private.enqueue_order_mail(p_order_id uuid, p_kind text, p_recipient text) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  insert into public.mail_jobs (order_id, kind, recipient)
    select p_order_id, p_kind, btrim(p_recipient)
    where length(btrim(coalesce(p_recipient, ''))) >= 3
  on conflict (order_id, kind)
    where kind not in ('order-link', 'withdrawal-received', 'owner-withdrawal', 'refund-completed', 'invoice-correction')
    do nothing;
$$;
revoke execute on function private.enqueue_order_mail(uuid, text, text) from public, anon, authenticated;

create or replace function public.remind_unpaid_transfer(p_order_id uuid, p_pay_by timestamptz) returns boolean
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
  on conflict (order_id, kind)
    where kind not in ('order-link', 'withdrawal-received', 'owner-withdrawal', 'refund-completed', 'invoice-correction')
    do nothing;
  get diagnostics v_inserted = row_count;
  return v_inserted > 0;
end
$$;

-- An invoice KSeF accepted: its mail, once, to the order's customer.
create function private.invoices_enqueue_mail() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_email text;
begin
  if new.state = 'accepted' and (tg_op = 'INSERT' or old.state is distinct from 'accepted') then
    select customer_email into v_email from public.orders where id = new.order_id;
    insert into public.mail_jobs (order_id, kind, recipient, details)
      select new.order_id, case new.kind when 'KOR' then 'invoice-correction' else 'invoice' end, btrim(v_email),
        jsonb_build_object('invoiceId', new.id, 'number', new.number, 'ksefNumber', new.ksef_number)
      where length(btrim(coalesce(v_email, ''))) >= 3
    on conflict ((details ->> 'invoiceId')) where kind in ('invoice', 'invoice-correction') do nothing;
  end if;
  return null;
end
$$;
revoke execute on function private.invoices_enqueue_mail() from public, anon, authenticated;

create trigger invoices_enqueue_mail after insert or update of state on public.invoices
  for each row execute function private.invoices_enqueue_mail();
