-- Local sample catalogue and default settings, applied once on a fresh local database.

insert into public.products (id, name, description, price, category, image_url, is_featured, stock, created_at) values
  ('811546a5-832e-49cf-b3c0-9e29122b2d96', 'Bukiet czerwonych róż', 'Klasyczny bukiet z dwunastu czerwonych róż w eleganckim papierze, przewiązany satynową wstążką. Idealny na rocznicę, oświadczyny lub po prostu z miłości.', 189.00, 'live-flowers', '/products/bukiet-czerwonych-roz.svg', true, 12, now() - interval '3 days'),
  ('2e2c58b2-c01f-4b1a-bcbe-310f272cfedd', 'Róża czerwona – pojedyncza', 'Pojedyncza czerwona róża o długiej łodydze, zapakowana w przezroczystą folię. Drobny gest, który zawsze cieszy.', 9.50, 'live-flowers', '/products/roza-czerwona-pojedyncza.svg', false, 80, now() - interval '17 days'),
  ('567754f0-105c-41ef-88ba-ff3de2a0a7d4', 'Róża biała – pojedyncza', 'Biała róża o długiej łodydze – symbol czystości i szacunku. Pasuje na ślub, komunię i do wiązanki.', 9.50, 'live-flowers', '/products/roza-biala-pojedyncza.svg', false, 45, now() - interval '41 days'),
  ('1fb40afb-bb35-4a5f-bc01-4ac64e781baa', 'Bukiet różowych tulipanów', 'Wiosenny bukiet piętnastu różowych tulipanów z zielenią. Świeże kwiaty prosto od polskiego hodowcy.', 99.00, 'live-flowers', '/products/bukiet-rozowych-tulipanow.svg', false, 18, now() - interval '2 days'),
  ('6b5c0cdb-3ef5-47b8-ba23-b8294c260d3f', 'Storczyk w doniczce', 'Biało-różowy storczyk falenopsis w ceramicznej osłonce. Kwitnie tygodniami i nie wymaga wiele pielęgnacji.', 129.00, 'live-flowers', '/products/storczyk-w-doniczce.svg', true, 9, now() - interval '65 days'),
  ('facc36c5-b567-489c-9b89-10ed76599438', 'Bukiet polnych kwiatów', 'Swobodny bukiet w stylu łąkowym z margerytek i sezonowej zieleni. Pachnie latem niezależnie od pory roku.', 89.00, 'live-flowers', '/products/bukiet-polnych-kwiatow.svg', false, 14, now() - interval '88 days'),
  ('f895807f-9581-4a92-a51b-1776cd7b21ca', 'Bukiet ślubny z białych róż', 'Okrągły bukiet ślubny z białych róż i eukaliptusa, wykonywany na zamówienie. Prosimy o kontakt co najmniej tydzień przed uroczystością.', 249.00, 'live-flowers', '/products/bukiet-slubny-bialych-roz.svg', false, 0, now() - interval '120 days'),
  ('83f26a72-645b-4406-a466-2aed0712dad5', 'Wieniec z chryzantem', 'Trwały wieniec nagrobny ze sztucznych chryzantem na zielonej bazie, ze wstążką. Nie blaknie przez cały sezon.', 149.00, 'artificial-flowers', '/products/wieniec-z-chryzantem.svg', true, 7, now() - interval '9 days'),
  ('3ea0bf64-ebb1-47b4-a3b9-e53e9949fa37', 'Wieniec jesienny na drzwi', 'Dekoracyjny wieniec w ciepłych, jesiennych barwach. Ozdobi drzwi wejściowe lub ścianę w salonie.', 99.00, 'artificial-flowers', '/products/wieniec-jesienny-na-drzwi.svg', false, 11, now() - interval '150 days'),
  ('bea852d0-603c-4330-9b83-7cc567875257', 'Stroik nagrobny z różami', 'Niski stroik ze sztucznych róż i zieleni, stabilny nawet przy wietrze. Dostępny w kolorystyce bordowo-kremowej.', 89.00, 'artificial-flowers', '/products/stroik-nagrobny-z-rozami.svg', false, 16, now() - interval '33 days'),
  ('71af42b8-dd1c-44dd-8662-0895aa199c5d', 'Kompozycja w koszyku – sztuczne piwonie', 'Bujne sztuczne piwonie w wiklinowym koszyku. Wyglądają jak żywe, a cieszą oko przez lata.', 180.00, 'artificial-flowers', '/products/kompozycja-sztuczne-piwonie-w-koszyku.svg', false, 5, now() - interval '71 days'),
  ('2640513a-cf81-412b-bc95-ce942d27874d', 'Wiązanka ze sztucznych kalii', 'Elegancka wiązanka z białych kalii wykonanych z miękkiej pianki. Dobra na grób i do wazonu.', 65.00, 'artificial-flowers', '/products/wiazanka-z-kalii.svg', false, 20, now() - interval '104 days'),
  ('acd4f820-fcfd-426f-bebd-06b522f5989e', 'Sztuczne tulipany w wazonie', 'Żółte i czerwone tulipany z tkaniny w szklanym wazonie. Wiosenna dekoracja, która nie potrzebuje wody.', 45.00, 'artificial-flowers', '/products/sztuczne-tulipany-w-wazonie.svg', false, 24, now() - interval '199 days'),
  ('1547809e-0305-46b3-a282-b3230c221da1', 'Znicz szklany „Anioł”', 'Bursztynowy znicz z tłoczonym motywem anioła i złotą pokrywką. Wkład parafinowy pali się około 48 godzin.', 24.90, 'candles', '/products/znicz-szklany-aniol.svg', true, 60, now() - interval '5 days'),
  ('d00dcbee-904f-4aa2-86fe-79df4a2ab92f', 'Znicz czerwony klasyczny', 'Tradycyjny czerwony znicz z metalową pokrywką. Pali się około 30 godzin.', 6.99, 'candles', '/products/znicz-czerwony-klasyczny.svg', false, 200, now() - interval '27 days'),
  ('778c2b25-b6a0-4427-9f51-d7f58edb8994', 'Znicz bursztynowy wysoki', 'Wysoki znicz z bursztynowego szkła, stabilny i odporny na wiatr. Czas palenia około 3 dni.', 12.50, 'candles', '/products/znicz-bursztynowy-wysoki.svg', false, 90, now() - interval '58 days'),
  ('34f45ddd-1fb7-4a2c-ae2c-3db07da16fa9', 'Znicz duży „Serce”', 'Duży znicz w kształcie serca z czerwonego szkła. Wyjątkowa pamiątka dla bliskiej osoby.', 59.00, 'candles', '/products/znicz-serce.svg', false, 0, now() - interval '133 days'),
  ('e0dde119-890b-43b4-84ef-5a45c08492f2', 'Znicz zielony z pokrywką', 'Butelkowozielony znicz z ażurową pokrywką. Pasuje do jasnych i ciemnych nagrobków.', 9.90, 'candles', '/products/znicz-zielony.svg', false, 120, now() - interval '12 days'),
  ('f212a59a-5b55-4826-85e2-38f6fc233b56', 'Znicz biały z wkładem 3-dniowym', 'Mleczny, biały znicz z wkładem na trzy dni palenia. Spokojny i elegancki.', 18.90, 'candles', '/products/znicz-bialy-wklad-3-dni.svg', false, 75, now() - interval '96 days'),
  ('bce955f7-5d25-4dab-9c06-7209a233fa34', 'Znicz fioletowy „Krzyż”', 'Fioletowy znicz z motywem krzyża i złotą pokrywką. Wkład pali się około 72 godzin.', 29.00, 'candles', '/products/znicz-fioletowy-krzyz.svg', false, 40, now() - interval '177 days'),
  ('8c58a012-69d3-4104-808e-7008ac5b1be8', 'Kubek z widokiem Przemyśla', 'Ceramiczny kubek z panoramą Przemyśla i Zamkiem Kazimierzowskim. Pojemność 330 ml, można myć w zmywarce.', 35.00, 'souvenirs', '/products/kubek-z-widokiem-przemysla.svg', true, 30, now() - interval '21 days'),
  ('cff180b5-e9e4-4f38-bb91-57e49362ac82', 'Kubek z różą', 'Biały kubek z ręcznie malowaną różą. Miły upominek dla mamy, babci lub przyjaciółki.', 39.00, 'souvenirs', '/products/kubek-z-roza.svg', false, 22, now() - interval '1 days'),
  ('07c9ebe6-6c4e-4d51-8c16-fd89e24f793d', 'Magnes – panorama Przemyśla', 'Kolorowy magnes na lodówkę z panoramą miasta nad Sanem. Lekki i łatwy do zabrania w podróż.', 15.00, 'souvenirs', '/products/magnes-panorama-przemysla.svg', false, 150, now() - interval '46 days'),
  ('b4668e47-57bd-47e8-8cc3-7de99196453b', 'Magnes z herbem Przemyśla', 'Drewniany magnes z herbem miasta. Pamiątka z Podkarpacia dla gości z daleka.', 18.00, 'souvenirs', '/products/magnes-herb-przemysla.svg', false, 95, now() - interval '80 days'),
  ('c8c63bd5-191e-4e23-a66a-866bf69f27a9', 'Figurka Dobrego Wojaka Szwejka', 'Ręcznie malowana figurka Szwejka nawiązująca do słynnego przemyskiego pomnika. Wysokość około 12 cm.', 79.00, 'souvenirs', '/products/figurka-szwejka.svg', false, 8, now() - interval '160 days'),
  ('0ecc6b3c-0aae-492b-b483-8e32f330fc42', 'Zestaw pocztówek z Przemyśla', 'Pięć pocztówek z widokami Przemyśla i okolic. Idealne do wysłania pozdrowień lub do kolekcji.', 15.00, 'souvenirs', '/products/pocztowki-z-przemysla.svg', false, 60, now() - interval '110 days'),
  ('6de01154-c0e2-41e8-aa21-0f7110210b2e', 'Pudełko prezentowe z różą', 'Eleganckie pudełko z wieczną różą i wstążką. Gotowy prezent na urodziny, imieniny lub Dzień Matki.', 79.00, 'seasonal-gifts', '/products/pudelko-prezentowe-z-roza.svg', true, 15, now() - interval '7 days'),
  ('57e29576-8376-44a3-82b0-802c5e57c826', 'Kosz upominkowy', 'Wiklinowy kosz z winem, czekoladkami, owocami i domowymi konfiturami. Skomponujemy go według Twoich wskazówek.', 199.00, 'seasonal-gifts', '/products/kosz-upominkowy.svg', false, 6, now() - interval '52 days'),
  ('0e52c1e0-be84-4b92-97b2-8dedae25d202', 'Miś z sercem', 'Miękki, pluszowy miś trzymający czerwone serce. Wysokość 30 cm, przyjemny w dotyku.', 49.00, 'seasonal-gifts', '/products/mis-z-sercem.svg', false, 25, now() - interval '14 days'),
  ('c82b8a66-b15a-42ae-8d7a-ded1d2f8731f', 'Kolczyki srebrne – listki', 'Delikatne kolczyki w kształcie listków ze srebra próby 925. Pakujemy je w ozdobne pudełeczko.', 149.00, 'seasonal-gifts', '/products/kolczyki-srebrne-listki.svg', true, 10, now() - interval '30 days'),
  ('9d26d4b5-2cd8-418e-82b1-f49702dc2cb2', 'Pierścionek srebrny z cyrkonią', 'Srebrny pierścionek z błyszczącą cyrkonią, próba 925. Dostępne rozmiary od 11 do 20.', 189.00, 'seasonal-gifts', '/products/pierscionek-srebrny-z-cyrkonia.svg', false, 4, now() - interval '200 days'),
  ('5dbdb088-e271-418b-872a-c3af8c2ee784', 'Zawieszka srebrna – serce', 'Srebrne serduszko na cienkim łańcuszku o długości 45 cm. Subtelny prezent z okazji walentynek.', 129.00, 'seasonal-gifts', '/products/zawieszka-srebrna-serce.svg', false, 13, now() - interval '75 days');

