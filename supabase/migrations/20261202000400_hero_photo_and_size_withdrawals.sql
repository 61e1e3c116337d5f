-- The home page's hero may show a photo the owner uploads in the settings
-- ('Zdjęcie na stronie głównej') instead of a featured product's photo
-- (docs/decisions/042-hero-photo-setting.md). Its files are made and stored
-- as a product photo's (products/hero/<photo id>-{400,800,1600}.webp in
-- product-images, whose owner-only policies already cover them); the setting
-- hero_photo names the photo as one element of products.photos does, or is ''.

-- The text as JSON, or null where it is not JSON (a CHECK must answer false, not fail with a cast error).
create function private.jsonb_or_null(p_value text) returns jsonb
  language plpgsql immutable
  set search_path = ''
as $$
begin
  return p_value::jsonb;
exception when invalid_text_representation then
  return null;
end
$$;

-- A CHECK constraint's functions run as whoever writes the row: the owner (authenticated) or the service role.
-- They are named in the constraint itself, not inside another function's body, because the owner's role may
-- not look into the private schema (a constraint's functions are found once, when it is made).
revoke all on function private.jsonb_or_null(text) from public;
grant execute on function private.jsonb_or_null(text) to authenticated, service_role;

-- A value the storefront can draw, or none: one photo as private.product_photos_valid takes one (JSON null and
-- text that is not JSON make a list of one non-object, which it refuses).
alter table public.app_settings add constraint app_settings_hero_photo_valid
  check (key <> 'hero_photo' or value = '' or private.product_photos_valid(jsonb_build_array(private.jsonb_or_null(value))));

-- Public as the peak days are: the server renders the home page with it for anyone.
create or replace function public.is_public_setting(setting_key text) returns boolean
  language sql immutable security invoker
  set search_path = ''
as $$
  select setting_key in ('company_name', 'company_address', 'company_phone', 'company_email',
    'company_website', 'store_hours', 'free_shipping_threshold', 'delivery_rate_per_km',
    'bank_account_number', 'bank_name', 'bank_account_holder', 'bank_address', 'bank_swift',
    'payu_api', 'payu_blik_code', 'delivery_peak_days', 'hero_photo')
$$;

-- ---------------------------------------------------------------- withdrawals by line
-- A withdrawal chooses order lines, not products: two sizes of one bouquet are two lines
-- (order_items is unique on order, product and size label). Accepted lines now carry their
-- sizeLabel; a stored line without one is a line without a size, as every line was before.
-- Otherwise as in 20261125000200.
create or replace function public.record_withdrawal_request(p_order_id uuid, p_accepted jsonb, p_refused jsonb, p_reason text,
  p_period_note text) returns jsonb
  language plpgsql volatile security invoker
  set search_path = ''
as $$
declare
  v_request public.withdrawal_requests;
  v_order public.orders;
  v_receipt jsonb;
  v_owner_email text;
begin
  -- The order's row lock makes two requests for the same order take turns:
  -- the second sees the first's lines and cannot take the same pieces again.
  select * into strict v_order from public.orders where id = p_order_id for update;
  if exists (
    select 1
      from jsonb_to_recordset(p_accepted) as a ("productId" uuid, "sizeLabel" text, quantity integer)
      left join public.order_items i on i.order_id = p_order_id and i.product_id = a."productId"
        and i.size_label is not distinct from a."sizeLabel"
      where i.product_id is null or a.quantity + coalesce((
        select sum((line ->> 'quantity')::integer)
          from public.withdrawal_requests w, jsonb_array_elements(w.accepted_lines) as line
          where w.order_id = p_order_id and w.state <> 'rejected' and line ->> 'productId' = a."productId"::text
            and (line ->> 'sizeLabel') is not distinct from a."sizeLabel"), 0) > i.quantity
  ) then
    raise exception 'withdrawal_exceeds_order' using errcode = 'P0001';
  end if;
  insert into public.withdrawal_requests (order_id, accepted_lines, refused_lines, reason, period_note)
    values (p_order_id, p_accepted, coalesce(p_refused, '[]'), nullif(btrim(p_reason), ''), p_period_note)
    returning * into v_request;
  v_receipt := jsonb_build_object(
    'requestNumber', v_request.number,
    'orderNumber', v_order.payu_order_id,
    'createdAt', v_request.created_at,
    'periodNote', v_request.period_note,
    'reason', coalesce(v_request.reason, ''),
    'accepted', v_request.accepted_lines,
    'refused', v_request.refused_lines);
  insert into public.mail_jobs (order_id, kind, recipient, details)
    values (p_order_id, 'withdrawal-received', btrim(v_order.customer_email), v_receipt);
  select btrim(value) into v_owner_email from public.app_settings where key = 'company_email';
  if length(coalesce(v_owner_email, '')) >= 3 then
    insert into public.mail_jobs (order_id, kind, recipient, details) values (p_order_id, 'owner-withdrawal', v_owner_email, v_receipt);
  end if;
  return v_receipt;
end
$$;
-- Same signature: the grants of 20261125000200 stay (the service role only).
