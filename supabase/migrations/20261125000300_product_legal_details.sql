-- Issue 19: the legal details a product carries.
--
-- withdrawal_rule: the admin's per-product answer to "may a consumer return
-- this within 14 days?". 'category' follows the product's category (live
-- flowers: no, art. 38 pkt 4); the other values override it. The values are
-- WITHDRAWAL_RULES in src/domain/withdrawal-right.ts, which decides what each
-- one means - the database only refuses a value that module does not know.
alter table public.products add column withdrawal_rule text not null default 'category'
  constraint products_withdrawal_rule_known
    check (withdrawal_rule in ('category', 'returnable', 'perishable', 'personalised'));

-- Product safety (GPSR, Regulation (EU) 2023/988, since 13 December 2024): who
-- made a non-food product, how to reach them, and the warnings to read before
-- use. Shown on the product page of non-floral goods; live flowers need none,
-- so the columns are nullable. An empty answer is stored as null, never ''.
alter table public.products
  add column manufacturer_name text
    constraint products_manufacturer_name_length check (length(btrim(manufacturer_name)) between 1 and 200),
  add column manufacturer_address text
    constraint products_manufacturer_address_length check (length(btrim(manufacturer_address)) between 1 and 500),
  -- Email, phone or web address, in whatever form the owner has it (one or more).
  add column manufacturer_contact text
    constraint products_manufacturer_contact_length check (length(btrim(manufacturer_contact)) between 1 and 300),
  add column safety_warnings text
    constraint products_safety_warnings_length check (length(btrim(safety_warnings)) between 1 and 2000);