-- Add-ons offered beside a bouquet ('Dodaj do bukietu', 'Może jeszcze…'; decision 039): ordinary products with their
-- own price, stock and withdrawal rule, marked is_addon. The teddy bear above is one too.
insert into public.products (id, name, description, price, category, image_url, is_featured, stock, is_addon, created_at) values
  ('ad0d0001-0000-4000-8000-000000000001', 'Wazon szklany', 'Prosty wazon z grubego, przejrzystego szkła, wysokość 25 cm. Bukiet przyjedzie już w wodzie.', 39.00, 'seasonal-gifts', '/products/wazon-szklany.svg', false, 20, true, now() - interval '9 days'),
  ('ad0d0001-0000-4000-8000-000000000002', 'Czekoladki w pudełku', 'Pudełko szesnastu pralin z mlecznej i gorzkiej czekolady, przewiązane czerwoną wstążką.', 35.00, 'seasonal-gifts', '/products/czekoladki.svg', false, 30, true, now() - interval '9 days'),
  ('ad0d0001-0000-4000-8000-000000000003', 'Balon z helem – serce', 'Foliowy balon w kształcie czerwonego serca, napełniony helem w dniu dostawy, na wstążce.', 25.00, 'seasonal-gifts', '/products/balon-z-helem.svg', false, 15, true, now() - interval '9 days'),
  ('ad0d0001-0000-4000-8000-000000000004', 'Świeca zapachowa w szkle', 'Sojowa świeca o zapachu wanilii i bursztynu w szklanym naczyniu, pali się około 30 godzin.', 45.00, 'seasonal-gifts', '/products/swieca-zapachowa.svg', false, 12, true, now() - interval '9 days');
