-- VAT rates and the shop's own FA(3) invoices (docs/decisions/036-vat-rates.md).
--
-- Products get a VAT rate (null: the category's default from the settings);
-- an order line keeps the rate it was sold at. Invoices are stored once, with
-- their XML, numbered from a counter row per series that the issuing
-- transaction locks, so numbers have no gaps. Nobody writes invoices through
-- the API: the owner reads them; the service role (the owner-invoices Edge
-- Function and the KSeF sender) writes.

-- ---------------------------------------------------------------- VAT rates

alter table public.products add column vat_rate text check (vat_rate in ('23', '8', '5', '0', 'zw'));
alter table public.order_items add column vat_rate text check (vat_rate in ('23', '8', '5', '0', 'zw'));

-- The rate a product sells at now: its own, else its category's setting, else
-- the default of src/domain/invoice/settings.ts (8 % for cut flowers, else 23 %).
create function private.product_vat_rate(p_product_id uuid) returns text
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(p.vat_rate,
    (select s.value from public.app_settings s
      where s.key = 'vat_rate_' || replace(p.category, '-', '_') and s.value in ('23', '8', '5', '0', 'zw')),
    case when p.category = 'live-flowers' then '8' else '23' end)
  from public.products p where p.id = p_product_id
$$;

-- Each order line keeps the rate of the moment of sale, whichever path made the order.
create function private.order_items_keep_vat_rate() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  new.vat_rate := coalesce(new.vat_rate, private.product_vat_rate(new.product_id));
  return new;
end
$$;
revoke execute on function private.product_vat_rate(uuid), private.order_items_keep_vat_rate() from public, anon, authenticated;

create trigger order_items_keep_vat_rate before insert on public.order_items
  for each row execute function private.order_items_keep_vat_rate();

-- ---------------------------------------------------------------- invoices

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete restrict,
  number text not null unique check (length(number) between 1 and 256),
  kind text not null check (kind in ('VAT', 'KOR')),
  corrects_invoice_id uuid references public.invoices (id) on delete restrict,
  state text not null default 'issued' check (state in ('issued', 'queued', 'sent', 'accepted', 'rejected')),
  ksef_number text check (length(ksef_number) <= 40),
  ksef_reference text check (length(ksef_reference) <= 100),
  upo text,
  rejection_reason text check (length(rejection_reason) <= 2000),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz,
  xml text not null check (length(xml) between 100 and 2000000),
  -- The lines after this invoice and what it took back, for the next correction (src/domain/invoice).
  summary jsonb not null check (jsonb_typeof(summary) = 'object'),
  issue_date date not null,
  issued_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((kind = 'KOR') = (corrects_invoice_id is not null))
);
-- One invoice per order; corrections as many as needed.
create unique index invoices_one_vat_per_order on public.invoices (order_id) where kind = 'VAT';
create index invoices_order_idx on public.invoices (order_id, issued_at);
create index invoices_due_idx on public.invoices (next_attempt_at) where state in ('queued', 'sent');

-- The last number given in each series with its period filled in (e.g. 'FV/2027/01/{n}').
create table public.invoice_counters (
  series_key text primary key check (length(series_key) between 3 and 80),
  last_number integer not null check (last_number > 0)
);

