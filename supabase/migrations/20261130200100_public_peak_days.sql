-- The home page's seasonal prompts follow the delivery calendar's peak days
-- ('Dni szczytu' in 'Dostawy'): a public fact the storefront reads with the
-- other public settings (docs/decisions/035-seasonal-prompts.md).
create or replace function public.is_public_setting(setting_key text) returns boolean
  language sql immutable security invoker
  set search_path = ''
as $$
  select setting_key in ('company_name', 'company_address', 'company_phone', 'company_email',
    'company_website', 'store_hours', 'free_shipping_threshold', 'delivery_rate_per_km',
    'bank_account_number', 'bank_name', 'bank_account_holder', 'bank_address', 'bank_swift',
    'payu_api', 'payu_blik_code', 'delivery_peak_days')
$$;

-- The shop's date by the server's clock on Warsaw's calendar: a home page the
-- browser draws itself (a repeat visit opens the service worker's shell) asks
-- it for its seasonal prompt, never trusting the device's clock.
create function public.shop_today() returns date
  language sql stable security invoker
  set search_path = ''
as $$
  select (now() at time zone 'Europe/Warsaw')::date
$$;

revoke execute on function public.shop_today() from public;
grant execute on function public.shop_today() to anon, authenticated, service_role;