update public.products set is_addon = true where id = '0e52c1e0-be84-4b92-97b2-8dedae25d202';

-- Bouquets, wreaths and arrangements are made for each order: their stock is not counted.
update public.products set made_to_order = true where id in (
  '811546a5-832e-49cf-b3c0-9e29122b2d96', '1fb40afb-bb35-4a5f-bc01-4ac64e781baa', 'facc36c5-b567-489c-9b89-10ed76599438',
  'f895807f-9581-4a92-a51b-1776cd7b21ca', '83f26a72-645b-4406-a466-2aed0712dad5', '3ea0bf64-ebb1-47b4-a3b9-e53e9949fa37',
  'bea852d0-603c-4330-9b83-7cc567875257', '71af42b8-dd1c-44dd-8662-0895aa199c5d', '2640513a-cf81-412b-bc95-ce942d27874d',
  '57e29576-8376-44a3-82b0-802c5e57c826');

-- Product safety (GPSR) for every non-floral product. PLACEHOLDERS: the shop
-- must replace them with each manufacturer's real name, address and contact
-- before selling; live flowers need none.
update public.products set
  manufacturer_name = 'Przykładowy Producent Dekoracji sp. z o.o. (dane przykładowe — do uzupełnienia)',
  manufacturer_address = 'ul. Przykładowa 1, 00-001 Warszawa, Polska (dane przykładowe)',
  manufacturer_contact = 'kontakt@producent.example, +48 000 000 000 (dane przykładowe)',
  safety_warnings = E'Produkt dekoracyjny, nie do spożycia.\nZawiera drobne elementy: przechowuj poza zasięgiem dzieci poniżej 3 lat.\nNie stawiaj w pobliżu otwartego ognia ani palących się zniczy.'
