-- Product photos (issue 20): which photos a product shows, in display order.
--
-- products.photos is a JSON array of {id, width, height} (ProductPhoto in
-- src/domain/product-photo.ts); the first element is the main photo. The id
-- names the photo's three WebP files in the `product-images` bucket
-- (products/<product id>/<photo id>-{400,800,1600}.webp), width and height
-- are the largest file's size, so the shop can lay the image out before it
-- loads. An empty array: the product shows its illustration (image_url).

-- The whole list: an array of at most 6 photos (MAX_PRODUCT_PHOTOS), each
-- exactly the keys id (a UUID as text), width and height, plus `format`
-- 'jpeg' for a photo whose files are JPEG (a browser without a WebP encoder,
-- Safari; absent means WebP) (width and height whole numbers from
-- 1 to 100 000 px, a bound so the value always fits an integer), no id twice
-- (compared case-insensitively, as UUIDs compare). Immutable and pure, so a
-- CHECK constraint may call it. One function with no calls by name: it runs
-- as whoever writes the row, and those roles have no USAGE on schema private
-- (a constraint calls its function by oid, which needs only EXECUTE).
-- CASE guards every accessor and cast: SQL does not promise to evaluate AND
-- left to right, and jsonb_object_keys or jsonb_array_length on the wrong
-- type would raise instead of answering false.
create function private.product_photos_valid(p_photos jsonb) returns boolean
  language sql immutable
  set search_path = ''
as $$
  select case
    when jsonb_typeof(p_photos) is distinct from 'array' then false
    when jsonb_array_length(p_photos) > 6 then false
    when exists (
      select 1 from jsonb_array_elements(p_photos) e
      where case
        when jsonb_typeof(e) <> 'object' then true
        when (select count(*) from jsonb_object_keys(e)) <> 3 + (e ? 'format')::integer then true
        when e ? 'format' and (e -> 'format') is distinct from '"jpeg"'::jsonb then true
        when jsonb_typeof(e -> 'id') is distinct from 'string' or jsonb_typeof(e -> 'width') is distinct from 'number'
          or jsonb_typeof(e -> 'height') is distinct from 'number' then true
        when (e ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then true
        when (e ->> 'width') !~ '^[1-9][0-9]{0,5}$' or (e ->> 'height') !~ '^[1-9][0-9]{0,5}$' then true
        else (e ->> 'width')::integer > 100000 or (e ->> 'height')::integer > 100000
      end
    ) then false
    else (select count(distinct lower(e ->> 'id')) from jsonb_array_elements(p_photos) e) = jsonb_array_length(p_photos)
  end
$$;

-- A CHECK constraint's function runs as whoever writes the row: the owner
-- (authenticated) edits products, the functions (service role) move stock.
revoke all on function private.product_photos_valid(jsonb) from public;
grant execute on function private.product_photos_valid(jsonb) to authenticated, service_role;

alter table public.products add column photos jsonb not null default '[]'::jsonb
  constraint products_photos_valid check (private.product_photos_valid(photos));

-- Attaches one uploaded photo to a product, for the admin app's upload queue
-- once the photo's three files are in Storage. Security invoker: the caller's
-- own RLS decides (only the owner may update products); the explicit owner
-- check only turns RLS's silent "no row" into a clear refusal.
--
-- Idempotent: a photo whose id is already attached is not added again, so a
-- retried request (the answer was lost on a weak connection) does no harm.
-- p_order, when given, is the order the owner chose in the form: photos are
-- sorted by their position in it; photos it does not name keep their relative
-- order after those it does (ids it names that are not attached are ignored).
--
-- Errors (what the admin app handles):
--   42501 'not_owner'          - the caller is not the shop owner (anon has no EXECUTE at all: 42501 too);
--   22023 'invalid_photo'      - p_photo is not {id: uuid text, width: int > 0, height: int > 0[, format: 'jpeg']};
--   P0001 'product_not_found'  - no such product, or not visible to the caller; a photo queued for a
--                                new product not saved yet may retry later (detail: the product id);
--   P0001 'too_many_photos'    - the product already has 6 other photos (detail: the limit).
-- Returns the product's new photos array.
create function public.attach_product_photo(p_product_id uuid, p_photo jsonb, p_order uuid[] default null)
  returns jsonb
  language plpgsql security invoker
  set search_path = ''
as $$
declare
  v_photos jsonb;
begin
  if not (select public.is_admin()) then
    raise exception 'not_owner' using errcode = '42501', hint = 'Only the shop owner attaches product photos.';
  end if;
  -- FOR UPDATE: two photos of one product attached at once must not both read the old list.
  select p.photos into v_photos from public.products p where p.id = p_product_id for update;
  if not found then
    raise exception 'product_not_found' using errcode = 'P0001', detail = p_product_id::text;
  end if;

  -- Ids compared as text (lower case): p_photo is not validated yet, so its id may not be a UUID.
  if not exists (select 1 from jsonb_array_elements(v_photos) e where lower(e ->> 'id') = lower(p_photo ->> 'id')) then
    if jsonb_array_length(v_photos) >= 6 then
      raise exception 'too_many_photos' using errcode = 'P0001', detail = '6';
    end if;
    v_photos := v_photos || jsonb_build_array(p_photo);
  end if;

  if p_order is not null then
    select coalesce(jsonb_agg(e.value order by array_position(p_order::text[], lower(e.value ->> 'id')) nulls last, e.position), '[]'::jsonb)
      into v_photos
      from jsonb_array_elements(v_photos) with ordinality as e(value, position);
  end if;

  -- The column's check constraint validates the new photo (this function may
  -- not call private.* by name: the owner has no USAGE on that schema).
  begin
    update public.products set photos = v_photos where id = p_product_id;
  exception when check_violation then
    raise exception 'invalid_photo' using errcode = '22023',
      hint = 'A photo is {"id": "<uuid>", "width": <integer > 0>, "height": <integer > 0>}, with "format": "jpeg" for JPEG files.';
  end;
  return v_photos;
end
$$;

revoke all on function public.attach_product_photo(uuid, jsonb, uuid[]) from public, anon, authenticated;
grant execute on function public.attach_product_photo(uuid, jsonb, uuid[]) to authenticated, service_role;
