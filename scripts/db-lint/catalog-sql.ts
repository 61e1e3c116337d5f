/** The catalogue queries and name lists the database lint rules (./rules.ts) are built from. */

/** Schemas splinter never looks into: the platform's own. */
export const SYSTEM_SCHEMAS = [
  '_timescaledb_cache',
  '_timescaledb_catalog',
  '_timescaledb_config',
  '_timescaledb_internal',
  'auth',
  'cron',
  'extensions',
  'graphql',
  'graphql_public',
  'information_schema',
  'net',
  'pgmq',
  'pgroonga',
  'pgsodium',
  'pgsodium_masks',
  'pgtle',
  'pgbouncer',
  'pg_catalog',
  'pg_toast',
  'realtime',
  'repack',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'tiger',
  'topology',
  'vault',
  // The local backend's own bookkeeping (server/local-backend/db/bootstrap.sql); not part of the app's schema.
  'local_meta',
]
  .map((schema) => `'${schema}'`)
  .join(', ');

/** The schemas PostgREST serves: `pgrst.db_schemas` as splinter reads it, else public (the local PostgREST's). */
export const API_SCHEMAS = `array(select trim(unnest(string_to_array(coalesce(nullif(current_setting('pgrst.db_schemas', true), ''), 'public'), ','))))`;

/** Not a member of an extension (splinter skips objects an extension owns). */
export const notExtensionMember = (oid: string) =>
  `not exists (select 1 from pg_catalog.pg_depend dep where dep.objid = ${oid} and dep.deptype = 'e')`;

export const ALWAYS_TRUE = `('true', '(true)', '1=1', '(1=1)')`;
export const normalized = (column: string) => `replace(replace(replace(lower(coalesce(${column}, '')), ' ', ''), E'\\n', ''), E'\\t', '')`;

/** Column names splinter's 0023 treats as sensitive (compared lower-case, '-' read as '_'). */
export const SENSITIVE_COLUMN_NAMES = [
  // credentials
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'secret',
  'secret_key',
  'private_key',
  'api_key',
  'apikey',
  'auth_key',
  'token',
  'jwt',
  'access_token',
  'refresh_token',
  'oauth_token',
  'session_token',
  'bearer_token',
  'auth_code',
  'session_id',
  'session_key',
  'session_secret',
  'recovery_code',
  'backup_code',
  'verification_code',
  'otp',
  'two_factor',
  '2fa_secret',
  '2fa_code',
  // personal identifiers
  'ssn',
  'social_security',
  'social_security_number',
  'driver_license',
  'drivers_license',
  'license_number',
  'passport_number',
  'passport_id',
  'national_id',
  'tax_id',
  // financial
  'credit_card',
  'card_number',
  'cvv',
  'cvc',
  'cvn',
  'bank_account',
  'account_number',
  'routing_number',
  'iban',
  'swift_code',
  'bic',
  // health
  'health_record',
  'medical_record',
  'patient_id',
  'insurance_number',
  'health_insurance',
  'medical_insurance',
  'treatment',
  // devices, keys, biometrics
  'mac_address',
  'macaddr',
  'imei',
  'device_uuid',
  'pgp_key',
  'gpg_key',
  'ssh_key',
  'certificate',
  'license_key',
  'activation_key',
  'facial_recognition',
]
  .map((name) => `'${name}'`)
  .join(', ');

/** Policies with their command and roles, as the policy rules read them. */
export const POLICIES = `
  select c.oid as table_oid, n.nspname as schema_name, c.relname as table_name, c.relrowsecurity as rls_on, p.polname as policy_name,
    p.polpermissive as permissive, p.polroles as role_oids,
    case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end as command,
    pg_catalog.pg_get_expr(p.polqual, p.polrelid) as qual,
    pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid) as with_check
  from pg_catalog.pg_policy p
  join pg_catalog.pg_class c on c.oid = p.polrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname not in (${SYSTEM_SCHEMAS})`;