where category = 'artificial-flowers';
update public.products set
  manufacturer_name = 'Przykładowa Wytwórnia Zniczy sp. z o.o. (dane przykładowe — do uzupełnienia)',
  manufacturer_address = 'ul. Szklana 2, 00-002 Kraków, Polska (dane przykładowe)',
  manufacturer_contact = 'biuro@znicze.example, +48 000 000 001 (dane przykładowe)',
  safety_warnings = E'Nie zostawiaj palącego się znicza bez nadzoru.\nUstaw go na stabilnym, niepalnym podłożu, z dala od materiałów łatwopalnych.\nSzkło i pokrywka nagrzewają się: nie dotykaj ich podczas palenia.\nChroń przed dziećmi i zwierzętami.'
where category = 'candles';
update public.products set
  manufacturer_name = 'Przykładowe Pamiątki s.c. (dane przykładowe — do uzupełnienia)',
  manufacturer_address = 'ul. Pamiątkowa 3, 00-003 Rzeszów, Polska (dane przykładowe)',
  manufacturer_contact = 'sklep@pamiatki.example, www.pamiatki.example (dane przykładowe)',
  safety_warnings = 'Zawiera drobne elementy: przechowuj poza zasięgiem dzieci poniżej 3 lat.'
where category = 'souvenirs';
update public.products set
  safety_warnings = E'Ceramika: nie podgrzewaj pustego kubka w kuchence mikrofalowej, unikaj gwałtownej zmiany temperatury.\nPęknięty lub wyszczerbiony kubek wycofaj z użytku.'
