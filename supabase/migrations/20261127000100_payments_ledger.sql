-- One payments ledger (docs/payments.md). Every gateway — PayU REST, PayU
-- classic, Stripe — and every payment the owner records by hand (a transfer
-- that arrived, cash, a card terminal) writes here through the same SQL
-- functions, so a repeat, a replay or a late notice is harmless wherever it
-- comes from, and the order's paid state is derived from what was really
-- received, never from the order's status.
--
-- Money is integer grosz here (orders keep their numeric(10,2) PLN columns,
-- compared as round(total * 100)). Only the service role and the owner's
-- SQL functions write; the owner reads everything; a customer reads the
-- payments of their own orders; nobody writes through the API.

-- ---------------------------------------------------------------- tables

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete restrict,
  provider text not null check (provider in ('payu-rest', 'payu-classic', 'stripe', 'manual')),
  -- PayU's orderId, classic's session id, Stripe's Checkout Session id; a manual payment's own id.
  provider_payment_id text not null check (length(provider_payment_id) between 1 and 200),
  -- Stripe's payment intent: what a refund is made against.
  provider_charge_id text check (length(provider_charge_id) <= 200),
  method text not null check (method in ('payu', 'stripe', 'blik', 'card', 'transfer', 'cash', 'cod', 'terminal')),
  amount_grosz bigint not null check (amount_grosz > 0),
  currency text not null default 'PLN' check (currency = 'PLN'),
  state text not null default 'pending' check (state in ('pending', 'completed', 'canceled', 'rejected')),
  -- A manual payment: the Warsaw date the owner says the money arrived, and who recorded it.
  received_on date,
  recorded_by uuid references auth.users (id) on delete set null,
  note text check (length(note) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  unique (provider, provider_payment_id),
  check ((provider = 'manual') = (received_on is not null))
);
create index payments_order_idx on public.payments (order_id);
create index payments_pending_idx on public.payments (created_at) where state = 'pending';
create index payments_created_idx on public.payments (created_at desc);

create table public.refunds (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null references public.payments (id) on delete restrict,
  order_id uuid not null references public.orders (id) on delete restrict,
  withdrawal_id uuid references public.withdrawal_requests (id) on delete restrict,
  amount_grosz bigint not null check (amount_grosz > 0),
  currency text not null default 'PLN' check (currency = 'PLN'),
  state text not null default 'pending' check (state in ('pending', 'completed', 'failed')),
  -- Recorded by the owner (a transfer back, cash): the shop sent nothing itself.
  manual boolean not null default false,
  refunded_on date,
  provider_refund_id text check (length(provider_refund_id) <= 200),
  reason text check (length(reason) <= 500),
  recorded_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  check (not manual or refunded_on is not null)
);
create index refunds_order_idx on public.refunds (order_id);
create index refunds_payment_idx on public.refunds (payment_id);

-- What each provider told the shop, once per event id: the evidence behind
-- every change, and what makes a repeat harmless.
create table public.payment_events (
  id uuid primary key default gen_random_uuid(),
  provider text not null check (provider in ('payu-rest', 'payu-classic', 'stripe', 'manual')),
  event_id text not null check (length(event_id) between 1 and 300),
  order_id uuid references public.orders (id) on delete restrict,
  payment_id uuid references public.payments (id) on delete restrict,
  refund_id uuid references public.refunds (id) on delete restrict,
  -- 'applied', or why it changed nothing.
  outcome text not null,
  content jsonb,
  received_at timestamptz not null default now(),
  unique (provider, event_id)
);
create index payment_events_order_idx on public.payment_events (order_id);

create trigger payments_touch before update on public.payments
  for each row execute function public.touch_updated_at();
create trigger refunds_touch before update on public.refunds
  for each row execute function public.touch_updated_at();

-- The order's money, derived from the ledger by private.sync_order_money
-- only: what was received and what went back, in grosz.
alter table public.orders add column amount_paid bigint not null default 0 check (amount_paid >= 0);
alter table public.orders add column amount_refunded bigint not null default 0 check (amount_refunded >= 0);

