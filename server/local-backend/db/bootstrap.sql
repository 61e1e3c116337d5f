-- Local-only bootstrap: what a hosted Supabase project already has before any
-- migration runs. Idempotent; applied on every start of the local backend.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- Extensions live in their own schema, as on hosted Supabase (splinter: extension_in_public);
-- a database made before this had pgcrypto in public: move it.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pgcrypto' and extnamespace = 'public'::regnamespace) then
    alter extension pgcrypto set schema extensions;
  end if;
end
$$;

-- Supabase's public schema: usable by the API roles, service_role gets all.
grant usage on schema public to anon, authenticated, service_role;
grant all on all tables in schema public to service_role;
grant all on all sequences in schema public to service_role;
grant all on all functions in schema public to service_role;
alter default privileges in schema public grant all on tables to service_role;
alter default privileges in schema public grant all on sequences to service_role;
alter default privileges in schema public grant all on functions to service_role;

-- Schema auth, as GoTrue lays it out (the columns this project uses).
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) not null default 'authenticated',
  role varchar(255) not null default 'authenticated',
  email varchar(255) unique,
  encrypted_password varchar(255) not null,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{"provider":"email","providers":["email"]}',
  raw_user_meta_data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- GoTrue's recovery columns: the hash of the one live reset link (one per
-- user, a new request replaces it) and when it was sent (it expires an hour later).
alter table auth.users add column if not exists recovery_token varchar(255);
alter table auth.users add column if not exists recovery_sent_at timestamptz;

-- GoTrue's sign-up confirmation: the hash of the mailed link's token and when
-- it was sent (used only when confirmations are on, AUTH_MAILER_AUTOCONFIRM=false).
alter table auth.users add column if not exists confirmation_token varchar(255);
alter table auth.users add column if not exists confirmation_sent_at timestamptz;

-- GoTrue's flow_state (the columns PKCE uses): a reset or sign-up started with
-- a code challenge; /verify hands out its auth_code, POST /token?grant_type=pkce
-- exchanges it once for a session when the code verifier fits.
create table if not exists auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);
create index if not exists flow_state_user_method_idx on auth.flow_state (user_id, authentication_method);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null,
  revoked boolean not null default false,
  parent varchar(255),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id);

-- Sessions as GoTrue keeps them (the columns the local auth uses): a token's
-- session_id claim names a row here, logout deletes it (and its refresh
-- tokens), and GET /user answers session_not_found for a token whose session
-- is gone. mfa_amr_claims keeps how and when the session signed in, so a
-- refreshed token's amr keeps the sign-in time.
create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  factor_id uuid,
  aal text not null default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp without time zone,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

-- A database from before sessions existed: its refresh tokens' sessions become rows (signed in by password).
insert into auth.sessions (id, user_id, created_at, updated_at)
  select session_id, min(user_id::text)::uuid, min(created_at), max(updated_at)
  from auth.refresh_tokens
  where session_id not in (select id from auth.sessions)
  group by session_id
on conflict (id) do nothing;
insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method)
  select id, created_at, created_at, 'password' from auth.sessions
  where id not in (select session_id from auth.mfa_amr_claims)
on conflict do nothing;
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'refresh_tokens_session_id_fkey' and conrelid = 'auth.refresh_tokens'::regclass) then
    alter table auth.refresh_tokens
      add constraint refresh_tokens_session_id_fkey foreign key (session_id) references auth.sessions (id) on delete cascade;
  end if;
end
$$;

-- Supabase's auth.uid()/role()/email()/jwt(), with their behaviour: a claim is read
-- from PostgREST's per-claim GUC (older PostgREST) or from the claims JSON. The one
-- reader below is local only; migrations call the four public functions, never it.
create or replace function auth.jwt_claim(claim text) returns text
  language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.' || claim, true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> claim)
  )
$$;

create or replace function auth.uid() returns uuid
  language sql stable
as $$ select auth.jwt_claim('sub')::uuid $$;

create or replace function auth.role() returns text
  language sql stable
as $$ select auth.jwt_claim('role') $$;

create or replace function auth.email() returns text
  language sql stable
as $$ select auth.jwt_claim('email') $$;

create or replace function auth.jwt() returns jsonb
  language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.jwt_claim(text), auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- Bookkeeping of the local runner (hosted Supabase keeps its own).
create schema if not exists local_meta;
create table if not exists local_meta.applied_migrations (
  name text primary key,
  applied_at timestamptz not null default now()
);
create table if not exists local_meta.state (
  key text primary key,
  value text not null
);

-- Schema storage, as Supabase's storage service lays it out on a hosted
-- project before any migration runs (supabase/storage migrations/tenant:
-- 0002 tables and helpers, 0003 path_tokens, 0008 public, 0011 updated_at
-- trigger, 0013/0014 file_size_limit and allowed_mime_types, 0016 version,
-- 0018 owner_id, 0025 user_metadata, 0046 grants, 0055 delete protection,
-- 0060/0061 immutable helpers): the columns the local Storage API
-- (storage.ts) and the migrations' policies use, so one migration creates the
-- bucket and its policies both here and hosted. RLS is on and no policy is
-- made here: who may write is the migrations' business, as hosted.
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[]
);
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- storage-api's path helpers, same results; written as SQL over one split.
create or replace function storage.foldername(name text) returns text[]
  language sql immutable
as $$ select parts[1 : array_length(parts, 1) - 1] from string_to_array(name, '/') as parts $$;

create or replace function storage.filename(name text) returns text
  language sql immutable
as $$ select parts[array_length(parts, 1)] from string_to_array(name, '/') as parts $$;

create or replace function storage.extension(name text) returns text
  language sql immutable
as $$ select reverse(split_part(reverse(storage.filename(name)), '.', 1)) $$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role;

create or replace function storage.update_updated_at_column() returns trigger
  language plpgsql
as $$ begin new.updated_at = now(); return new; end $$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- Rows are deleted through the Storage API (which also deletes the files), never by hand:
-- the API sets storage.allow_delete_query for its own statements, as hosted.
create or replace function storage.protect_delete() returns trigger
  language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();
