-- The order page without login (issue 18): /zamowienie/<number>?t=<token>.
--
-- Every mail that links the order carries a fresh token, minted by
-- mail-dispatch when it renders the mail (256 random bits, base64url). Only
-- the token's SHA-256 (hex) is stored, so a leaked row opens nothing. The
-- order-page function (service role) looks the hash up; no API role reads or
-- writes this table.

create table public.order_link_tokens (
  order_id uuid not null references public.orders (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
create index order_link_tokens_order_idx on public.order_link_tokens (order_id);

alter table public.order_link_tokens enable row level security;

create policy "order link tokens are never read or written through the API"
  on public.order_link_tokens as restrictive for all to anon, authenticated
  using (false) with check (false);

revoke all on public.order_link_tokens from public, anon, authenticated;
grant all on public.order_link_tokens to service_role;

-- ---------------------------------------------------------------- 'order-link' mails

-- A guest asks for the link again (order-link-request): each request is its
-- own job, so 'order-link' is left out of the one-per-(order, kind) rule,
-- which still holds for every other kind. The function's rate limit (5 per
-- 15 minutes per email and per address) bounds how many there are.
alter table public.mail_jobs drop constraint mail_jobs_kind_check;
alter table public.mail_jobs add constraint mail_jobs_kind_check check (kind in ('order-confirmation', 'owner-new-order',
  'payment-received', 'status-processing', 'status-cancelled', 'fulfilment-out-for-delivery', 'fulfilment-delivered',
  'fulfilment-failed-attempt', 'order-link'));

alter table public.mail_jobs drop constraint mail_jobs_order_id_kind_key;
create unique index mail_jobs_once_per_order_kind on public.mail_jobs (order_id, kind) where kind <> 'order-link';

-- The same function as before; its conflict target now names the partial index.
create or replace function private.enqueue_order_mail(p_order_id uuid, p_kind text, p_recipient text) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  insert into public.mail_jobs (order_id, kind, recipient)
    select p_order_id, p_kind, btrim(p_recipient)
    where length(btrim(coalesce(p_recipient, ''))) >= 3
  on conflict (order_id, kind) where kind <> 'order-link' do nothing;
$$;

revoke execute on function private.enqueue_order_mail(uuid, text, text) from public, anon, authenticated;
