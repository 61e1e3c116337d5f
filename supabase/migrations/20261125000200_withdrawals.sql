-- Withdrawal requests (issue 19; Directive (EU) 2023/2673, the "withdrawal
-- function", from 19 June 2026). A consumer tells the shop on /odstapienie
-- which ordered lines they return; the withdrawal-request Edge Function
-- decides each line by src/domain/withdrawal-right.ts and stores the request
-- here with what it accepted and what it refused (and why), then queues the
-- customer's confirmation and the owner's notice in public.mail_jobs, all in
-- one transaction (public.record_withdrawal_request).
--
-- Only the service role writes requests. The owner (is_admin()) reads them
-- and moves their state along; customers and visitors reach them only
-- through the function, which checks the order's number and email.

create table public.withdrawal_requests (
  id uuid primary key default gen_random_uuid(),
  sequence bigint generated always as identity unique,
  -- 'ODS-17': the number the customer is given and quotes.
  number text generated always as ('ODS-' || sequence::text) stored unique,
  -- A withdrawal is a legal record: the order cannot be deleted under it.
  order_id uuid not null references public.orders (id) on delete restrict,
  -- [{productId, name, quantity}] as decided when the request came in.
  accepted_lines jsonb not null check (jsonb_typeof(accepted_lines) = 'array' and jsonb_array_length(accepted_lines) > 0),
  -- [{productId, name, quantity, reason}]: what was asked for and refused, with the reason the customer was given.
  refused_lines jsonb not null default '[]' check (jsonb_typeof(refused_lines) = 'array'),
  reason text check (length(reason) <= 1000),
  -- What the answer said about the 14 days (received on…, or no receipt recorded).
  period_note text not null check (length(period_note) <= 500),
  state text not null default 'received' check (state in ('received', 'accepted', 'refunded', 'rejected')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index withdrawal_requests_order_idx on public.withdrawal_requests (order_id);
create index withdrawal_requests_created_idx on public.withdrawal_requests (created_at desc);

create trigger withdrawal_requests_touch before update on public.withdrawal_requests
  for each row execute function public.touch_updated_at();

alter table public.withdrawal_requests enable row level security;

create policy "the owner reads withdrawal requests" on public.withdrawal_requests for select to authenticated
  using ((select public.is_admin()));
create policy "the owner changes a withdrawal request's state" on public.withdrawal_requests for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

revoke all on public.withdrawal_requests from public, anon, authenticated;
grant select on public.withdrawal_requests to authenticated;
grant update (state) on public.withdrawal_requests to authenticated;
grant all on public.withdrawal_requests to service_role;

-- ---------------------------------------------------------------- mails

-- A withdrawal mail is about one request, not about the order as a whole:
-- the job carries that request's receipt (`details`, the same JSON the
-- function answered), and an order may get one pair of mails per request.
alter table public.mail_jobs add column details jsonb check (details is null or jsonb_typeof(details) = 'object');

alter table public.mail_jobs drop constraint mail_jobs_kind_check;
alter table public.mail_jobs add constraint mail_jobs_kind_check check (kind in ('order-confirmation', 'owner-new-order',
  'payment-received', 'status-processing', 'status-cancelled', 'fulfilment-out-for-delivery', 'fulfilment-delivered',
  'fulfilment-failed-attempt', 'order-link', 'withdrawal-received', 'owner-withdrawal'));

-- One per (order, kind) still holds for every mail about the order itself.
drop index public.mail_jobs_once_per_order_kind;
create unique index mail_jobs_once_per_order_kind on public.mail_jobs (order_id, kind)
  where kind not in ('order-link', 'withdrawal-received', 'owner-withdrawal');

-- The same function as before; its conflict target names the index's new predicate.
create or replace function private.enqueue_order_mail(p_order_id uuid, p_kind text, p_recipient text) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  insert into public.mail_jobs (order_id, kind, recipient)
    select p_order_id, p_kind, btrim(p_recipient)
    where length(btrim(coalesce(p_recipient, ''))) >= 3
  on conflict (order_id, kind) where kind not in ('order-link', 'withdrawal-received', 'owner-withdrawal') do nothing;
$$;

revoke execute on function private.enqueue_order_mail(uuid, text, text) from public, anon, authenticated;

-- ---------------------------------------------------------------- recording a request

-- Stores a decided request and queues its two mails (the customer's at the
-- order's own address, the owner's at company_email when set), in one
-- transaction. Answers the receipt the customer sees and the mails carry.
-- The service role only (withdrawal-request decides the lines first; this
-- refuses, with 'withdrawal_exceeds_order', pieces that are not in the order
-- or already in its other requests).
create function public.record_withdrawal_request(p_order_id uuid, p_accepted jsonb, p_refused jsonb, p_reason text,
  p_period_note text) returns jsonb
  language plpgsql volatile security invoker
  set search_path = ''
as $$
declare
  v_request public.withdrawal_requests;
  v_order public.orders;
  v_receipt jsonb;
  v_owner_email text;
begin
  -- The order's row lock makes two requests for the same order take turns:
  -- the second sees the first's lines and cannot take the same pieces again.
  select * into strict v_order from public.orders where id = p_order_id for update;
  if exists (
    select 1
      from jsonb_to_recordset(p_accepted) as a ("productId" uuid, quantity integer)
      left join public.order_items i on i.order_id = p_order_id and i.product_id = a."productId"
      where i.product_id is null or a.quantity + coalesce((
        select sum((line ->> 'quantity')::integer)
          from public.withdrawal_requests w, jsonb_array_elements(w.accepted_lines) as line
          where w.order_id = p_order_id and w.state <> 'rejected' and line ->> 'productId' = a."productId"::text), 0) > i.quantity
  ) then
    raise exception 'withdrawal_exceeds_order' using errcode = 'P0001';
  end if;
  insert into public.withdrawal_requests (order_id, accepted_lines, refused_lines, reason, period_note)
    values (p_order_id, p_accepted, coalesce(p_refused, '[]'), nullif(btrim(p_reason), ''), p_period_note)
    returning * into v_request;
  v_receipt := jsonb_build_object(
    'requestNumber', v_request.number,
    'orderNumber', v_order.payu_order_id,
    'createdAt', v_request.created_at,
    'periodNote', v_request.period_note,
    'reason', coalesce(v_request.reason, ''),
    'accepted', v_request.accepted_lines,
    'refused', v_request.refused_lines);
  insert into public.mail_jobs (order_id, kind, recipient, details)
    values (p_order_id, 'withdrawal-received', btrim(v_order.customer_email), v_receipt);
  select btrim(value) into v_owner_email from public.app_settings where key = 'company_email';
  if length(coalesce(v_owner_email, '')) >= 3 then
    insert into public.mail_jobs (order_id, kind, recipient, details) values (p_order_id, 'owner-withdrawal', v_owner_email, v_receipt);
  end if;
  return v_receipt;
end
$$;

revoke execute on function public.record_withdrawal_request(uuid, jsonb, jsonb, text, text) from public, anon, authenticated;
grant execute on function public.record_withdrawal_request(uuid, jsonb, jsonb, text, text) to service_role;
