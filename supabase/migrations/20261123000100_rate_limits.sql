-- Rate limits shared by every function instance (and the local auth
-- service): a sliding log of hits per key in a schema the API does not
-- expose, written only through rate_limit_hit(), which only the service role
-- may call. Keys name the rule and the caller, e.g. 'place-order:ip:203.0.113.7'.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
grant usage on schema private to service_role;

create table private.rate_limit_hits (
  id bigint generated always as identity primary key,
  key text not null,
  hit_at timestamptz not null,
  -- hit_at + the rule's window: rows of keys never seen again can be swept without knowing their rule.
  expires_at timestamptz not null
);
create index rate_limit_hits_key_idx on private.rate_limit_hits (key, expires_at);
create index rate_limit_hits_expires_idx on private.rate_limit_hits (expires_at);

alter table private.rate_limit_hits enable row level security;
-- The service role bypasses RLS anyway; the policy says so explicitly, and no other role has one.
create policy "service role only" on private.rate_limit_hits for all to service_role using (true) with check (true);

revoke all on private.rate_limit_hits from public, anon, authenticated;
-- UPDATE only for the sweep's row locks (select … for update skip locked).
grant select, insert, update, delete on private.rate_limit_hits to service_role;

-- Records one hit on every key if each has had fewer than p_limit hits in
-- the last p_window_seconds, and none otherwise (a refused hit is not
-- counted, and a request limited on several keys counts on all or none).
-- Answers {"allowed": bool, "retry_after": seconds until a hit would be allowed, 0 when allowed}.
-- Per-key advisory locks serialise concurrent calls for the same key, so a
-- burst cannot slip past the count.
create function public.rate_limit_hit(p_keys text[], p_limit integer, p_window_seconds integer) returns jsonb
  language plpgsql volatile security invoker
  set search_path = ''
as $$
declare
  v_now timestamptz := clock_timestamp();
  v_window interval;
  v_keys text[];
  v_key text;
  v_count integer;
  v_frees_at timestamptz;
  v_retry integer := 0;
begin
  if p_limit is null or p_limit < 1 or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'rate_limit_hit: limit and window must be positive' using errcode = '22023';
  end if;
  v_keys := array(select distinct k from unnest(p_keys) as k where k is not null order by k);
  if cardinality(v_keys) = 0 or cardinality(v_keys) > 10 or exists (select 1 from unnest(v_keys) as k where length(k) > 1000) then
    raise exception 'rate_limit_hit: 1 to 10 keys of at most 1000 characters' using errcode = '22023';
  end if;
  v_window := make_interval(secs => p_window_seconds);

  -- Locks taken in key order, so two calls sharing keys cannot deadlock.
  foreach v_key in array v_keys loop
    perform pg_advisory_xact_lock(hashtextextended('rate_limit:' || v_key, 0));
  end loop;

  foreach v_key in array v_keys loop
    delete from private.rate_limit_hits where key = v_key and expires_at <= v_now;
    select count(*) into v_count from private.rate_limit_hits where key = v_key;
    if v_count >= p_limit then
      -- The next hit is allowed once enough of the oldest hits have left the window.
      select expires_at into v_frees_at from private.rate_limit_hits
        where key = v_key order by expires_at offset v_count - p_limit limit 1;
      v_retry := greatest(v_retry, 1, ceil(extract(epoch from v_frees_at - v_now))::integer);
    end if;
  end loop;

  if v_retry = 0 then
    insert into private.rate_limit_hits (key, hit_at, expires_at)
      select k, v_now, v_now + v_window from unnest(v_keys) as k;
  end if;

  -- Keys never hit again would stay forever: each call sweeps a few expired rows of any key.
  delete from private.rate_limit_hits where id in (
    select id from private.rate_limit_hits where expires_at <= v_now order by expires_at limit 50 for update skip locked
  );

  return jsonb_build_object('allowed', v_retry = 0, 'retry_after', v_retry);
end
$$;

-- Forgets a key (e.g. the failed logins of an email once its password was right).
create function public.rate_limit_reset(p_key text) returns void
  language plpgsql volatile security invoker
  set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('rate_limit:' || p_key, 0));
  delete from private.rate_limit_hits where key = p_key;
end
$$;

revoke execute on function public.rate_limit_hit(text[], integer, integer), public.rate_limit_reset(text)
  from public, anon, authenticated;
grant execute on function public.rate_limit_hit(text[], integer, integer), public.rate_limit_reset(text)
  to service_role;
