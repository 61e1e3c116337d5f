-- The seed used to put the local shop's address in company_website, and every
-- mail's footer then linked http://localhost:4173 whatever address the shop
-- really runs on. Empty means "not given": mails show the shop's own address
-- (the functions' SITE_URL) instead. An address the owner typed stays.
update public.app_settings set value = '', updated_at = now()
where key = 'company_website' and value = 'http://localhost:4173';
