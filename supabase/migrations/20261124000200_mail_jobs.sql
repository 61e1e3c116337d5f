-- The shop's mail as jobs (issue 18). An order never waits on a mail server:
-- triggers on public.orders only write a row here, in the order's own
-- transaction; the mail-dispatch Edge Function sends the due rows later and
-- records what happened. One row per (order, kind), so each mail is sent at
-- most once however often a status flips or a trigger fires.
--
-- Who runs mail-dispatch:
--   * place-order kicks it after storing an order, without waiting for it;
--   * locally, the backend calls it every ~10 s (server/local-backend/mail-dispatch-timer.ts);
--   * hosted, a pg_cron job calls it every minute through pg_net. Those
--     extensions are not in the local Postgres, so the job is not part of
--     this migration; the SQL is in supabase/mail-dispatch-schedule.sql (run
--     it once in the dashboard's SQL editor).

create table public.mail_jobs (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  -- The template (functions/_shared/mail/templates.ts).
  kind text not null check (kind in ('order-confirmation', 'owner-new-order', 'payment-received', 'status-processing',
    'status-cancelled', 'fulfilment-out-for-delivery', 'fulfilment-delivered', 'fulfilment-failed-attempt')),
  -- Fixed when the job is made: the customer's address, or the shop's (company_email) for owner-new-order.
  recipient text not null check (length(recipient) between 3 and 320),
  state text not null default 'pending' check (state in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  -- pending: when to try next; sending: when the claim lapses (a dispatcher that died mid-send).
  next_attempt_at timestamptz not null default now(),
  last_error text check (length(last_error) <= 1000),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (order_id, kind)
);
create index mail_jobs_due_idx on public.mail_jobs (next_attempt_at) where state in ('pending', 'sending');

alter table public.mail_jobs enable row level security;

-- The owner sees every mail and its state (admin); nobody else reads or writes through the API.
create policy "the owner reads mail jobs" on public.mail_jobs for select to authenticated
  using ((select public.is_admin()));

revoke all on public.mail_jobs from public, anon, authenticated;
grant select on public.mail_jobs to authenticated;
grant all on public.mail_jobs to service_role;

-- ---------------------------------------------------------------- triggers

-- Security definer, in the unexposed schema: the owner changes a status as
-- `authenticated`, which may not write mail_jobs itself.
create function private.enqueue_order_mail(p_order_id uuid, p_kind text, p_recipient text) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  insert into public.mail_jobs (order_id, kind, recipient)
    select p_order_id, p_kind, btrim(p_recipient)
    where length(btrim(coalesce(p_recipient, ''))) >= 3
  on conflict (order_id, kind) do nothing;
$$;

create function private.orders_enqueue_mail() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_owner_email text;
begin
  if tg_op = 'INSERT' then
    perform private.enqueue_order_mail(new.id, 'order-confirmation', new.customer_email);
    -- No company_email in the settings → no owner mail (nobody to send it to).
    select value into v_owner_email from public.app_settings where key = 'company_email';
    perform private.enqueue_order_mail(new.id, 'owner-new-order', v_owner_email);
    return null;
  end if;

  if new.status is distinct from old.status then
    if new.status = 'processing' then
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

revoke execute on function private.enqueue_order_mail(uuid, text, text), private.orders_enqueue_mail()
  from public, anon, authenticated;

create trigger orders_enqueue_mail_on_insert after insert on public.orders
  for each row execute function private.orders_enqueue_mail();
create trigger orders_enqueue_mail_on_update after update of status, payu_status, fulfilment_state on public.orders
  for each row execute function private.orders_enqueue_mail();

-- ---------------------------------------------------------------- dispatch

-- Takes up to p_limit due jobs for one dispatcher run: pending ones whose
-- time has come, and 'sending' ones whose claim lapsed (the run that took
-- them died). Rows another run holds are skipped, so concurrent runs never
-- send the same job. Each claimed job counts an attempt and is leased for
-- 5 minutes.
create function public.claim_mail_jobs(p_limit integer) returns setof public.mail_jobs
  language sql volatile security invoker
  set search_path = ''
as $$
  update public.mail_jobs j
    set state = 'sending', attempts = j.attempts + 1, next_attempt_at = now() + interval '5 minutes'
    where j.id in (
      select id from public.mail_jobs
        where state in ('pending', 'sending') and next_attempt_at <= now()
        order by next_attempt_at
        limit least(greatest(coalesce(p_limit, 20), 1), 100)
        for update skip locked
    )
  returning j.*;
$$;

-- Records a claimed job's outcome: p_error null → sent; otherwise pending
-- again after 30 s, 1, 2, 4… minutes (at most 6 hours apart), and failed
-- for good after 10 attempts. A job not in 'sending' is left alone.
create function public.finish_mail_job(p_id uuid, p_error text) returns void
  language sql volatile security invoker
  set search_path = ''
as $$
  update public.mail_jobs
    set state = case when p_error is null then 'sent' when attempts >= 10 then 'failed' else 'pending' end,
      sent_at = case when p_error is null then now() end,
      last_error = left(p_error, 1000),
      next_attempt_at = case when p_error is null then next_attempt_at
        else now() + least(interval '30 seconds' * power(2, greatest(attempts - 1, 0)), interval '6 hours') end
    where id = p_id and state = 'sending';
$$;

revoke execute on function public.claim_mail_jobs(integer), public.finish_mail_job(uuid, text) from public, anon, authenticated;
grant execute on function public.claim_mail_jobs(integer), public.finish_mail_job(uuid, text) to service_role;