-- Paid orders waiting for their invoice: written in the payment's own
-- transaction, taken by the owner-invoices function (like mail_jobs).
create table public.invoice_jobs (
  order_id uuid primary key references public.orders (id) on delete cascade,
  state text not null default 'pending' check (state in ('pending', 'sending', 'done', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_error text check (length(last_error) <= 1000),
  created_at timestamptz not null default now()
);
create index invoice_jobs_due_idx on public.invoice_jobs (next_attempt_at) where state in ('pending', 'sending');

create trigger invoices_touch before update on public.invoices
  for each row execute function public.touch_updated_at();

-- What was issued stays as issued. Only the KSeF fields move. A rejected
-- invoice never reached the buyer through KSeF, so its XML may be rebuilt
-- from corrected data under the same number, and it goes back to the queue.
create function private.invoices_immutable() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'invoice_immutable' using errcode = '42501';
  end if;
  if (new.id, new.order_id, new.number, new.kind, new.corrects_invoice_id, new.issue_date, new.issued_at)
    is distinct from (old.id, old.order_id, old.number, old.kind, old.corrects_invoice_id, old.issue_date, old.issued_at)
    or ((new.xml, new.summary) is distinct from (old.xml, old.summary) and old.state <> 'rejected') then
    raise exception 'invoice_immutable' using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger invoices_immutable before update or delete on public.invoices
  for each row execute function private.invoices_immutable();

alter table public.invoices enable row level security;
alter table public.invoice_counters enable row level security;
alter table public.invoice_jobs enable row level security;

create policy "the owner reads invoices" on public.invoices for select to authenticated
  using ((select public.is_admin()));
create policy "the owner reads invoice jobs" on public.invoice_jobs for select to authenticated
  using ((select public.is_admin()));
create policy "invoice counters are never read or written through the API"
  on public.invoice_counters as restrictive for all to anon, authenticated
  using (false) with check (false);

revoke all on public.invoices, public.invoice_counters, public.invoice_jobs from public, anon, authenticated;
grant select on public.invoices, public.invoice_jobs to authenticated;
grant all on public.invoices, public.invoice_counters, public.invoice_jobs to service_role;

-- ---------------------------------------------------------------- the payment's queue row

-- An order asking for an invoice becomes paid (the ledger sets COMPLETED): one job, however often that repeats.
create function private.orders_enqueue_invoice() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.invoice is not null and new.payu_status = 'COMPLETED' and old.payu_status is distinct from 'COMPLETED' then
    insert into public.invoice_jobs (order_id) values (new.id) on conflict (order_id) do nothing;
  end if;
  return null;
end
$$;
revoke execute on function private.orders_enqueue_invoice() from public, anon, authenticated;
create trigger orders_enqueue_invoice after update of payu_status on public.orders
  for each row execute function private.orders_enqueue_invoice();

-- Takes due jobs for one run (skipping rows another run holds), leased for 5 minutes.
create function public.claim_invoice_jobs(p_limit integer) returns setof public.invoice_jobs
  language sql volatile security invoker
  set search_path = ''
as $$
  update public.invoice_jobs j
    set state = 'sending', attempts = j.attempts + 1, next_attempt_at = now() + interval '5 minutes'
    where j.order_id in (
      select order_id from public.invoice_jobs
        where state in ('pending', 'sending') and next_attempt_at <= now()
        order by next_attempt_at
        limit least(greatest(coalesce(p_limit, 10), 1), 50)
        for update skip locked)
    returning j.*
$$;
revoke execute on function public.claim_invoice_jobs(integer) from public, anon, authenticated;
grant execute on function public.claim_invoice_jobs(integer) to service_role;

-- ---------------------------------------------------------------- issuing

-- Stores one invoice. The XML comes built and checked by the function, with
-- the number as the placeholder '{{numer}}' in P_2: the number is taken here,
-- from the series' counter row, which stays locked until this transaction
-- commits, so a failed issue gives its number back and two issues never
-- share or skip one. A second VAT invoice for an order returns the first.
create function public.invoice_issue(p_order_id uuid, p_kind text, p_corrects uuid, p_series text, p_issue_date date,
  p_xml text, p_summary jsonb) returns public.invoices
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_existing public.invoices;
  v_key text;
  v_n integer;
  v_number text;
  v_escaped text;
  v_row public.invoices;
  v_today date := (now() at time zone 'Europe/Warsaw')::date;
begin
  if p_kind not in ('VAT', 'KOR') or (p_kind = 'KOR') <> (p_corrects is not null) then
    raise exception 'invoice_kind' using errcode = '22023';
  end if;
  if p_issue_date is null or p_issue_date not between v_today - 1 and v_today then
    raise exception 'invoice_date' using errcode = '22023';
  end if;
  if p_series is null or position('{n}' in p_series) = 0 or length(p_series) > 64 then
    raise exception 'invoice_series' using errcode = '22023';
  end if;
  if (length(p_xml) - length(replace(p_xml, '<P_2>{{numer}}</P_2>', ''))) <> length('<P_2>{{numer}}</P_2>') then
    raise exception 'invoice_xml' using errcode = '22023';
  end if;
  perform 1 from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'order_not_found' using errcode = '22023';
  end if;
  if p_kind = 'VAT' then
    select * into v_existing from public.invoices where order_id = p_order_id and kind = 'VAT';
    if found then
      update public.invoice_jobs set state = 'done' where order_id = p_order_id;
      return v_existing;
    end if;
  elsif not exists (select 1 from public.invoices where id = p_corrects and order_id = p_order_id and kind = 'VAT') then
    raise exception 'invoice_not_found' using errcode = '22023';
  end if;

  v_key := replace(replace(btrim(p_series), '{rok}', to_char(p_issue_date, 'YYYY')), '{miesiąc}', to_char(p_issue_date, 'MM'));
  insert into public.invoice_counters (series_key, last_number) values (v_key, 1)
    on conflict (series_key) do update set last_number = public.invoice_counters.last_number + 1
    returning last_number into v_n;
  v_number := replace(v_key, '{n}', v_n::text);
  v_escaped := replace(replace(replace(v_number, '&', '&amp;'), '<', '&lt;'), '>', '&gt;');

  insert into public.invoices (order_id, number, kind, corrects_invoice_id, xml, summary, issue_date)
    values (p_order_id, v_number, p_kind, p_corrects,
      replace(p_xml, '<P_2>{{numer}}</P_2>', '<P_2>' || v_escaped || '</P_2>'), p_summary, p_issue_date)
    returning * into v_row;
  if p_kind = 'VAT' then
    update public.invoice_jobs set state = 'done' where order_id = p_order_id;
  end if;
  return v_row;
end
$$;
revoke execute on function public.invoice_issue(uuid, text, uuid, text, date, text, jsonb) from public, anon, authenticated;
grant execute on function public.invoice_issue(uuid, text, uuid, text, date, text, jsonb) to service_role;
