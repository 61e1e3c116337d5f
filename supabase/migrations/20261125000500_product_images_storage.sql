-- Product photos (issue 20): the Storage bucket `product-images` and who may
-- write to it.
--
-- Written for hosted Supabase, where the storage service has already made
-- storage.buckets and storage.objects (owned by supabase_storage_admin, RLS
-- on): this migration only adds a bucket row and policies, which a migration
-- may do there; it never alters those tables. Locally the backend's
-- bootstrap.sql makes a compatible storage schema first, so the same file
-- applies both places.
--
-- Read: the bucket is public, so GET /storage/v1/object/public/product-images/…
-- serves every file by its URL without any policy. Listing is not reading:
-- only the owner may list (a broad SELECT policy on a public bucket would let
-- anyone enumerate its files; splinter 0025 public_bucket_allows_listing).
-- Write: only the shop owner (public.is_admin()) inserts, updates (upsert)
-- and deletes. anon and customers have no policy, so RLS refuses them; the
-- service role bypasses RLS, as everywhere.
--
-- Limits, checked by the Storage API on the declared upload: 10 MB, and only
-- image types. (The local Storage API also checks the bytes; hosted trusts the
-- declared Content-Type, which only the owner can send here.)

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('product-images', 'product-images', true, 10485760,
  array['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'])
on conflict (id) do nothing;

create policy "product images: the owner lists them" on storage.objects for select to authenticated
  using (bucket_id = 'product-images' and (select public.is_admin()));

create policy "product images: the owner uploads" on storage.objects for insert to authenticated
  with check (bucket_id = 'product-images' and (select public.is_admin()));

-- An upsert (replacing a photo under the same name) needs select, insert and update.
create policy "product images: the owner replaces them" on storage.objects for update to authenticated
  using (bucket_id = 'product-images' and (select public.is_admin()))
  with check (bucket_id = 'product-images' and (select public.is_admin()));

create policy "product images: the owner removes them" on storage.objects for delete to authenticated
  using (bucket_id = 'product-images' and (select public.is_admin()));
