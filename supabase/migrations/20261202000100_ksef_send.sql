-- Sending invoices to KSeF (docs/decisions/040-ksef-send.md).
--
-- The ksef-send function claims due invoices here, one run at a time per
-- invoice (FOR UPDATE SKIP LOCKED), and stores what KSeF answered. What the
-- invoice's PDF needs for its KOD I link is kept with the answer: the KSeF
-- number, the SHA-256 of the exact XML sent (base64url) and the acceptance time.

alter table public.invoices
  add column ksef_hash text check (ksef_hash ~ '^[A-Za-z0-9_-]{43}$'),
  add column accepted_at timestamptz,
  -- Why the latest try did not reach a decision (KSeF unreachable, sign-in refused): shown beside 'Czeka na wysłanie'.
  add column last_error text check (length(last_error) <= 1000),
  add check ((state = 'accepted') = (ksef_number is not null and ksef_hash is not null and accepted_at is not null));

create index invoices_issued_idx on public.invoices (issued_at) where state = 'issued';
create index invoices_list_idx on public.invoices (issued_at desc);

-- Takes due invoices for one run: new ones, queued ones whose time came, and
-- sends left 'sent' by a run that died (their lease ran out). Each is marked
-- 'sent' with a lease, so a concurrent run skips it.
create function public.claim_ksef_invoices(p_limit integer) returns setof public.invoices
  language sql volatile security invoker
  set search_path = ''
as $$
  update public.invoices i
    set state = 'sent', attempts = i.attempts + 1, next_attempt_at = now() + interval '10 minutes'
    where i.id in (
      select id from public.invoices
        where state = 'issued' or (state in ('queued', 'sent') and next_attempt_at <= now())
        order by coalesce(next_attempt_at, issued_at), number
        limit least(greatest(coalesce(p_limit, 10), 1), 50)
        for update skip locked)
    returning i.*
$$;
revoke execute on function public.claim_ksef_invoices(integer) from public, anon, authenticated;
grant execute on function public.claim_ksef_invoices(integer) to service_role;

-- As before (20261130300100_invoices.sql), and: once KSeF accepted an
-- invoice, it stays accepted with its KSeF number, hash and date (the UPO
-- may still arrive); it is only ever corrected by a KOR.
create or replace function private.invoices_immutable() returns trigger
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
  if old.state = 'accepted' and (new.state, new.ksef_number, new.ksef_hash, new.accepted_at)
    is distinct from (old.state, old.ksef_number, old.ksef_hash, old.accepted_at) then
    raise exception 'invoice_immutable' using errcode = '42501';
  end if;
  return new;
end
$$;
