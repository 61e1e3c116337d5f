-- The photo the customer paid for: a PRIVATE Storage bucket `order-photos`
-- and the table that links each photo to its order.
--
-- Private, unlike `product-images`: a photo shows a delivery address, a grave
-- or a card, so nobody reads it by URL. The owner uploads, lists and removes;
-- the customer sees it only through a short-lived signed URL that a function
-- makes with the service role (which bypasses RLS). anon and customers have
-- no policy, so RLS refuses them.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('order-photos', 'order-photos', false, 10485760,
  array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

create policy "order photos: the owner lists them" on storage.objects for select to authenticated
  using (bucket_id = 'order-photos' and (select public.is_admin()));

create policy "order photos: the owner uploads" on storage.objects for insert to authenticated
  with check (bucket_id = 'order-photos' and (select public.is_admin()));

create policy "order photos: the owner replaces them" on storage.objects for update to authenticated
  using (bucket_id = 'order-photos' and (select public.is_admin()))
  with check (bucket_id = 'order-photos' and (select public.is_admin()));

create policy "order photos: the owner removes them" on storage.objects for delete to authenticated
  using (bucket_id = 'order-photos' and (select public.is_admin()));

create table public.order_photos (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  -- Object name inside the `order-photos` bucket.
  path text not null unique check (length(path) between 1 and 512),
  kind text not null check (kind in ('before_dispatch', 'after_delivery')),
  taken_at timestamptz not null default now(),
  -- When the mail with this photo was queued to the buyer; null until then.
  sent_at timestamptz
);

create index order_photos_order_id_idx on public.order_photos (order_id);

alter table public.order_photos enable row level security;

create policy "order photos: the owner reads them" on public.order_photos for select to authenticated
  using ((select public.is_admin()));
create policy "order photos: the owner adds them" on public.order_photos for insert to authenticated
  with check ((select public.is_admin()));
create policy "order photos: the owner updates them" on public.order_photos for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "order photos: the owner removes them" on public.order_photos for delete to authenticated
  using ((select public.is_admin()));

revoke all on public.order_photos from public, anon, authenticated;
grant select, insert, update, delete on public.order_photos to authenticated;
grant all on public.order_photos to service_role;