where category = 'souvenirs' and name like 'Kubek%';
update public.products set
  manufacturer_name = 'Przykładowy Dostawca Upominków sp. z o.o. (dane przykładowe — do uzupełnienia)',
  manufacturer_address = 'ul. Prezentowa 4, 00-004 Lublin, Polska (dane przykładowe)',
  manufacturer_contact = 'kontakt@upominki.example, +48 000 000 002 (dane przykładowe)',
  safety_warnings = 'Zawiera drobne elementy: przechowuj poza zasięgiem dzieci poniżej 3 lat.'
where category = 'seasonal-gifts';
update public.products set
  safety_warnings = E'Zabawka dla dzieci powyżej 3 lat (drobne elementy: oczy, nosek, serce).\nPrać ręcznie w temperaturze do 30°C.'
where id = '0e52c1e0-be84-4b92-97b2-8dedae25d202';
update public.products set
  manufacturer_name = 'Przykładowa Pracownia Srebra sp. z o.o. (dane przykładowe — do uzupełnienia)',
  manufacturer_address = 'ul. Srebrna 5, 00-005 Gdańsk, Polska (dane przykładowe)',
  manufacturer_contact = 'pracownia@srebro.example, +48 000 000 003 (dane przykładowe)',
  safety_warnings = E'Srebro próby 925. Osoby uczulone na metale powinny zachować ostrożność.\nDrobne elementy: przechowuj poza zasięgiem dzieci.'
where id in ('c82b8a66-b15a-42ae-8d7a-ded1d2f8731f', '9d26d4b5-2cd8-418e-82b1-f49702dc2cb2', '5dbdb088-e271-418b-872a-c3af8c2ee784');

-- The gift basket is composed to the customer's wishes ('według Twoich
-- wskazówek'): made to their specification, so no right of withdrawal
-- (art. 38 pkt 3) - the admin form's per-product setting, shown seeded.
update public.products set withdrawal_rule = 'personalised' where id = '57e29576-8376-44a3-82b0-802c5e57c826';

-- Food and a candle have their own safety notes, not the gifts' toy warning; the balloon, filled with helium for the
-- day, goes flat within days: no withdrawal (art. 38 pkt 4), while the vase, the chocolates and the candle keep the
-- 14 days even in an order whose flowers do not.
update public.products set safety_warnings = E'Zawiera mleko, soję i może zawierać orzechy.\nPrzechowywać w suchym miejscu w temperaturze 15–20°C.'
where id = 'ad0d0001-0000-4000-8000-000000000002';
update public.products set safety_warnings = E'Nie zostawiaj palącej się świecy bez nadzoru.\nUstaw ją na stabilnym, niepalnym podłożu, z dala od dzieci i zwierząt.'
where id = 'ad0d0001-0000-4000-8000-000000000004';
update public.products set withdrawal_rule = 'perishable', safety_warnings = E'Nie dla dzieci poniżej 8 lat: niebezpieczeństwo uduszenia.\nNie wdychaj helu.'
where id = 'ad0d0001-0000-4000-8000-000000000003';

-- Bouquets sold in sizes, each priced and stocked on its own (decision 038); the product's price is its smallest size's.
insert into public.product_sizes (id, product_id, label, position, price, stock) values
  ('5e1a0001-0000-4000-8000-000000000001', 'facc36c5-b567-489c-9b89-10ed76599438', 'Mały', 0, 89.00, 6),
  ('5e1a0001-0000-4000-8000-000000000002', 'facc36c5-b567-489c-9b89-10ed76599438', 'Średni', 1, 119.00, 5),
  ('5e1a0001-0000-4000-8000-000000000003', 'facc36c5-b567-489c-9b89-10ed76599438', 'Duży', 2, 159.00, 4),
  ('5e1a0002-0000-4000-8000-000000000001', '1fb40afb-bb35-4a5f-bc01-4ac64e781baa', '15 tulipanów', 0, 99.00, 8),
  ('5e1a0002-0000-4000-8000-000000000002', '1fb40afb-bb35-4a5f-bc01-4ac64e781baa', '25 tulipanów', 1, 149.00, 6),
  ('5e1a0002-0000-4000-8000-000000000003', '1fb40afb-bb35-4a5f-bc01-4ac64e781baa', '35 tulipanów', 2, 199.00, 4);