-- ---------------------------------------------------------------- RLS

alter table public.payments enable row level security;
alter table public.refunds enable row level security;
alter table public.payment_events enable row level security;

create policy "the owner reads payments, a customer those of their own orders" on public.payments for select to authenticated
  using ((select public.is_admin()) or exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid())));
create policy "the owner reads refunds, a customer those of their own orders" on public.refunds for select to authenticated
  using ((select public.is_admin()) or exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid())));
create policy "the owner reads payment events" on public.payment_events for select to authenticated
  using ((select public.is_admin()));

revoke all on public.payments, public.refunds, public.payment_events from public, anon, authenticated;
grant select on public.payments, public.refunds, public.payment_events to authenticated;
grant all on public.payments, public.refunds, public.payment_events to service_role;

-- The payment state is the ledger's now: the owner's API may no longer write it.
revoke update (payu_status) on public.orders from authenticated;

-- ---------------------------------------------------------------- deriving the order's money

-- Recomputes amount_paid and amount_refunded from the ledger. Once what was
-- received covers the total, the order is paid: payu_status becomes
-- COMPLETED (the 'payment-received' mail's trigger) and a pending order
-- moves to processing. A payment that is not complete only mirrors the
-- newest online attempt's state into payu_status, never over COMPLETED.
create function private.sync_order_money(p_order_id uuid) returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_order public.orders;
  v_paid bigint;
  v_refunded bigint;
  v_latest text;
begin
  select * into v_order from public.orders where id = p_order_id;
  select coalesce(sum(amount_grosz), 0) into v_paid from public.payments
    where order_id = p_order_id and state = 'completed';
  select coalesce(sum(amount_grosz), 0) into v_refunded from public.refunds
    where order_id = p_order_id and state = 'completed';
  select upper(state) into v_latest from public.payments
    where order_id = p_order_id and provider <> 'manual' order by created_at desc, id desc limit 1;

  update public.orders set amount_paid = v_paid, amount_refunded = v_refunded
    where id = p_order_id and (amount_paid, amount_refunded) is distinct from (v_paid, v_refunded);

  if v_paid > 0 and v_paid >= round(v_order.total * 100) then
    update public.orders set payu_status = 'COMPLETED'
      where id = p_order_id and payu_status is distinct from 'COMPLETED';
    update public.orders set status = 'processing' where id = p_order_id and status = 'pending';
  elsif v_latest is not null then
    update public.orders set payu_status = v_latest
      where id = p_order_id and payu_status is distinct from 'COMPLETED' and payu_status is distinct from v_latest;
  end if;
end
$$;

-- ---------------------------------------------------------------- gateways (service role)

-- The public functions below run as their caller, the service role (the
-- payment functions); no API role may call them. Only the derivation in
-- schema private runs as its owner.

-- A payment started at a gateway: its pending row, which the reconciliation
-- asks about later. Starting the same id again changes nothing; the order's
-- payu_status moves only with what the gateway reports.
create function public.ledger_start_payment(p_order_id uuid, p_provider text, p_provider_payment_id text,
  p_method text, p_amount bigint) returns text
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_total bigint;
begin
  select round(total * 100) into v_total from public.orders where id = p_order_id for update;
  if not found then return 'order_not_found'; end if;
  if p_amount <> v_total then return 'amount_mismatch'; end if;
  insert into public.payments (order_id, provider, provider_payment_id, method, amount_grosz)
    values (p_order_id, p_provider, p_provider_payment_id, p_method, p_amount)
    on conflict (provider, provider_payment_id) do nothing;
  return 'applied';
end
$$;

-- A verified gateway event about a payment. The order is locked, so two
-- notices of one order apply one after the other. Nothing changes for a
-- repeated event id, an amount or currency other than the stored order's,
-- or a payment id already recorded for another order; a completed payment
-- stays completed. The event is kept with its outcome either way.
create function public.ledger_apply_payment_event(p_provider text, p_event_id text, p_order_id uuid,
  p_provider_payment_id text, p_method text, p_amount bigint, p_currency text, p_state text,
  p_charge_id text, p_content jsonb) returns text
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_total bigint;
  v_event_id uuid;
  v_payment public.payments;
  v_outcome text := 'applied';
begin
  if p_state not in ('pending', 'completed', 'canceled', 'rejected') then
    raise exception 'unknown payment state %', p_state using errcode = '22023';
  end if;
  select round(total * 100) into v_total from public.orders where id = p_order_id for update;

  insert into public.payment_events (provider, event_id, order_id, outcome, content)
    values (p_provider, p_event_id, case when v_total is null then null else p_order_id end, 'pending', p_content)
    on conflict (provider, event_id) do nothing
    returning id into v_event_id;
  if v_event_id is null then return 'duplicate'; end if;

  select * into v_payment from public.payments where provider = p_provider and provider_payment_id = p_provider_payment_id;
  if v_total is null then
    v_outcome := 'order_not_found';
  elsif upper(coalesce(p_currency, '')) <> 'PLN' then
    v_outcome := 'currency_mismatch';
  elsif p_amount is distinct from v_total then
    v_outcome := 'amount_mismatch';
  elsif v_payment.id is not null and v_payment.order_id <> p_order_id then
    v_outcome := 'payment_mismatch';
  end if;

  if v_outcome = 'applied' then
    -- A session the shop never recorded (paid from another device) is recorded now.
    insert into public.payments (order_id, provider, provider_payment_id, provider_charge_id, method, amount_grosz, state, completed_at)
      values (p_order_id, p_provider, p_provider_payment_id, p_charge_id, p_method, p_amount, p_state,
        case when p_state = 'completed' then now() end)
      on conflict (provider, provider_payment_id) do update
        set state = case when public.payments.state = 'completed' then 'completed' else excluded.state end,
          provider_charge_id = coalesce(excluded.provider_charge_id, public.payments.provider_charge_id),
          completed_at = coalesce(public.payments.completed_at, excluded.completed_at)
      returning * into v_payment;
    perform private.sync_order_money(p_order_id);
  end if;

  update public.payment_events set outcome = v_outcome, payment_id = v_payment.id where id = v_event_id;
  return v_outcome;
end
$$;

-- A verified refund outcome from a gateway, for a refund the shop asked for
-- (found by the shop's own refund id). A completed refund stays completed.
create function public.ledger_apply_refund_event(p_provider text, p_event_id text, p_refund_id uuid,
  p_provider_refund_id text, p_amount bigint, p_currency text, p_state text, p_content jsonb) returns text
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_refund public.refunds;
  v_event_id uuid;
  v_outcome text := 'applied';
begin
  if p_state not in ('pending', 'completed', 'failed') then
    raise exception 'unknown refund state %', p_state using errcode = '22023';
  end if;
  select * into v_refund from public.refunds where id = p_refund_id;
  if found then
    perform 1 from public.orders where id = v_refund.order_id for update;
  end if;

  insert into public.payment_events (provider, event_id, order_id, refund_id, outcome, content)
    values (p_provider, p_event_id, v_refund.order_id, v_refund.id, 'pending', p_content)
    on conflict (provider, event_id) do nothing
    returning id into v_event_id;
  if v_event_id is null then return 'duplicate'; end if;

  if v_refund.id is null then
    v_outcome := 'refund_not_found';
  elsif upper(coalesce(p_currency, '')) <> v_refund.currency then
    v_outcome := 'currency_mismatch';
  elsif p_amount is distinct from v_refund.amount_grosz then
    v_outcome := 'amount_mismatch';
  else
    update public.refunds
      set state = case when state = 'completed' then 'completed' else p_state end,
        provider_refund_id = coalesce(provider_refund_id, p_provider_refund_id),
        completed_at = case when state <> 'completed' and p_state = 'completed' then now() else completed_at end
      where id = v_refund.id;
    perform private.sync_order_money(v_refund.order_id);
  end if;

  update public.payment_events set outcome = v_outcome where id = v_event_id;
  return v_outcome;
end
$$;

revoke execute on function public.ledger_start_payment(uuid, text, text, text, bigint) from public, anon, authenticated;
revoke execute on function public.ledger_apply_payment_event(text, text, uuid, text, text, bigint, text, text, text, jsonb) from public, anon, authenticated;
revoke execute on function public.ledger_apply_refund_event(text, text, uuid, text, bigint, text, text, jsonb) from public, anon, authenticated;
revoke execute on function private.sync_order_money(uuid) from public, anon, authenticated;
grant execute on function private.sync_order_money(uuid) to service_role;
grant execute on function public.ledger_start_payment(uuid, text, text, text, bigint) to service_role;
grant execute on function public.ledger_apply_payment_event(text, text, uuid, text, text, bigint, text, text, text, jsonb) to service_role;
grant execute on function public.ledger_apply_refund_event(text, text, uuid, text, bigint, text, text, jsonb) to service_role;

-- ---------------------------------------------------------------- the owner's records

-- 'Oznacz jako opłacone': a transfer, cash or a card-terminal payment that
-- reached the shop, with the Warsaw date it arrived. Called by the owner's
-- Edge Function (owner-payments), which has checked that the caller is the owner.
create function public.ledger_record_manual_payment(p_order_id uuid, p_method text, p_amount bigint, p_received_on date,
  p_note text, p_recorded_by uuid) returns uuid
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_id uuid := gen_random_uuid();
begin
  if p_method not in ('transfer', 'cash', 'terminal') then
    raise exception 'payment_method' using errcode = '22023';
  end if;
  if p_amount is null or p_amount <= 0 then
    raise exception 'payment_amount' using errcode = '22023';
  end if;
  if p_received_on is null or p_received_on > (now() at time zone 'Europe/Warsaw')::date then
    raise exception 'payment_date' using errcode = '22023';
  end if;
  perform 1 from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'order_not_found' using errcode = '22023';
  end if;
  insert into public.payments (id, order_id, provider, provider_payment_id, method, amount_grosz, state, received_on,
    recorded_by, note, completed_at)
    values (v_id, p_order_id, 'manual', v_id::text, p_method, p_amount, 'completed', p_received_on, p_recorded_by,
      nullif(btrim(coalesce(p_note, '')), ''), now());
  insert into public.payment_events (provider, event_id, order_id, payment_id, outcome, content)
    values ('manual', v_id::text, p_order_id, v_id, 'applied',
      jsonb_build_object('method', p_method, 'amount', p_amount, 'received_on', p_received_on, 'by', p_recorded_by));
  perform private.sync_order_money(p_order_id);
  return v_id;
end
$$;

revoke execute on function public.ledger_record_manual_payment(uuid, text, bigint, date, text, uuid) from public, anon, authenticated;
grant execute on function public.ledger_record_manual_payment(uuid, text, bigint, date, text, uuid) to service_role;

-- ---------------------------------------------------------------- refunds

-- What may still go back on an order: completed payments less refunds
-- completed or under way.
create function private.refundable_grosz(p_order_id uuid) returns bigint
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce((select sum(amount_grosz) from public.payments where order_id = p_order_id and state = 'completed'), 0)
    - coalesce((select sum(amount_grosz) from public.refunds where order_id = p_order_id and state in ('pending', 'completed')), 0)
$$;

-- A refund the shop is about to ask a gateway for: a pending row whose id
-- the gateway gets as its idempotency key. Refused above what is refundable.
create function public.ledger_open_refund(p_payment_id uuid, p_amount bigint, p_reason text, p_withdrawal_id uuid,
  p_recorded_by uuid) returns uuid
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_payment public.payments;
  v_id uuid;
begin
  select * into v_payment from public.payments where id = p_payment_id;
  if not found or v_payment.state <> 'completed' then
    raise exception 'payment_not_refundable' using errcode = '22023';
  end if;
  perform 1 from public.orders where id = v_payment.order_id for update;
  if p_amount is null or p_amount <= 0 or p_amount > private.refundable_grosz(v_payment.order_id)
    or p_amount > v_payment.amount_grosz - coalesce((select sum(amount_grosz) from public.refunds
      where payment_id = p_payment_id and state in ('pending', 'completed')), 0) then
    raise exception 'refund_amount' using errcode = '22023';
  end if;
  insert into public.refunds (payment_id, order_id, withdrawal_id, amount_grosz, reason, recorded_by)
    values (p_payment_id, v_payment.order_id, p_withdrawal_id, p_amount, nullif(btrim(coalesce(p_reason, '')), ''), p_recorded_by)
    returning id into v_id;
  return v_id;
end
$$;

-- 'Zwrot zapisany ręcznie': money the owner sent back outside the shop (a
-- transfer, cash), with its date. The shop claims no more than that.
create function public.ledger_record_manual_refund(p_order_id uuid, p_amount bigint, p_refunded_on date, p_reason text,
  p_withdrawal_id uuid, p_recorded_by uuid) returns uuid
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_payment uuid;
  v_id uuid;
begin
  if p_refunded_on is null or p_refunded_on > (now() at time zone 'Europe/Warsaw')::date then
    raise exception 'refund_date' using errcode = '22023';
  end if;
  perform 1 from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'order_not_found' using errcode = '22023';
  end if;
  if p_amount is null or p_amount <= 0 or p_amount > private.refundable_grosz(p_order_id) then
    raise exception 'refund_amount' using errcode = '22023';
  end if;
  -- Set against the newest completed payment; the order's totals are what count.
  select id into v_payment from public.payments where order_id = p_order_id and state = 'completed'
    order by completed_at desc nulls last, created_at desc limit 1;
  insert into public.refunds (payment_id, order_id, withdrawal_id, amount_grosz, state, manual, refunded_on, reason,
    recorded_by, completed_at)
    values (v_payment, p_order_id, p_withdrawal_id, p_amount, 'completed', true, p_refunded_on,
      nullif(btrim(coalesce(p_reason, '')), ''), p_recorded_by, now())
    returning id into v_id;
  insert into public.payment_events (provider, event_id, order_id, refund_id, outcome, content)
    values ('manual', 'refund-' || v_id::text, p_order_id, v_id, 'applied',
      jsonb_build_object('amount', p_amount, 'refunded_on', p_refunded_on, 'by', p_recorded_by));
  perform private.sync_order_money(p_order_id);
  return v_id;
end
$$;

revoke execute on function private.refundable_grosz(uuid) from public, anon, authenticated;
grant execute on function private.refundable_grosz(uuid) to service_role;
revoke execute on function public.ledger_open_refund(uuid, bigint, text, uuid, uuid) from public, anon, authenticated;
grant execute on function public.ledger_open_refund(uuid, bigint, text, uuid, uuid) to service_role;
revoke execute on function public.ledger_record_manual_refund(uuid, bigint, date, text, uuid, uuid) from public, anon, authenticated;
grant execute on function public.ledger_record_manual_refund(uuid, bigint, date, text, uuid, uuid) to service_role;

-- ---------------------------------------------------------------- the past

-- Orders paid before the ledger existed: a gateway's COMPLETED, or the owner's
-- 'completed' (which the specification's views call 'Opłacone'). Recorded
-- once, so the revenue and the paid state read the same for old and new orders.
insert into public.payments (order_id, provider, provider_payment_id, method, amount_grosz, state, completed_at)
  select id, 'payu-classic', 'before-ledger-' || id::text, payment_method, round(total * 100), 'completed', updated_at
  from public.orders where total > 0 and payu_status = 'COMPLETED';
insert into public.payments (order_id, provider, provider_payment_id, method, amount_grosz, state, completed_at, received_on)
  select id, 'manual', 'before-ledger-' || id::text,
    case when payment_method in ('transfer', 'cash', 'cod') then payment_method else 'transfer' end,
    round(total * 100), 'completed', updated_at, (updated_at at time zone 'Europe/Warsaw')::date
  from public.orders where total > 0 and status = 'completed' and payu_status is distinct from 'COMPLETED';
update public.orders set amount_paid = round(total * 100)
  where total > 0 and (payu_status = 'COMPLETED' or status = 'completed');
