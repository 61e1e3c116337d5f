-- Hosted Supabase only (not a migration: pg_cron and pg_net are not in the
-- local Postgres, where the backend's own timers call these functions
-- instead: mail-dispatch every 10 s, payments-reconcile every minute). Run
-- once in the dashboard's SQL editor after the first deploy.
--   * mail-dispatch every minute: mail that failed, or that a status change
--     queued, goes out without anyone waiting for it.
--   * push-dispatch every minute: the pushes to the owner's devices (docs/push.md).
--   * payments-reconcile every minute: asks the gateways about payments still
--     pending after 3 minutes (a lost notification never leaves a paid order
--     unpaid) and cancels online orders nobody paid in time.
--   * owner-invoices every minute: issues the invoices of company orders
--     paid since (public.invoice_jobs, docs/decisions/036-vat-rates.md).
--   * ksef-send every minute: sends issued invoices to KSeF and keeps its
--     answer (docs/decisions/040-ksef-send.md); locally every 5 s.
--
-- Before running: Database → Extensions → enable pg_cron and pg_net; and
-- keep the project's secret key in Vault (Project Settings → API keys):
--   select vault.create_secret('<sb_secret_… key>', 'mail_dispatch_key');
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');

select cron.schedule(
  'mail-dispatch',
  '* * * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/mail-dispatch',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'mail_dispatch_key')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  );
  $$
);

-- push-dispatch every minute: pushes to the owner's devices (docs/push.md).
select cron.schedule(
  'push-dispatch',
  '* * * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/push-dispatch',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'mail_dispatch_key')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  );
  $$
);

select cron.schedule(
  'payments-reconcile',
  '* * * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/payments-reconcile',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'mail_dispatch_key')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  );
  $$
);

select cron.schedule(
  'owner-invoices',
  '* * * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/owner-invoices',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'mail_dispatch_key')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  );
  $$
);

select cron.schedule(
  'ksef-send',
  '* * * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/ksef-send',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'mail_dispatch_key')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 300000
  );
  $$
);

-- To stop one: select cron.unschedule('mail-dispatch'); (or 'push-dispatch', 'payments-reconcile', 'owner-invoices', 'ksef-send')
-- To see its runs: select * from cron.job_run_details order by start_time desc limit 20;
