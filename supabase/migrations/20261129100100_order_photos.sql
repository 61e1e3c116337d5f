-- The photo the customer paid for (docs/storage.md, docs/florist-day.md): a
-- PRIVATE Storage bucket `order-photos`, the table that links each photo to
-- its order, the owner's reason when a promised photo was skipped, and the
-- mail 'Zdjęcie Twojego zamówienia'.
--
-- Private, unlike `product-images`: a photo shows a delivery address, a grave
-- or a card, so nobody reads it by URL. The owner uploads, lists and removes;
-- the customer sees it only through a short-lived signed URL that the
-- order-page function makes with the service role (which bypasses RLS) for a
-- valid link holder. anon and customers have no policy, so RLS refuses them.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('order-photos', 'order-photos', false, 10485760,
  array['image/jpeg', 'image/webp'])
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
  -- Chosen by the device that took the photo, so a retried attach is the same row.
  id uuid primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  -- The largest file inside the `order-photos` bucket (orders/<order id>/<photo id>-1600.webp, src/domain/order-photo.ts):
  -- named by ids only, so nothing in it names the buyer.
  path text not null unique check (path ~ '^orders/[0-9a-f-]{36}/[0-9a-f-]{36}-1600\.(webp|jpg)$'),
  kind text not null check (kind in ('before_dispatch', 'after_delivery')),
  width integer not null check (width between 1 and 1600),
  height integer not null check (height between 1 and 10000),
  taken_at timestamptz not null default now(),
  -- In the order's own folder: a row can never show another order's photo on this order's page.
  constraint order_photos_path_in_order_folder check (starts_with(path, 'orders/' || order_id::text || '/'))
);

create index order_photos_order_id_idx on public.order_photos (order_id);

alter table public.order_photos enable row level security;

create policy "order photos: the owner reads them" on public.order_photos for select to authenticated
  using ((select public.is_admin()));
create policy "order photos: the owner adds them" on public.order_photos for insert to authenticated
  with check ((select public.is_admin()));
create policy "order photos: the owner removes them" on public.order_photos for delete to authenticated
  using ((select public.is_admin()));

-- A photo row never changes (a new photo is a new row), so there is no update grant.
revoke all on public.order_photos from public, anon, authenticated;
grant select, insert, delete on public.order_photos to authenticated;
grant all on public.order_photos to service_role;

-- 'Dostarczone' without the photo the customer paid for: the owner says why, and it is kept.
create table public.order_photo_skips (
  order_id uuid primary key references public.orders (id) on delete cascade,
  reason text not null check (length(btrim(reason)) between 3 and 500),
  skipped_at timestamptz not null default now()
);

alter table public.order_photo_skips enable row level security;

create policy "photo skips: the owner reads them" on public.order_photo_skips for select to authenticated
  using ((select public.is_admin()));
create policy "photo skips: the owner records them" on public.order_photo_skips for insert to authenticated
  with check ((select public.is_admin()));
create policy "photo skips: the owner corrects them" on public.order_photo_skips for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

revoke all on public.order_photo_skips from public, anon, authenticated;
grant select, insert, update on public.order_photo_skips to authenticated;
grant all on public.order_photo_skips to service_role;

-- The mail: one per order and photo kind (the one-per-order index), so three shots of one
-- bouquet send one mail; it links the order page, which shows every photo.
alter table public.mail_jobs drop constraint mail_jobs_kind_check;
alter table public.mail_jobs add constraint mail_jobs_kind_check check (kind in ('order-confirmation', 'owner-new-order',
  'payment-received', 'refund-completed', 'transfer-reminder', 'status-processing', 'status-cancelled',
  'fulfilment-out-for-delivery', 'fulfilment-delivered', 'fulfilment-failed-attempt', 'order-link', 'withdrawal-received',
  'owner-withdrawal', 'photo-before-dispatch', 'photo-after-delivery'));

create function private.order_photos_enqueue_mail() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders where id = new.order_id;
  if v_order.status <> 'cancelled' then
    perform private.enqueue_order_mail(new.order_id, 'photo-' || replace(new.kind, '_', '-'), v_order.customer_email);
  end if;
  return null;
end
$$;
revoke execute on function private.order_photos_enqueue_mail() from public, anon, authenticated;

create trigger order_photos_enqueue_mail after insert on public.order_photos
  for each row execute function private.order_photos_enqueue_mail();
