-- The bank details are printed for every customer who pays by transfer
-- (/checkout/success), so they are public like the company's address; the
-- payment keys stay private.
create or replace function public.is_public_setting(setting_key text) returns boolean
  language sql immutable security invoker
  set search_path = ''
as $$
  select setting_key in ('company_name', 'company_address', 'company_phone', 'company_email',
    'company_website', 'store_hours', 'free_shipping_threshold', 'delivery_rate_per_km',
    'bank_account_number', 'bank_name', 'bank_account_holder', 'bank_address', 'bank_swift')
$$;
