-- Web Push to the owner's devices (docs/push.md, decision 030): a new order
-- placed online, a payment received through a gateway, a withdrawal request.
--
-- Like the mail (20261124000200_mail_jobs.sql), a push never costs an order:
-- triggers only write a job per device in the event's own transaction; the
-- push-dispatch Edge Function encrypts and sends the due jobs later and
-- records what the push service answered. A device the push service no
-- longer knows (404, 410) is removed with its jobs.

-- ---------------------------------------------------------------- devices

-- One row per browser the owner allowed: the PushSubscription it gave.
create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- The push service's address for this browser. https in production; plain http only on loopback
  -- (the local test push service).
  endpoint text not null unique check (length(endpoint) <= 2048
    and (endpoint ~ '^https://[^/]+/' or endpoint ~ '^http://(127\.0\.0\.1|localhost)(:[0-9]+)?/')),
  -- The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url as the browser gives them.
  p256dh text not null check (p256dh ~ '^[A-Za-z0-9_-]{86,88}=*$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{16,32}=*$'),
  -- What the owner reads in the list ('Chrome na Androidzie'), from the device itself.
  device_label text not null check (length(device_label) between 1 and 120),
  created_at timestamptz not null default now(),
  last_success_at timestamptz,
  last_error_at timestamptz,
  last_error text check (length(last_error) <= 300)
);
create index push_subscriptions_user_idx on public.push_subscriptions (user_id);

alter table public.push_subscriptions enable row level security;

-- The shop's devices are the owner's business alone; a device is added only under one's own account.
create policy "the owner reads push devices" on public.push_subscriptions for select to authenticated
  using ((select public.is_admin()));
create policy "the owner adds a push device" on public.push_subscriptions for insert to authenticated
  with check ((select public.is_admin()) and user_id = (select auth.uid()));
create policy "the owner renews a push device" on public.push_subscriptions for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "the owner removes a push device" on public.push_subscriptions for delete to authenticated
  using ((select public.is_admin()));

revoke all on public.push_subscriptions from public, anon, authenticated;
grant select, delete on public.push_subscriptions to authenticated;
-- A browser renews its subscription's keys under the same endpoint (an upsert); the results are the dispatcher's.
grant insert (endpoint, p256dh, auth, device_label), update (endpoint, p256dh, auth, device_label)
  on public.push_subscriptions to authenticated;
grant all on public.push_subscriptions to service_role;

-- ---------------------------------------------------------------- jobs