insert into public.app_settings (key, value) values
  ('company_name', 'Kwiaciarnia Pod Różą'),
  ('company_address', 'ul. Przemyska 12, 37-740 Bircza'),
  ('company_phone', '+48 16 672 10 20'),
  ('company_email', 'kontakt@kwiaciarnia.local'),
  ('company_website', ''),
  ('payu_classic_pos_id', '145227'),
  ('payu_classic_pos_auth_key', 'local-pos-auth-key-change-me'),
  ('payu_classic_key2', 'local-payu-key2-change-me'),
  ('payu_classic_gateway_url', ''),
  ('payu_classic_success_url', ''),
  ('payu_classic_failure_url', ''),
  -- PayU REST 2.1 ('payu_api' = 'rest'; anything else keeps classic). 300746 is PayU's public sandbox POS; the
  -- secrets are local only, published here: deployed functions refuse them (SEEDED_PAYU_REST_SECRETS). Blank API URL:
  -- locally the PayU REST simulator; elsewhere set https://secure.payu.com (or the sandbox, https://secure.snd.payu.com).
  ('payu_api', 'rest'),
  ('payu_rest_api_url', ''),
  ('payu_rest_pos_id', '300746'),
  ('payu_rest_client_id', '300746'),
  ('payu_rest_client_secret', 'local-payu-rest-client-secret-change-me'),
  ('payu_rest_second_key', 'local-payu-rest-second-key-change-me'),
  ('payu_blik_code', 'true'),
  ('google_maps_api_key', ''),
  ('stripe_public_key', ''),
  ('stripe_secret_key', ''),
  -- Local only, published here: deployed functions refuse it (SEEDED_STRIPE_KEYS). Blank API URL: Stripe, or locally its simulator.
  ('stripe_webhook_secret', 'whsec_local_change_me'),
  ('stripe_api_url', ''),
  ('free_shipping_threshold', '300'),
  ('delivery_rate_per_km', '1.80'),
  ('store_hours', E'Pon–Pt 8:30–15:30\nSob 8:30–15:00\nNiedz. nieczynne'),
  ('bank_account_number', 'PL61 1090 1014 0000 0712 1981 2874'),
  ('bank_name', 'Bank Spółdzielczy w Birczy'),
  ('bank_account_holder', 'Kwiaciarnia Pod Różą'),
  ('bank_address', 'ul. Przemyska 12, 37-740 Bircza'),
  ('bank_swift', 'WBKPPLPP'),
  ('shop_origin_lat', '49.6919'),
  ('shop_origin_lng', '22.4797')
on conflict (key) do nothing;

-- Two running promotions (issue 19) with a price history that gives 'Najniższa cena z 30 dni przed obniżką'
-- something to say. Sample data: the trigger records prices from now on; the rows below stand in for the past.
do $$
declare
  v_today timestamptz := date_trunc('day', now() at time zone 'Europe/Warsaw') at time zone 'Europe/Warsaw';
  v_orchid constant uuid := '6b5c0cdb-3ef5-47b8-ba23-b8294c260d3f';
  v_mug constant uuid := '8c58a012-69d3-4104-808e-7008ac5b1be8';
begin
  update public.products set promo_price = 99, promo_starts_at = v_today - interval '2 days', promo_ends_at = v_today + interval '12 days'
    where id = v_orchid;
  update public.products set promo_price = 29, promo_starts_at = v_today - interval '1 day', promo_ends_at = v_today + interval '6 days'
    where id = v_mug;
  delete from public.product_price_history where product_id in (v_orchid, v_mug);
  insert into public.product_price_history (product_id, price, promo_price, promo_starts_at, promo_ends_at, recorded_at) values
    -- Storczyk: 129 zł since it was added, 119 zł for a week three weeks ago, now 99 zł: the Omnibus price is 119 zł.
    (v_orchid, 129, null, null, null, now() - interval '65 days'),
    (v_orchid, 129, 119, v_today - interval '25 days', v_today - interval '18 days', now() - interval '26 days'),
    (v_orchid, 129, 99, v_today - interval '2 days', v_today + interval '12 days', now() - interval '3 days'),
    -- Kubek: added 21 days ago at 32 zł, raised to 35 zł a week later, 29 zł since yesterday: younger than
    -- 30 days, so its whole life counts and the Omnibus price is 32 zł.
    (v_mug, 32, null, null, null, now() - interval '21 days'),
    (v_mug, 35, null, null, null, now() - interval '14 days'),
    (v_mug, 35, 29, v_today - interval '1 day', v_today + interval '6 days', now() - interval '2 days');
  -- Writing the column makes the trigger compute it again, from the history above.
  update public.products set lowest_price_30d = null where id in (v_orchid, v_mug);
end
$$;
