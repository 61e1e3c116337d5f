-- The home page's hero may show a photo the owner uploads in the settings
-- ('Zdjęcie na stronie głównej') instead of a featured product's photo
-- (docs/decisions/042-hero-photo-setting.md). Its files are made and stored
-- as a product photo's (products/hero/<photo id>-{400,800,1600}.webp in
-- product-images, whose owner-only policies already cover them); the setting
-- hero_photo names the photo as one element of products.photos does, or is ''.

-- A value the storefront can draw, or none: a JSON object as private.product_photos_valid takes one.
-- Security definer: the body names a function of the private schema, which the owner's role may not look into
-- (a CHECK's own function is resolved once, when the constraint is made); it only reads its argument.
create function private.hero_photo_valid(p_value text) returns boolean
  language plpgsql immutable security definer
  set search_path = ''
as $$
declare
  v_photo jsonb;
begin
  if p_value = '' then
    return true;
  end if;
  begin
    v_photo := p_value::jsonb;
  exception when invalid_text_representation then
    return false;
  end;
  return private.product_photos_valid(jsonb_build_array(v_photo));
end
$$;

-- A CHECK constraint's function runs as whoever writes the row: the owner (authenticated) or the service role.
revoke all on function private.hero_photo_valid(text) from public;
grant execute on function private.hero_photo_valid(text) to authenticated, service_role;

alter table public.app_settings add constraint app_settings_hero_photo_valid
  check (key <> 'hero_photo' or private.hero_photo_valid(value));

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