create table public.push_jobs (
  id uuid primary key default gen_random_uuid(),
  subscription_id uuid not null references public.push_subscriptions (id) on delete cascade,
  -- What the notification says (src/domain/push-notification.ts).
  kind text not null check (kind in ('new-order', 'payment-received', 'withdrawal-request', 'test')),
  -- The order, payment or withdrawal request the push is about; null for a test.
  event_id uuid,
  -- The few facts the notification shows, as they were when it happened (a lock screen shows them: no personal data).
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
  state text not null default 'pending' check (state in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  -- pending: when to try next; sending: when the claim lapses (a dispatcher that died mid-send).
  next_attempt_at timestamptz not null default now(),
  last_error text check (length(last_error) <= 300),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  -- One push per device and event, however often a trigger fires (a test has no event and may repeat).
  unique (subscription_id, kind, event_id)
);
create index push_jobs_due_idx on public.push_jobs (next_attempt_at) where state in ('pending', 'sending');

alter table public.push_jobs enable row level security;

create policy "the owner reads push jobs" on public.push_jobs for select to authenticated
  using ((select public.is_admin()));

revoke all on public.push_jobs from public, anon, authenticated;
grant select on public.push_jobs to authenticated;
grant all on public.push_jobs to service_role;

-- ---------------------------------------------------------------- triggers

-- One job per device; security definer because the events are written by
-- roles that may not see the devices (place_order's service role does,
-- a gateway's ledger function or the owner's update may not).
create function private.enqueue_push(p_kind text, p_event_id uuid, p_details jsonb) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  insert into public.push_jobs (subscription_id, kind, event_id, details)
    select s.id, p_kind, p_event_id, p_details from public.push_subscriptions s
  on conflict (subscription_id, kind, event_id) do nothing;
$$;

-- Which new orders the owner hears about: the one place to decide it.
-- Every order in this table today was placed online through place-order;
-- an order the owner types in herself (phone, walk-in) needs no push and
-- is to be left out here.
create function private.order_wants_push(p_order public.orders) returns boolean
  language sql stable security invoker
  set search_path = ''
as $$
  select p_order.id is not null;
$$;

create function private.orders_enqueue_push() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if private.order_wants_push(new) then
    perform private.enqueue_push('new-order', new.id, jsonb_build_object(
      'orderId', new.id,
      'number', new.payu_order_id,
      'totalGrosz', round(new.total * 100)::bigint,
      'deliveryMethod', new.delivery_method,
      'deliveryDate', new.delivery_date,
      'window', coalesce(new.delivery_window_label, new.pickup_time)));
  end if;
  return null;
end
$$;

-- A payment the owner recorded herself ('manual': transfer, cash, terminal) is news to nobody.
create function private.payments_enqueue_push() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_number text;
begin
  if new.state = 'completed' and new.provider <> 'manual'
    and (tg_op = 'INSERT' or old.state is distinct from 'completed') then
    select payu_order_id into v_number from public.orders where id = new.order_id;
    perform private.enqueue_push('payment-received', new.id, jsonb_build_object(
      'orderId', new.order_id, 'number', v_number, 'amountGrosz', new.amount_grosz, 'method', new.method));
  end if;
  return null;
end
$$;

create function private.withdrawals_enqueue_push() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_number text;
begin
  select payu_order_id into v_number from public.orders where id = new.order_id;
  perform private.enqueue_push('withdrawal-request', new.id, jsonb_build_object(
    'orderId', new.order_id, 'number', v_number, 'requestNumber', new.number,
    'pieces', (select coalesce(sum((line ->> 'quantity')::integer), 0) from jsonb_array_elements(new.accepted_lines) line)));
  return null;
end
$$;

revoke execute on function private.enqueue_push(text, uuid, jsonb), private.order_wants_push(public.orders),
  private.orders_enqueue_push(), private.payments_enqueue_push(), private.withdrawals_enqueue_push()
  from public, anon, authenticated;

create trigger orders_enqueue_push after insert on public.orders
  for each row execute function private.orders_enqueue_push();
create trigger payments_enqueue_push after insert or update of state on public.payments
  for each row execute function private.payments_enqueue_push();
create trigger withdrawals_enqueue_push after insert on public.withdrawal_requests
  for each row execute function private.withdrawals_enqueue_push();

-- ---------------------------------------------------------------- dispatch

-- Takes up to p_limit due jobs with their device, as claim_mail_jobs does:
-- rows another run holds are skipped; each claim counts an attempt and is
-- leased for 2 minutes.
create function public.claim_push_jobs(p_limit integer)
  returns table (id uuid, kind text, details jsonb, attempts integer, endpoint text, p256dh text, auth text)
  language sql volatile security invoker
  set search_path = ''
as $$
  with claimed as (
    update public.push_jobs j
      set state = 'sending', attempts = j.attempts + 1, next_attempt_at = now() + interval '2 minutes'
      where j.id in (
        select due.id from public.push_jobs due
          where due.state in ('pending', 'sending') and due.next_attempt_at <= now()
          order by due.next_attempt_at
          limit least(greatest(coalesce(p_limit, 20), 1), 100)
          for update skip locked
      )
    returning j.id, j.kind, j.details, j.attempts, j.subscription_id
  )
  select c.id, c.kind, c.details, c.attempts, s.endpoint, s.p256dh, s.auth
    from claimed c join public.push_subscriptions s on s.id = c.subscription_id;
$$;

-- Records what the push service answered a claimed job (p_status null: no
-- answer at all) and returns what became of it:
--   2xx → 'sent'; 404/410 → 'removed' (the device is deleted, its jobs with it);
--   429, 5xx, no answer → 'pending' again after 30 s, 1, 2, 4… minutes,
--   'failed' after the 6th attempt (a push about an order hours late helps nobody;
--   the owner's mail still tells her);
--   any other answer → 'failed' at once (retrying the same request cannot help).
-- The device keeps its last success and last error for the owner's list.
create function public.finish_push_job(p_id uuid, p_status integer, p_error text) returns text
  language plpgsql volatile security invoker
  set search_path = ''
as $$
declare
  v_job public.push_jobs;
  v_state text;
begin
  select * into v_job from public.push_jobs where id = p_id and state = 'sending' for update;
  if not found then
    return 'ignored';
  end if;
  if p_status between 200 and 299 then
    update public.push_jobs set state = 'sent', sent_at = now(), last_error = null where id = p_id;
    update public.push_subscriptions set last_success_at = now() where id = v_job.subscription_id;
    return 'sent';
  end if;
  if p_status in (404, 410) then
    delete from public.push_subscriptions where id = v_job.subscription_id;
    return 'removed';
  end if;
  v_state := case
    when (p_status is null or p_status = 429 or p_status >= 500) and v_job.attempts < 6 then 'pending'
    else 'failed' end;
  update public.push_jobs
    set state = v_state, last_error = left(coalesce(p_error, 'HTTP ' || p_status), 300),
      next_attempt_at = now() + least(interval '30 seconds' * power(2, greatest(v_job.attempts - 1, 0)), interval '1 hour')
    where id = p_id;
  update public.push_subscriptions
    set last_error_at = now(), last_error = left(coalesce(p_error, 'HTTP ' || p_status), 300)
    where id = v_job.subscription_id;
  return v_state;
end
$$;

revoke execute on function public.claim_push_jobs(integer), public.finish_push_job(uuid, integer, text) from public, anon, authenticated;
grant execute on function public.claim_push_jobs(integer), public.finish_push_job(uuid, integer, text) to service_role;
